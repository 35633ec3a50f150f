import type { VideoTemplateView } from '@pressroom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import {
  compilerErrorsOf,
  getSceneModule,
  getVideoTemplate,
  saveCodeTemplate,
  videoCodeKeys,
  type CompilerError,
} from '../../api/video-code';
import { messageOf } from '../../api/problem';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { CodeEditorLoading } from '../../kit/code-editor-box';
import { TextField } from '../../kit/field';
import { fieldError } from '../../kit/form';
import { LiveMessage } from '../../kit/live-message';
import { Page, Section } from '../../kit/page';
import { NotFound } from '../../kit/not-found';
import { QueryState } from '../../kit/query-state';
import { UnsavedChangesGuard } from '../../kit/unsaved-changes';
import { saveShortcutProps, useSaveShortcut } from '../../kit/use-save-shortcut';
import { CompileErrorList } from './compile-error-list';
import { NewCodeTemplate } from './new-code-template';
import { RenderPanel } from './render-panel';
import { ScenePlayer } from './scene-player';

// CodeMirror is its own chunk, shared with the HTML template editor.
const TsxEditor = lazy(() => import('./tsx-editor'));

/** /video/templates/:uid/code: a code template's TSX, compiled on save, with the player and renders. */
export default function CodeTemplatePage() {
  const { uid = 'new' } = useParams();
  const template = useQuery({ queryKey: videoCodeKeys.one(uid), queryFn: () => getVideoTemplate(uid), enabled: uid !== 'new' });
  if (uid === 'new') return <NewCodeTemplate />;
  return (
    <QueryState
      query={template}
      missing={<NotFound what="video template" id={uid} back={{ to: '/video', label: 'All video templates' }} />}
    >
      {(t) =>
        t.kind === 'code' ? (
          <CodeEditorView key={t.uid} template={t} />
        ) : (
          // A timeline template has no TSX; it is edited in the timeline studio.
          <Page title={t.name}>
            <Alert>This is a timeline template: it has no TSX scene to edit here.</Alert>
          </Page>
        )
      }
    </QueryState>
  );
}

function CodeEditorView({ template }: { template: VideoTemplateView }) {
  const queries = useQueryClient();
  const [name, setName] = useState(template.name);
  const [tsx, setTsx] = useState(template.tsx ?? '');
  const [saved, setSaved] = useState(template);
  const [errors, setErrors] = useState<CompilerError[]>([]);
  const [jumpTo, setJumpTo] = useState<{ line: number; column: number; at: number } | null>(null);
  // Keyed by the save it was compiled from, so it never goes stale (a refetch would restart the player).
  const scene = useQuery({
    queryKey: videoCodeKeys.module(saved.uid, saved.updatedAt),
    queryFn: () => getSceneModule(saved.uid),
    staleTime: Infinity,
  });

  const save = useMutation({
    mutationFn: () => saveCodeTemplate(saved.uid, { name, tsx }),
    onSuccess: (next) => {
      setErrors([]);
      setSaved(next);
      queries.setQueryData(videoCodeKeys.one(next.uid), next);
    },
    onError: (error) => setErrors(compilerErrorsOf(error) ?? []),
  });
  /** Save and compile, from its button or Ctrl+S (Cmd+S) anywhere on the page, the code editor too. */
  const saveScene = () => save.mutate();
  useSaveShortcut(saveScene, { disabled: save.isPending });
  const sceneChanged = tsx !== (saved.tsx ?? '');
  const dirty = sceneChanged || name !== saved.name;
  // A refused name stands beside its field (which gets focus, as a kit form's first refused field does); a 422 shows
  // as the list and the editor's diagnostics; anything else (a lost connection, a 404) as an alert.
  const nameRefusal = fieldError(save.error, 'name');
  const nameField = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (nameRefusal !== undefined) nameField.current?.querySelector('input')?.focus();
  }, [save.error, nameRefusal]);
  const otherFailure = save.isError && compilerErrorsOf(save.error) === null && nameRefusal === undefined ? messageOf(save.error) : null;

  return (
    <Page
      title={saved.name}
      actions={
        <>
          <LiveMessage inline>{dirty ? 'Unsaved changes.' : ''}</LiveMessage>
          <Button busy={save.isPending} onClick={saveScene} {...saveShortcutProps()}>
            {save.isPending ? 'Saving…' : 'Save and compile'}
          </Button>
        </>
      }
    >
      <UnsavedChangesGuard dirty={dirty} description="The scene has changes that are not saved yet." />
      {/* Saved with the scene by Save and compile: a template made from the list starts as "Untitled scene". */}
      <div ref={nameField}>
        <TextField label="Template name" value={name} onChange={(e) => setName(e.target.value)} error={nameRefusal} />
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-sm text-slate-600">
            One TSX scene: <code>export default</code> a component and <code>export const meta</code> (size, fps, length, default props).
            Imports: remotion, @remotion/paths, react, zod.
          </p>
          <Suspense fallback={<CodeEditorLoading height="min-h-96" text={tsx} />}>
            <TsxEditor value={tsx} onChange={setTsx} label="Scene (TSX)" errors={errors} jumpTo={jumpTo} />
          </Suspense>
          {sceneChanged && !save.isPending && <p className="text-xs text-slate-600">Unsaved changes: the preview shows the saved scene.</p>}
          {save.isSuccess && !dirty && <LiveMessage tone="success">Saved and compiled.</LiveMessage>}
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <CompileErrorList errors={errors} onJump={(place) => setJumpTo({ ...place, at: Date.now() })} />
          {otherFailure && <Alert>{otherFailure}</Alert>}
          <Section title="Preview">
            <QueryState query={scene}>{(module) => <ScenePlayer scene={module} />}</QueryState>
          </Section>
          <Section title="Render">
            <RenderPanel uid={saved.uid} dirty={dirty} save={() => save.mutateAsync()} />
          </Section>
        </div>
      </div>
    </Page>
  );
}
