import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { getTemplate, templateKeys, type Template } from '../../../api/templates';
import { NotFound } from '../../../kit/not-found';
import { QueryState } from '../../../kit/query-state';
import { sizeProblem } from '../../../kit/image-side';
import { CanvasBackground } from './canvas-background';
import { EditorCanvas } from './editor-canvas';
import { EditorProvider } from './editor-context';
import { LayersPanel } from './layers-panel';
import { PropertiesPanel } from './properties-panel';
import { emptyDesign } from './empty-design';
import { previewValues } from '../sample-values';
import { useRememberedValues } from '../remembered-values';
import { CanvasInteractions } from './interactions/canvas-interactions';
import { TemplateActions } from '../template-actions';
import { Toolbar } from './toolbar';
import { ToolRow } from './tool-row';
import { NarrowDisclosure } from './narrow-disclosure';
import { ActiveLayoutProvider } from './layouts/active-layout';
import { LayoutsPanel } from './layouts/layouts-panel';
import { EditLock, TryValuesNote, TryValuesProvider } from './variables/try-values';
import { UnsavedDesignProvider } from './unsaved-design';
import { CanvasSaveProvider, SaveBar, useCanvasSave } from './save-bar';
import { VariablesPanel } from './variables/variables-panel';
import { carriedTriedValues } from './variables/carried-values';
import { CarriedValuesNote } from './variables/carried-values-note';
import { RenderPanel } from './render-panel';
import { VersionsPanel } from './versions/versions-panel';
import { UseViaApiPanel } from './use-via-api-panel';
import { useFocusKeptInPanels } from './keep-focus';

/** The visual editor of a canvas (FabricJS) template: /templates/:uid/canvas. */
export default function CanvasEditorPage() {
  const { uid = '' } = useParams();
  const template = useQuery({ queryKey: templateKeys.one(uid), queryFn: () => getTemplate(uid) });
  return (
    <QueryState query={template} missing={<NotFound what="template" id={uid} back={{ to: '/templates', label: 'All templates' }} />}>
      {(t) => <CanvasEditor key={t.uid} template={t} />}
    </QueryState>
  );
}

function CanvasEditor({ template }: { template: Template }) {
  const location = useLocation();
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
  useFocusKeptInPanels();
  const samples = useMemo(() => previewValues(template.variableDefinitions, {}), [template.variableDefinitions]);
  // The values typed to try in Variables: the canvas shows them on request, the Render panel renders with them. A
  // failed render's "Render again" brings the values that render used (through the template page's redirect).
  const [carried] = useState(() => carriedTriedValues(location.state));
  const [tried, setTried] = useRememberedValues<Record<string, string>>(template.uid, {
    initial: carried,
    accept: (v) => typeof v === 'string',
  });
  return (
    <EditorProvider initial={template.fabricJSData ?? emptyDesign()} size={size} samples={samples}>
      <ActiveLayoutProvider>
        <TryValuesProvider>
          <UnsavedDesignProvider width={size.width} height={size.height} definitions={template.variableDefinitions}>
            {/* One save for the save bar and the Variables panel's "Save and render". */}
            <CanvasSaveProvider
              template={template}
              width={width}
              height={height}
              onSize={(next) => {
                setWidth(next.width);
                setHeight(next.height);
              }}
            >
              {/* Below lg the chrome above the canvas is compact (smaller title and gaps, the template's actions behind
                one button; on a phone, below sm, the tools in one sideways row): on a phone the whole canvas of a
                banner shows on the first screen. From lg the laptop's layout. */}
              <div className="flex w-full flex-col gap-3 max-lg:gap-2">
                <div className="flex flex-wrap items-center justify-between gap-3 max-lg:gap-2">
                  <h1 className="min-w-0 text-2xl font-semibold wrap-anywhere max-lg:text-xl">Edit {template.name}</h1>
                  <div className="flex flex-wrap items-center gap-3">
                    <NarrowDisclosure label="Template actions">
                      <CanvasTemplateActions template={template} />
                    </NarrowDisclosure>
                    <Link className="text-sm text-indigo-700 underline" to="/templates">
                      All templates
                    </Link>
                  </div>
                </div>
                <SaveBar width={width} height={height} onWidth={setWidth} onHeight={setHeight} />
                <CarriedValuesNote values={carried} />
                <TryValuesNote />
                {/* While tried values are shown the design cannot be edited: these controls are off (try-values.tsx). */}
                {/* One row of tools (adding objects, history, arrange, view): wrapping from a tablet up, sideways on a phone. */}
                <ToolRow>
                  <EditLock>
                    <Toolbar />
                    <CanvasInteractions />
                  </EditLock>
                </ToolRow>
                {/* The panels in one order for every width, the order of the work: the canvas, the selection's
                  Properties, Layers, then the rest (canvas background, Render, Layouts; Variables, Versions, Use via
                  API). Tab and a screen reader follow it; the grid places them (areas by row and column, not CSS
                  `order`, so what is read is what is seen):
                  - below lg (a phone, a narrow window) one column in that order;
                  - lg (1024–1279 px): Layers in a narrow column on the left, beside the canvas, with Properties right
                    under the canvas, then the rest; Variables, Versions and Use via API across both columns below;
                  - from xl (1280 px): Layers left, the canvas and its rest in the middle, Properties and its rest on
                    the right (narrow on a laptop, wider on a large screen).
                  Rows: the canvas has the first row to itself, so its height is the canvas area's alone. Properties,
                  Layers and the middle column's rest span into the one flexible row below it, and an item spanning a
                  flexible row grows that row only: a tall Properties never leaves a gap under the canvas. */}
                <div className="grid grid-cols-[minmax(0,1fr)] gap-3 max-lg:gap-2 lg:grid-cols-[12rem_minmax(0,1fr)] lg:grid-rows-[auto_auto_1fr_auto] xl:grid-cols-[12rem_minmax(0,1fr)_16rem] xl:grid-rows-[auto_1fr_auto] 2xl:grid-cols-[16rem_minmax(0,1fr)_20rem]">
                  <div data-editor-area="canvas" className="min-w-0 lg:col-start-2 lg:row-start-1">
                    <EditorCanvas />
                  </div>
                  <div
                    data-editor-area="properties"
                    className="min-w-0 lg:col-start-2 lg:row-start-2 lg:self-start xl:col-start-3 xl:row-span-2 xl:row-start-1"
                  >
                    <EditLock>
                      <PropertiesPanel tried={tried} />
                    </EditLock>
                  </div>
                  {/* A grid of one: the Layers panel stretches down its column and keeps to its width. */}
                  <div
                    data-editor-area="layers"
                    className="grid min-w-0 grid-cols-[minmax(0,1fr)] lg:col-start-1 lg:row-span-3 lg:row-start-1"
                  >
                    <EditLock>
                      <LayersPanel />
                    </EditLock>
                  </div>
                  <div
                    data-editor-area="canvas-rest"
                    className="flex min-w-0 flex-col gap-3 max-lg:gap-2 lg:col-start-2 lg:row-start-3 lg:self-start xl:row-span-2 xl:row-start-2"
                  >
                    <EditLock>
                      <CanvasBackground />
                    </EditLock>
                    {/* Render before Layouts: making the picture is what a first visit comes for; other sizes come later. */}
                    <RenderPanel template={template} tried={tried} size={size} />
                    <LayoutsPanel
                      template={template}
                      onSize={(next) => {
                        setWidth(next.width);
                        setHeight(next.height);
                      }}
                    />
                  </div>
                  <div
                    data-editor-area="side-rest"
                    className="flex min-w-0 flex-col gap-3 max-lg:gap-2 lg:col-span-2 lg:col-start-1 lg:row-start-4 xl:col-span-1 xl:col-start-3 xl:row-start-3 xl:self-start"
                  >
                    <VariablesPanel tried={tried} onTried={setTried} />
                    <VersionsPanel template={template} />
                    <UseViaApiPanel uid={template.uid} tried={tried} />
                  </div>
                </div>
              </div>
            </CanvasSaveProvider>
          </UnsavedDesignProvider>
        </TryValuesProvider>
      </ActiveLayoutProvider>
    </EditorProvider>
  );
}

/** Rename, Duplicate, Delete; a rename's new revision is the one Save sends next (else Save would be refused as stale). */
function CanvasTemplateActions({ template }: { template: Template }) {
  const { revision, keepRevision, loadSaved } = useCanvasSave();
  return (
    <TemplateActions
      template={template}
      renameable
      ifMatch={revision}
      onRenamed={(saved) => keepRevision(saved.etag)}
      onLoadTheirs={loadSaved}
    />
  );
}

/** A side the API takes (an image's limits), else `fallback`: the canvas is never drawn at a size the template cannot have. */
function clampSize(value: number, fallback: number): number {
  return sizeProblem(value) === undefined ? value : fallback;
}
