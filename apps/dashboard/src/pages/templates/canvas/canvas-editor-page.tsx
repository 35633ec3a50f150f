import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { messageOf } from '../../../api/problem';
import { getTemplate, templateKeys, updateTemplate, type Template } from '../../../api/templates';
import { Alert } from '../../../kit/alert';
import { Button } from '../../../kit/button';
import { QueryState } from '../../../kit/query-state';
import { SizeFields } from '../../../kit/size-fields';
import { CanvasBackground } from './canvas-background';
import { EditorCanvas } from './editor-canvas';
import { EditorProvider, useEditor } from './editor-context';
import { LayersPanel } from './layers-panel';
import { PropertiesPanel } from './properties-panel';
import { emptyDesign } from './empty-design';
import { previewValues } from '../sample-values';
import { CanvasInteractions } from './interactions/canvas-interactions';
import { TemplateActions } from '../template-actions';
import { Toolbar } from './toolbar';
import { ActiveLayoutProvider, saveBody, useActiveLayout } from './layouts/active-layout';
import { LayoutsPanel } from './layouts/layouts-panel';
import { EditLock, TryValuesNote, TryValuesProvider, useTryValues } from './variables/try-values';
import { UnsavedDesignProvider, useUnsavedDesign } from './unsaved-design';
import { VariablesPanel } from './variables/variables-panel';
import { designTooLarge } from './versions/design-size';
import { VersionsPanel } from './versions/versions-panel';
import { Section } from '../../../kit/page';
import { UseViaApi } from '../use-via-api';

/** The visual editor of a canvas (FabricJS) template: /templates/:uid/canvas. */
export default function CanvasEditorPage() {
  const { uid = '' } = useParams();
  const template = useQuery({ queryKey: templateKeys.one(uid), queryFn: () => getTemplate(uid) });
  return <QueryState query={template}>{(t) => <CanvasEditor key={t.uid} template={t} />}</QueryState>;
}

function CanvasEditor({ template }: { template: Template }) {
  const [width, setWidth] = useState(template.width);
  const [height, setHeight] = useState(template.height);
  // The canvas keeps its size while a number is being typed; a valid one applies at once.
  const size = useMemo(
    () => ({ width: clampSize(width, template.width), height: clampSize(height, template.height) }),
    [width, height, template],
  );
  useEffect(() => {
    document.title = `Edit ${template.name} · Pressroom`;
  }, [template.name]);
  const samples = useMemo(() => previewValues(template.variableDefinitions, {}), [template.variableDefinitions]);
  return (
    <EditorProvider initial={template.fabricJSData ?? emptyDesign()} size={size} samples={samples}>
      <ActiveLayoutProvider>
        <TryValuesProvider>
          <UnsavedDesignProvider width={size.width} height={size.height}>
            <div className="flex w-full flex-col gap-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h1 className="min-w-0 text-2xl font-semibold wrap-anywhere">Edit {template.name}</h1>
                <div className="flex flex-wrap items-center gap-3">
                  <TemplateActions template={template} renameable />
                  <Link className="text-sm text-indigo-700 underline" to="/templates">
                    All templates
                  </Link>
                </div>
              </div>
              <SaveBar template={template} width={width} height={height} onWidth={setWidth} onHeight={setHeight} />
              <TryValuesNote />
              {/* While tried values are shown the design cannot be edited: these controls are off (try-values.tsx). */}
              <EditLock>
                <Toolbar />
                <CanvasInteractions />
              </EditLock>
              <div className="grid gap-4 xl:grid-cols-[16rem_minmax(0,1fr)_20rem]">
                <EditLock>
                  <LayersPanel />
                </EditLock>
                <div className="flex min-w-0 flex-col gap-3">
                  <EditorCanvas />
                  <EditLock>
                    <CanvasBackground />
                  </EditLock>
                  <LayoutsPanel
                    template={template}
                    onSize={(next) => {
                      setWidth(next.width);
                      setHeight(next.height);
                    }}
                  />
                </div>
                <div className="flex min-w-0 flex-col gap-4">
                  <EditLock>
                    <PropertiesPanel />
                  </EditLock>
                  <VariablesPanel template={template} />
                  <VersionsPanel template={template} />
                  <Section title="Use via API">
                    <UseViaApi uid={template.uid} variables={samples} />
                  </Section>
                </div>
              </div>
            </div>
          </UnsavedDesignProvider>
        </TryValuesProvider>
      </ActiveLayoutProvider>
    </EditorProvider>
  );
}

function clampSize(value: number, fallback: number): number {
  return Number.isInteger(value) && value >= 1 && value <= 4000 ? value : fallback;
}

/** Size of the template and Save: PUT /templates/{uid} with the serialized design. */
function SaveBar(props: {
  template: Template;
  width: number;
  height: number;
  onWidth: (n: number) => void;
  onHeight: (n: number) => void;
}) {
  const editor = useEditor();
  const tryValues = useTryValues();
  const { target } = useActiveLayout();
  const unsaved = useUnsavedDesign();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      // Tried values are not saved; a design over the API's limits is refused here, before it is sent.
      const design = tryValues.designToSave(editor);
      const tooLarge = designTooLarge(design);
      if (tooLarge) throw new Error(tooLarge);
      // What is sent is what is saved: an edit made while the request runs stays unsaved.
      const state = unsaved.snapshot();
      // The open layout or page is what Save writes (the template's own design when neither is open).
      const body = saveBody(props.template, target, design, { width: props.width, height: props.height });
      return { saved: await updateTemplate(props.template.uid, body), state };
    },
    onSuccess: async ({ saved, state }) => {
      unsaved.markSaved(state);
      queryClient.setQueryData(templateKeys.one(saved.uid), saved);
      await queryClient.invalidateQueries({ queryKey: templateKeys.all, refetchType: 'none' });
    },
  });
  return (
    <form
      aria-label="Template size and save"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <SizeFields
        of="Template"
        width={props.width}
        height={props.height}
        onWidth={props.onWidth}
        onHeight={props.onHeight}
        error={save.error}
        fieldClassName="w-28"
      />
      <Button type="submit" busy={save.isPending} disabled={!editor.ready}>
        Save template
      </Button>
      <p aria-live="polite" className="text-sm">
        {unsaved.dirty ? (
          <span className="text-slate-700">Unsaved changes.</span>
        ) : (
          save.isSuccess && !save.isPending && <span className="text-green-800">Saved.</span>
        )}
      </p>
      {save.isError && <Alert>{messageOf(save.error)}</Alert>}
    </form>
  );
}
