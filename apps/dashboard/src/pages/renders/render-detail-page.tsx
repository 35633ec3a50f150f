import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isValidElement, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { batchPath } from '../../api/batches';
import { deleteRender, getRenderDetail, renderFileUrl, renderKeys } from '../../api/renders';
import { messageOf } from '../../api/problem';
import { getTemplate, templateKeys } from '../../api/templates';
import { templatePathOf } from './template-path';
import { deletedTemplateLabel } from '../templates/template-name';
import { Facts } from '../../kit/facts';
import { CopyButton } from '../../kit/copy-button';
import { Alert } from '../../kit/alert';
import { Button, buttonClass } from '../../kit/button';
import { ConfirmDialog } from '../../kit/dialog';
import { Instant } from '../../kit/instant';
import { formatBytes } from '../../kit/format-bytes';
import { Page, Section } from '../../kit/page';
import { NotFound } from '../../kit/not-found';
import { QueryState } from '../../kit/query-state';
import { RenderPreview } from './render-preview';
import { detailLabel, detailValue, formatName, kindLabel, originLabel, SHOWN_APART } from './render-facts';
import { askedUrlOf, nextStepOf, timeoutHintOf } from './failed-render-help';
import { batchRowText } from './batch-row';
import { layoutName } from '../batches/layout-choices';
import { renderStatusWord } from './render-status-words';

/** One render: the result, what was asked, how long each step took, and the problem when it failed. */
export default function RenderDetailPage() {
  const { id = '' } = useParams();
  const render = useQuery({ queryKey: renderKeys.one(id), queryFn: () => getRenderDetail(id) });
  // Opened from the list: "All renders" goes back to it with its filters.
  const from = (useLocation().state as { listSearch?: unknown } | null)?.listSearch;
  const listPath = typeof from === 'string' && from ? `/renders?${from}` : '/renders';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Deleted: back to the list it came from, which says so (renders-page.tsx). The list is left first, so this page's
  // own query is not asked again for a render that is gone (a flash of "Render not found").
  const remove = useMutation({
    mutationFn: () => deleteRender(id),
    onSuccess: async () => {
      await navigate(listPath, { state: { deleted: id } });
      queryClient.removeQueries({ queryKey: renderKeys.one(id) });
      await queryClient.invalidateQueries({ queryKey: ['renders'] });
    },
  });
  return (
    <QueryState query={render} missing={<NotFound what="render" id={id} back={{ to: listPath, label: 'All renders' }} />}>
      {(r) => (
        <Page
          title={`Render ${r.id}`}
          actions={
            <>
              <Link className={buttonClass('secondary')} to={listPath}>
                All renders
              </Link>
              {r.url && (
                <a className={buttonClass('primary')} href={renderFileUrl(r.id)} download>
                  Download
                </a>
              )}
              {/* The API refuses to delete a render still queued or rendering (its file would be stored after). */}
              {(r.status === 'done' || r.status === 'failed') && (
                <ConfirmDialog
                  trigger={
                    <Button variant="danger" busy={remove.isPending}>
                      Delete render
                    </Button>
                  }
                  title={`Delete render ${r.id}?`}
                  description={
                    r.url
                      ? `The render and its file are deleted for good${r.userStorageUrl ? ', the copy in your custom storage too' : ''}: links to the file stop working.`
                      : 'The render is deleted from the history for good.'
                  }
                  action="Delete render"
                  onConfirm={() => remove.mutate()}
                />
              )}
            </>
          }
        >
          {remove.isError && <Alert>{messageOf(remove.error)}</Alert>}
          {r.problem && (
            <Alert>
              <p className="font-medium">{r.problem.title}</p>
              <p>{r.problem.detail}</p>
              {timeoutHintOf(r) && <p>{timeoutHintOf(r)}</p>}
              <a className="underline" href={r.problem.type}>
                About this problem
              </a>
            </Alert>
          )}
          <NextStep render={r} />
          {r.status === 'done' && (
            <Section title="Result">
              <RenderPreview render={r} size="large" />
              {/* The file's public address, to paste into a page or a message (the playground's result shows it too). */}
              {r.url && <FileAddress label="File address" url={r.url} copyName={`Copy address of ${r.id}`} />}
            </Section>
          )}
          {(r.userStorageUrl ?? r.userStorageError) && (
            <Section title="Custom storage">
              {r.userStorageUrl && (
                <FileAddress label="Copied to your storage" url={r.userStorageUrl} copyName={`Copy address in your storage of ${r.id}`} />
              )}
              {r.userStorageError && <Alert>The copy to your storage failed: {r.userStorageError}</Alert>}
            </Section>
          )}
          <Section title="Details">
            <Pairs
              values={{
                Kind: kindLabel(r.kind),
                Status: renderStatusWord(r.status),
                'Came from': originLabel(r.parameters.origin, r.parameters.via),
                // A batch row's render: which row of which batch, linked to the batch's page (its results link here).
                ...(r.batch
                  ? {
                      Batch: <BatchRowLink batch={r.batch} templateUid={r.templateUid} />,
                    }
                  : {}),
                ...(askedUrlOf(r.parameters) ? { 'Page address': askedUrlOf(r.parameters) } : {}),
                ...(r.templateUid
                  ? { Template: <TemplateLink uid={r.templateUid} name={r.templateName} video={r.kind === 'video'} /> }
                  : {}),
                // Written as the rest of the dashboard writes formats (PNG, WebP), not the API's lower-case value.
                Format: formatName(r.parameters.format),
                // A PDF's size is its page size, in points, among its details below: said once.
                ...(r.kind === 'pdf' ? {} : { Size: sizeOf(r.parameters.width, r.parameters.height) }),
                // A failure has no file; a file gone after retention shows a dash.
                ...(r.status === 'done' ? { 'File size': r.bytes === null ? null : formatBytes(r.bytes) } : {}),
                // A failure gives its cost back when it is marked failed (docs/limits.md): the row keeps what it would have cost.
                Credits: r.status === 'failed' ? 'None: a failed render is not charged' : r.parameters.cost,
                ...Object.fromEntries(
                  Object.entries(r.parameters)
                    .filter(([key]) => !SHOWN_APART.has(key))
                    .map(([key, value]) => [
                      detailLabel(key),
                      key === 'variables' && isValues(value) ? <FilledValues values={value} /> : detailValue(key, value),
                    ]),
                ),
              }}
            />
          </Section>
          <Section title="Timings">
            <Pairs
              values={{
                Created: instant(r.timings.createdAt),
                Started: instant(r.timings.startedAt),
                [r.status === 'failed' ? 'Failed' : 'Completed']: instant(r.timings.completedAt),
                'Waited in queue': r.timings.queuedMs === null ? null : `${r.timings.queuedMs} ms`,
                Rendering: r.timings.renderMs === null ? null : `${r.timings.renderMs} ms`,
                Total: r.timings.totalMs === null ? null : `${r.timings.totalMs} ms`,
              }}
            />
          </Section>
        </Page>
      )}
    </QueryState>
  );
}

/** An address of the render's file, as a link, with a button copying it (named for the render, as the Assets cards' are). */
function FileAddress({ label, url, copyName }: { label: string; url: string; copyName: string }) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="break-all">
        {label}:{' '}
        <a className="text-indigo-700 underline" href={url}>
          {url}
        </a>
      </p>
      <CopyButton text={url} label="Copy address" name={copyName} />
    </div>
  );
}

/** A failed render's way on: its template's editor, or the playground with the same source (failed-render-help.ts). */
function NextStep({ render }: { render: Parameters<typeof nextStepOf>[0] }) {
  const step = nextStepOf(render);
  if (!step) return null;
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm">
      <Link className={buttonClass('primary')} to={step.to} state={step.state}>
        {step.label}
      </Link>
      <span className="text-slate-600">
        {step.kind === 'batch'
          ? step.state.batch.variableSets
            ? `Opens Batches with this template, One PDF chosen and the ${step.state.batch.variableSets.length === 1 ? 'row' : `${step.state.batch.variableSets.length} rows`} this PDF was made of, to change them or make it again.`
            : 'The rows of this PDF were not kept (too large to keep): opens Batches with this template and One PDF chosen, to paste them again.'
          : step.kind === 'template'
            ? step.state
              ? 'Opens the template’s editor with the values this render used, where you can change them or the template and render it again.'
              : 'Opens the template’s editor, where you can change it and render it again.'
            : step.state.source === 'url'
              ? 'Opens the playground with this page address, to try it again with other settings.'
              : 'Opens the playground on its HTML source: the HTML of a render is not kept, so paste it there.'}
      </span>
    </p>
  );
}

/** The batch row that made the render, linked to the batch's page, its size named as that page names it. */
function BatchRowLink({ batch, templateUid }: { batch: Parameters<typeof batchRowText>[0]; templateUid: string | null }) {
  // Read whole for its sizes' names (the render names its template itself); under the editors' key, as they read it.
  const template = useQuery({
    queryKey: templateKeys.one(templateUid ?? ''),
    queryFn: () => getTemplate(templateUid ?? ''),
    enabled: templateUid !== null && batch.layout !== undefined,
    retry: false,
  });
  return (
    <Link className="text-indigo-700 underline" to={batchPath(batch.id)}>
      {batchRowText(batch, (key) => layoutName(template.data, key))}
    </Link>
  );
}

/**
 * The render's template by the name the render carries (GET /renders/{id} joins it), linked to its editor; its uid
 * alone, said deleted, once the template is gone (the API names it null then).
 */
function TemplateLink({ uid, name, video }: { uid: string; name: string | null | undefined; video: boolean }) {
  if (!name) return <span>{deletedTemplateLabel(uid)}</span>;
  return (
    <Link className="text-indigo-700 underline" to={templatePathOf(video ? 'video' : 'image', uid)}>
      {name} <span className="text-slate-600">({uid})</span>
    </Link>
  );
}

/** A plain object of values (a render's variables), not a list nor a single value. */
function isValues(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isValidElement(value);
}

/**
 * The values a render filled in, one a line as "name: value" in the order sent, instead of the API's JSON (which
 * reads as code to a designer); a value that is itself a list or an object stays JSON.
 */
function FilledValues({ values }: { values: Record<string, unknown> }) {
  const entries = Object.entries(values);
  if (entries.length === 0) return <>None</>;
  return (
    <ul aria-label="Values filled in" className="flex flex-col gap-0.5">
      {entries.map(([name, value]) => (
        <li key={name}>
          <span className="font-mono text-slate-700">{name}</span>: {typeof value === 'string' ? value : JSON.stringify(value)}
        </li>
      ))}
    </ul>
  );
}

/** Width × height, when the render has both. */
function sizeOf(width: unknown, height: unknown): string | null {
  return typeof width === 'number' && typeof height === 'number' ? `${width} × ${height}` : null;
}

/** A size as people read it; other objects as JSON. */
function shown(value: object): string {
  const size = value as { width?: unknown; height?: unknown };
  if (Object.keys(value).length === 2 && typeof size.width === 'number' && typeof size.height === 'number') {
    return `${size.width} × ${size.height}`;
  }
  return JSON.stringify(value);
}

/** A timestamp as the kit shows it; a step not reached yet is empty (a dash). */
/**
 * A render's instants, to the second and with the reader's time zone: created, started and completed usually fall in
 * one minute, and they are what is compared with the services' logs when a render is looked into.
 */
const instant = (iso: string | null | undefined): ReactNode => (iso ? <Instant iso={iso} zone seconds /> : null);

function shownValue(v: unknown): ReactNode {
  if (v === null || v === undefined) return '—';
  if (isValidElement(v)) return v;
  if (typeof v === 'object') return shown(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  // A file the render stored beside its result (a video's poster frame): a link to open, not text to copy.
  if (typeof v === 'string' && /^https?:\/\//.test(v)) {
    return (
      <a className="break-all text-indigo-700 underline" href={v}>
        {v}
      </a>
    );
  }
  return String(v);
}

function Pairs({ values }: { values: Record<string, unknown> }) {
  return <Facts rows={Object.entries(values).map(([k, v]) => [k, shownValue(v)] as const)} />;
}
