import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  batchArchiveUrl,
  batchEventsUrl,
  batchKeys,
  batchPath,
  batchResults,
  cancelBatch,
  retryBatch,
  FINAL_STATUSES,
  type BatchProgress,
  type BatchResult,
} from '../../api/batches';
import { messageOf } from '../../api/problem';
import { Alert } from '../../kit/alert';
import { Button, buttonClass } from '../../kit/button';
import { LiveMessage } from '../../kit/live-message';
import { Section } from '../../kit/page';
import { plural } from '../../kit/plural';
import { SelectField } from '../../kit/select-field';
import { Table } from '../../kit/table';
import { variablesOf } from '../templates/variable-names';
import { useBatchTemplate } from './batch-template';
import { batchSettled, progressOfResults, SETTLING_POLL_MS } from './batch-settled';
import { progressText } from './item-counts';
import { layoutName } from './layout-choices';
import { progressChanged } from './progress-change';
import { failedRowCount } from './retry-rows';
import { keyValues } from './row-values';
import { StatusBadge } from '../../kit/status-badge';

/** The ZIP's default naming: row numbers only. */
const ROW_NUMBER = '';

/**
 * Live progress (server-sent events), then the results table, the ZIP download; cancel while it runs. The page's h1
 * names the batch (its template's name and start date), this section gives its id; each result shows the row's first
 * values and, when it rendered, a small picture of it.
 */
export function BatchRun({ batchId }: { batchId: string }) {
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const finished = progress !== null && FINAL_STATUSES.includes(progress.status);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The last progress the Recent batches table was refreshed for: it says the same as this panel at every step.
  const told = useRef<BatchProgress | null>(null);
  useEffect(() => {
    const source = new EventSource(batchEventsUrl(batchId));
    source.addEventListener('progress', (e) => {
      const next = JSON.parse((e as MessageEvent<string>).data) as BatchProgress;
      setProgress(next);
      if (progressChanged(told.current, next)) {
        told.current = next;
        void queryClient.invalidateQueries({ queryKey: batchKeys.recent });
      }
      // The server ends the stream after a terminal state: do not let the browser reconnect then.
      if (FINAL_STATUSES.includes(next.status)) source.close();
    });
    // Any other end (the API restarting or shutting down: docs/api.md) is the browser's to reconnect, and the
    // new stream starts with the current progress.
    return () => source.close();
  }, [batchId, queryClient]);
  // Read once at the start (the page's title: template and date) and again when the batch has finished (its results),
  // then, while rows that were rendering at a Cancel still finish, until every row has its outcome.
  const results = useQuery({
    queryKey: batchKeys.results(batchId, finished),
    queryFn: () => batchResults(batchId),
    // What the page shows stays while the finished results load.
    placeholderData: (previous) => previous,
    refetchInterval: (query) => {
      const data = query.state.data;
      return finished && data && !batchSettled(progressOfResults(data)) ? SETTLING_POLL_MS : false;
    },
  });
  // Those late rows' outcomes come after the live progress ended: the panel (and Recent batches) take the read counts.
  useEffect(() => {
    if (!finished || !results.data || results.isPlaceholderData) return;
    const read = progressOfResults(results.data);
    if (!FINAL_STATUSES.includes(read.status) || !progressChanged(told.current, read)) return;
    told.current = read;
    setProgress(read);
    void queryClient.invalidateQueries({ queryKey: batchKeys.recent });
  }, [finished, results.data, results.isPlaceholderData, queryClient]);
  // Its sizes' names and its variables' order; none once deleted (the API's layout keys and the rows' order then).
  const template = useBatchTemplate(results.data);
  // A row's size as the form named it (the layout's display name, not the API's key).
  const sizeOf = (r: BatchResult) => (r.layout ? layoutName(template, r.layout) : '');
  const order = template ? variablesOf(template.html ?? '', template.variableDefinitions).map((v) => v.name) : [];
  // The ZIP can name files after a variable the rows gave a value (the template's order first).
  const given = new Set((results.data?.results ?? []).flatMap((r) => Object.keys(r.variables ?? {})));
  const namable = [...order.filter((name) => given.has(name)), ...[...given].filter((name) => !order.includes(name)).sort()];
  const [nameBy, setNameBy] = useState(ROW_NUMBER);
  const cancel = useMutation({ mutationFn: () => cancelBatch(batchId) });
  // The failed rows again, as a new batch the API makes of them (same template, format and sizes); it opens on its own page.
  const failedRows = finished && results.data ? failedRowCount(results.data.results) : 0;
  const again = useMutation({
    mutationFn: () => retryBatch(batchId),
    onSuccess: (started) => {
      void queryClient.invalidateQueries({ queryKey: batchKeys.recent });
      void navigate(batchPath(started.batchId));
    },
  });
  const done = progress ? progress.completed + progress.failed + progress.cancelled : 0;
  return (
    <Section
      title="Progress and results"
      actions={
        finished && progress.completed === 0 ? (
          // Nothing was rendered: a ZIP would be empty.
          <p className="text-sm text-slate-700">No files to download: no row was rendered.</p>
        ) : finished ? (
          <div className="flex flex-wrap items-end gap-2">
            {namable.length > 0 && (
              <SelectField
                label="Name files by"
                value={nameBy}
                onChange={(e) => setNameBy(e.target.value)}
                options={[[ROW_NUMBER, 'Row number'], ...namable.map((name) => [name, `Row number and ${name}`] as const)]}
              />
            )}
            <a
              className={buttonClass('primary')}
              href={batchArchiveUrl(batchId, nameBy || undefined)}
              // Saved under the readable name the server gives (<template>-<date>.zip, Content-Disposition's filename*).
              download
            >
              Download ZIP
            </a>
          </div>
        ) : (
          <Button variant="danger" busy={cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel batch
          </Button>
        )
      }
    >
      {results.data && <p className="-mt-2 text-xs text-slate-600">Batch {batchId}</p>}
      {cancel.isError && <Alert>{messageOf(cancel.error)}</Alert>}
      <label className="flex flex-col gap-1 text-sm">
        Progress
        <progress
          max={progress?.total ?? 1}
          value={done}
          className="w-full"
          data-outcome={finished && progress.completed === 0 && progress.failed > 0 ? 'failed' : undefined}
        />
      </label>
      <LiveMessage>{progress ? progressText(progress) : 'Waiting for progress…'}</LiveMessage>
      {results.isError && <Alert>{messageOf(results.error)}</Alert>}
      {failedRows > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" busy={again.isPending} onClick={() => again.mutate()}>
            Render the {plural(failedRows, 'failed row')} again
          </Button>
          <span className="text-sm text-slate-600">
            A new batch of only these rows, with the values they had; edit the template first if they failed because of it.
          </span>
        </div>
      )}
      {again.isError && <Alert>{messageOf(again.error)}</Alert>}
      {/* Not from the placeholder (the rows read before the batch finished): the table would list fewer files a moment. */}
      {finished && results.data && !results.isPlaceholderData && (
        <Table
          caption="Results"
          captionVisible
          rows={results.data.results}
          rowKey={(r) => `${r.index}-${r.layout ?? ''}`}
          empty="No results."
          columns={[
            {
              header: 'Row',
              // The row's render page (what was asked, timings, the problem), which links back here.
              cell: (r) =>
                r.imageId ? (
                  <Link
                    className="text-indigo-700 underline"
                    to={`/renders/${encodeURIComponent(r.imageId)}`}
                    aria-label={`Render of row ${r.index + 1}${r.layout ? `, ${sizeOf(r)}` : ''}`}
                  >
                    {r.index + 1}
                  </Link>
                ) : (
                  r.index + 1
                ),
            },
            { header: 'Values', cell: (r) => <RowValues values={keyValues(r.variables, order)} /> },
            // A batch of one layout has no layout names to show.
            ...(results.data.results.some((r) => r.layout) ? [{ header: 'Size', cell: sizeOf }] : []),
            {
              header: 'Preview',
              cell: (r) =>
                r.url ? (
                  <img
                    src={r.url}
                    alt={`Row ${r.index + 1}${r.layout ? `, ${sizeOf(r)}` : ''}`}
                    loading="lazy"
                    className="h-12 w-20 rounded border border-slate-200 bg-slate-50 object-contain"
                  />
                ) : (
                  '—'
                ),
            },
            {
              header: 'Result',
              cell: (r) =>
                r.success ? (
                  <StatusBadge tone="good">Done</StatusBadge>
                ) : (
                  <>
                    <StatusBadge tone="bad">Failed</StatusBadge>
                    <p className="mt-1 text-xs text-red-800 wrap-anywhere">{r.error ?? r.errorCode ?? ''}</p>
                  </>
                ),
            },
            {
              header: 'File',
              cell: (r) =>
                r.url ? (
                  <a className="text-indigo-700 underline" href={r.url}>
                    Row {r.index + 1} file
                  </a>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
    </Section>
  );
}

/** A row's first values as "name: value" lines. */
function RowValues({ values }: { values: Array<readonly [string, string]> }) {
  if (values.length === 0) return <span className="text-slate-600">—</span>;
  return (
    <ul className="flex flex-col text-xs">
      {values.map(([name, text]) => (
        <li key={name}>
          <span className="text-slate-600">{name}:</span> {text}
        </li>
      ))}
    </ul>
  );
}
