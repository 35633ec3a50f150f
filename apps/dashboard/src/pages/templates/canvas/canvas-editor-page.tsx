import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { getTemplate, templateKeys, type Template } from '../../../api/templates';
import { NotFound } from '../../../kit/not-found';
import { QueryState } from '../../../kit/query-state';
import { sizeProblem } from '../../../kit/size-fields';
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
                one button, the tools in one sideways row): on a phone the whole canvas of a banner shows on the first
                screen. From lg the laptop's layout. */}
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
                {/* One row of tools (adding objects, history, arrange, view): wrapping on a laptop, sideways on a phone. */}
                <ToolRow>
                  <EditLock>
                    <Toolbar />
                    <CanvasInteractions />
                  </EditLock>
                </ToolRow>
                {/* The canvas column gets the width: the side columns are narrow on a laptop (1280–1535 px), wider on a
                  large screen; below xl the properties column goes under the layers and the canvas.
                  Below lg (a phone, a narrow window) the columns dissolve (`contents`) into one stack ordered for the
                  work: the canvas, then the selection's Properties, then Layers, then the rest in source order
                  (canvas background, Render, Layouts, Variables, Versions, Use via API). The source keeps the wide
                  screens' column order rather than the phone's: a column's panels must stack on their own, and as
                  items of one grid the canvas's row would take the height of the Properties beside it (a gap under
                  the canvas that changes with the selection). So on a phone the tab order visits Layers before the
                  canvas and Properties; on wide screens, where most editing happens, it follows the columns. */}
                <div className="grid grid-cols-[minmax(0,1fr)] gap-3 max-lg:gap-2 lg:grid-cols-[12rem_minmax(0,1fr)] xl:grid-cols-[12rem_minmax(0,1fr)_16rem] 2xl:grid-cols-[16rem_minmax(0,1fr)_20rem]">
                  {/* A grid of one: the Layers panel stretches down its column and keeps to its width, as an item of the
                    page's grid would. */}
                  <div className="grid grid-cols-[minmax(0,1fr)] max-lg:-order-1">
                    <EditLock>
                      <LayersPanel />
                    </EditLock>
                  </div>
                  <div className="contents min-w-0 flex-col gap-3 lg:flex">
                    <div className="max-lg:-order-3">
                      <EditorCanvas />
                    </div>
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
                  <div className="contents min-w-0 flex-col gap-3 lg:col-span-2 lg:flex xl:col-span-1">
                    <div className="max-lg:-order-2">
                      <EditLock>
                        <PropertiesPanel />
                      </EditLock>
                    </div>
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
