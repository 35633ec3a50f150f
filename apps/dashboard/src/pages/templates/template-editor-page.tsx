import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { messageOf } from '../../api/problem';
import { getTemplate, saveTemplate, templateKeys, type Template, type TemplateDraft } from '../../api/templates';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { CodeEditorLoading } from '../../kit/code-editor-box';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { LiveMessage } from '../../kit/live-message';
import { Page, Section } from '../../kit/page';
import { pluralNoun } from '../../kit/plural';
import { NotFound } from '../../kit/not-found';
import { QueryState } from '../../kit/query-state';
import { SizeFields } from '../../kit/size-fields';
import { UnsavedChangesGuard } from '../../kit/unsaved-changes';
import { saveShortcutProps, useSaveShortcut } from '../../kit/use-save-shortcut';
import { attachSavedThumbnail } from './thumbnail';
import { TemplateActions } from './template-actions';
import { editorPathOf } from '../../canvas/editor-path';
import { DefinitionsEditor } from './definitions-editor';
import { HtmlVersions } from './html-versions';
import { TemplateRender } from './template-render';
import { LayoutsPanel } from './layouts-panel';
import { NewCanvasTemplate, TemplateKindChoice, type TemplateKind } from './new-template-kind';
import { UseViaApi } from './use-via-api';
import { useLivePreview } from './use-live-preview';
import { previewValues } from './sample-values';
import { useRememberedValues } from './remembered-values';
import { unclosedPlaceholderLines, variablesOf } from './variable-names';
import { VariableInput } from './variable-input';
import { saveConflictOf } from '../../api/save-conflict';
import { SaveConflictAlert } from './save-conflict-alert';
import { focusNextPageHeading } from '../../app/focus-page-heading';

// CodeMirror is its own chunk: nobody pays for it until they open an editor.
const CodeEditor = lazy(() => import('../../kit/html-editor'));

const STARTER = `<body style="margin:0;display:grid;place-items:center;height:100vh;background:{{ default(background, '#4338ca') }};color:#fff;font:64px sans-serif">
  <h1>{{ title }}</h1>
</body>`;

const EMPTY: TemplateDraft = {
  name: 'Untitled template',
  html: STARTER,
  width: 1200,
  height: 630,
  strictVariables: false,
  variableDefinitions: [],
  layouts: {},
};

function draftOf(t: Template): TemplateDraft {
  return {
    name: t.name,
    html: t.html ?? '',
    width: t.width,
    height: t.height,
    strictVariables: t.strictVariables,
    variableDefinitions: t.variableDefinitions,
    layouts: t.layouts,
  };
}

export default function TemplateEditorPage() {
  const { uid = 'new' } = useParams();
  const existing = useQuery({ queryKey: templateKeys.one(uid), queryFn: () => getTemplate(uid), enabled: uid !== 'new' });
  const { state } = useLocation();
  if (uid === 'new') return <NewTemplate />;
  return (
    <QueryState query={existing} missing={<NotFound what="template" id={uid} back={{ to: '/templates', label: 'All templates' }} />}>
      {(template) =>
        template.html === null ? (
          // A canvas (FabricJS) template opens in the visual editor, with what this page was sent (a failed render's values).
          <Navigate replace to={editorPathOf(template)} state={state} />
        ) : (
          <Editor key={template.uid} template={template} initial={draftOf(template)} />
        )
      }
    </QueryState>
  );
}

/** A new template: HTML (this page's code editor) or Canvas (created at a size, then opened in the visual editor). */
function NewTemplate() {
  const [kind, setKind] = useState<TemplateKind>('html');
  const choice = <TemplateKindChoice kind={kind} onChange={setKind} />;
  if (kind === 'html') return <Editor key="new" initial={EMPTY} intro={choice} />;
  return (
    <Page title="New template">
      {choice}
      <Section title="Canvas">
        <NewCanvasTemplate />
      </Section>
    </Page>
  );
}

/** The HTML editor: `template` is the saved template (absent on the new-template page), `initial` the form's start. */
function Editor({ template, initial, intro }: { template?: Template; initial: TemplateDraft; intro?: ReactNode }) {
  const uid = template?.uid;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TemplateDraft>(initial);
  // What the server holds, as this form last sent or loaded it: Render saves first when the form differs.
  const [savedDraft, setSavedDraft] = useState<TemplateDraft>(initial);
  // The revision the form's content comes from, kept from when it was opened (not the query's, which a refetch
  // moves on): a save sends it as If-Match, so one over someone else's newer save is refused, not silently made.
  const [revision, setRevision] = useState(template?.etag);
  // The values typed on the new-template page come along when it is created (they are not part of the template),
  // and a failed render's Render again brings the values that render used (failed-render-help.ts).
  const carried = (useLocation().state as { values?: Record<string, unknown> } | null)?.values;
  const [values, setValues] = useRememberedValues<Record<string, unknown>>(uid, { initial: carried });
  const [layout, setLayout] = useState('default');
  const unsaved = JSON.stringify(draft) !== JSON.stringify(savedDraft);
  const patch = (p: Partial<TemplateDraft>) => setDraft((d) => ({ ...d, ...p }));

  const variables = useMemo(() => variablesOf(draft.html, draft.variableDefinitions), [draft.html, draft.variableDefinitions]);
  const unclosed = useMemo(() => unclosedPlaceholderLines(draft.html), [draft.html]);
  // What the inputs show and the preview renders: typed values, else defaults or samples (a strict template opens cleanly).
  const shown = useMemo(() => previewValues(variables, values), [variables, values]);
  const given = Object.fromEntries(Object.entries(shown).filter(([, v]) => v !== undefined));
  const size =
    layout === 'default'
      ? { width: draft.width, height: draft.height }
      : { width: draft.layouts[layout]?.width ?? draft.width, height: draft.layouts[layout]?.height ?? draft.height };
  const preview = useLivePreview(
    draft.html.trim()
      ? {
          html: draft.html,
          variables: given,
          variableDefinitions: draft.variableDefinitions.filter((d) => d.name.trim() !== ''),
          strictVariables: draft.strictVariables,
          layout: size,
        }
      : null,
  );

  const save = useMutation({
    // `over`: the newer revision a conflict named, when the person chose to save theirs over it.
    mutationFn: async (over?: string) => ({ ...(await saveTemplate(uid, draft, { ifMatch: over ?? revision })), sent: draft }),
    onSuccess: async ({ template: saved, version, sent }) => {
      setSavedDraft(sent);
      setRevision(saved.etag);
      // Not awaited, and a refusal is not the save's failure: the card keeps what it showed.
      void attachSavedThumbnail({ template: saved, version })
        .then((attached) => (attached ? queryClient.invalidateQueries({ queryKey: templateKeys.all }) : undefined))
        .catch(() => {});
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
      // What was just created is saved: going to its page does not ask (this render has not seen setSavedDraft yet).
      if (!uid) {
        // Focus goes on to the new template's heading rather than to the document (the page's words change).
        focusNextPageHeading();
        await navigate(`/templates/${saved.uid}`, { state: { values, discardUnsaved: true } });
      }
    },
  });

  /** Save (Create on the new-template page), from its button or Ctrl+S (Cmd+S) anywhere on the page. */
  const saveDraft = () => save.mutate(undefined);
  useSaveShortcut(saveDraft, { disabled: save.isPending });

  const conflict = saveConflictOf(save.error);
  const [loadingTheirs, setLoadingTheirs] = useState(false);
  /** After a conflict: the template as it is now replaces the form (the person confirmed discarding theirs). */
  const loadTheirs = async () => {
    if (!uid) return;
    setLoadingTheirs(true);
    try {
      const fresh = await getTemplate(uid);
      save.reset();
      setDraft(draftOf(fresh));
      setSavedDraft(draftOf(fresh));
      setRevision(fresh.etag);
      queryClient.setQueryData(templateKeys.one(uid), fresh);
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
    } finally {
      setLoadingTheirs(false);
    }
  };

  return (
    <Page
      title={uid ? `Edit ${initial.name}` : 'New template'}
      actions={
        template && (
          // As in the canvas editor: the template's actions, and the way back to the gallery.
          <div className="flex flex-wrap items-center gap-3">
            <TemplateActions template={template} />
            <Link className="text-sm text-indigo-700 underline" to="/templates">
              All templates
            </Link>
          </div>
        )
      }
    >
      {intro}
      <UnsavedChangesGuard dirty={unsaved} description="The template has changes that are not saved yet." />
      {/* min-w-0: the code blocks of Use via API scroll inside their card instead of widening the page on phones. */}
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Section title="Design">
          <Form
            label="Template"
            onSubmit={saveDraft}
            // A conflict is told beside Save, with what can be done about it.
            error={conflict ? null : save.error}
            fields={['name', 'html', 'width', 'height', 'variableDefinitions', 'layouts']}
          >
            <TextField
              label="Template name"
              value={draft.name}
              onChange={(e) => patch({ name: e.target.value })}
              error={fieldError(save.error, 'name')}
            />
            <div className="grid grid-cols-2 gap-3">
              <SizeFields
                width={draft.width}
                height={draft.height}
                onWidth={(width) => patch({ width })}
                onHeight={(height) => patch({ height })}
                error={save.error}
              />
            </div>
            <div className="flex flex-col gap-1">
              <span className="text-sm font-medium" id="html-label">
                HTML
              </span>
              <Suspense fallback={<CodeEditorLoading height="min-h-64" text={draft.html} />}>
                <CodeEditor label="HTML" value={draft.html} onChange={(html) => patch({ html })} error={fieldError(save.error, 'html')} />
              </Suspense>
              {unclosed.length > 0 && (
                <p className="text-sm text-amber-800" role="note">
                  {pluralNoun(unclosed.length, 'Line')} {unclosed.join(', ')}: a <code>{'{{'}</code> with no <code>{'}}'}</code> after it is
                  shown as text, not filled in.
                </p>
              )}
            </div>
            {/* Plain words for the API's strictVariables; "strict mode" stays in the hint, the name its refusals use. */}
            <div className="flex flex-col gap-1">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  aria-describedby="strict-variables-hint"
                  checked={draft.strictVariables}
                  onChange={(e) => patch({ strictVariables: e.target.checked })}
                />
                Refuse renders with a variable missing
              </label>
              <p id="strict-variables-hint" className="text-xs text-slate-600">
                Strict mode: a render without a value for every variable is refused, naming the missing ones, instead of rendering anyway.
              </p>
            </div>
            {/* What Save did, beside it (as the canvas editor's save bar): the page's top is out of view here. */}
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" busy={save.isPending} {...saveShortcutProps()}>
                {uid ? 'Save template' : 'Create template'}
              </Button>
              {uid && (
                <LiveMessage inline tone={unsaved ? 'neutral' : 'success'}>
                  {unsaved ? 'Unsaved changes.' : save.isSuccess && !save.isPending && 'Saved.'}
                </LiveMessage>
              )}
            </div>
            {conflict && (
              <SaveConflictAlert
                conflict={conflict}
                busy={save.isPending || loadingTheirs}
                onLoadTheirs={() => void loadTheirs()}
                onSaveMine={() => save.mutate(conflict.etag ?? '*')}
              />
            )}
          </Form>
        </Section>
        <Section title="Live preview">
          <LiveMessage small>
            {preview.pending ? 'Rendering…' : `Rendered by Pressroom at ${size.width}×${size.height}; previews are free.`}
          </LiveMessage>
          {preview.error != null && <Alert>{messageOf(preview.error)}</Alert>}
          {preview.url && (
            <figure className="flex flex-col gap-1">
              {/* Kept, faded, while the HTML or the values do not render: the last picture that did. */}
              <img
                src={preview.url}
                alt="Live preview"
                className={`w-full rounded border border-slate-200 ${preview.error != null ? 'opacity-40' : ''}`}
              />
              {preview.error != null && (
                <figcaption className="text-xs text-slate-600">The last preview that rendered, before the error above.</figcaption>
              )}
            </figure>
          )}
        </Section>
        <Section title="Variables">
          {variables.length === 0 && <p className="text-sm text-slate-700">This template reads no variables.</p>}
          {variables.map((d) => (
            <VariableInput
              key={d.name}
              definition={d}
              value={shown[d.name]}
              onChange={(v) => setValues((all) => ({ ...all, [d.name]: v }))}
            />
          ))}
        </Section>
        {uid && (
          <Section title="Render">
            {/* With unsaved changes it saves first, through this form's save: its refusals stand beside these fields. */}
            <TemplateRender
              uid={uid}
              variables={given}
              layout={layout}
              size={size}
              printsOnPaper={template?.outputFormat === 'pdf'}
              unsaved={unsaved}
              saving={save.isPending}
              save={() => save.mutateAsync(undefined)}
            />
          </Section>
        )}
        <Section title="Layouts">
          <LayoutsPanel draft={draft} selected={layout} onSelect={setLayout} onChange={(layouts) => patch({ layouts })} />
        </Section>
        <Section title="Variable definitions">
          <DefinitionsEditor
            value={draft.variableDefinitions}
            onChange={(variableDefinitions) => patch({ variableDefinitions })}
            error={save.error}
          />
        </Section>
        {uid && (
          <Section title="Versions">
            <HtmlVersions
              uid={uid}
              onRestored={(restored) => {
                save.reset();
                setDraft(draftOf(restored));
                setSavedDraft(draftOf(restored));
                setRevision(restored.etag);
              }}
            />
          </Section>
        )}
        {uid && (
          <Section title="Use via API">
            <UseViaApi uid={uid} variables={given} layout={layout} />
          </Section>
        )}
      </div>
    </Page>
  );
}
