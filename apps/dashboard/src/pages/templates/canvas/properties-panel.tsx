import { FabricImage, FabricText, Rect, Shadow, Textbox, type FabricObject } from 'fabric';
import { objectPlaceholder } from '../../../canvas/colour-previews';
import { Button } from '../../../kit/button';
import { plural } from '../../../kit/plural';
import { useEditor } from './editor-context';
import { FillEditor } from './fill-editor';
import { fitImage, type ImageFit } from './image-fit';
import { layerName, objectKey } from './layer-names';
import { CheckField, ChoiceField, ColorField, FieldGroup, NumberField } from './property-fields';
import { TextProperties } from './text-properties';
import { fitText } from './text-fit';
import { useDesignVariableNames } from './variables/design-variable-names';
import { useTryValues } from './variables/try-values';

/**
 * The properties of the selected object; a multi-selection is edited object by object (pick it in Layers). `tried`:
 * the values under Variables, for the way to see the design filled in while nothing is selected.
 */
export function PropertiesPanel({ tried }: { tried: Record<string, string> }) {
  const editor = useEditor();
  const object = editor.selection.length === 1 ? editor.selection[0] : undefined;
  return (
    <section aria-label="Properties" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <h2 className="text-lg font-semibold">Properties</h2>
      {editor.selection.length === 0 && <p className="text-sm text-slate-700">Select an object on the canvas or in the layers list.</p>}
      {editor.selection.length === 0 && <FilledInHint tried={tried} />}
      {editor.selection.length > 1 && <p className="text-sm text-slate-700">{plural(editor.selection.length, 'object')} selected.</p>}
      {object && <ObjectProperties key={objectKey(object)} object={object} />}
    </section>
  );
}

/**
 * A design opened from the gallery shows its variables as `{{title}}`: said beside the canvas, where a designer looks
 * first, with the way to see it filled in (the Variables panel's Try values on canvas, which is further down).
 */
function FilledInHint({ tried }: { tried: Record<string, string> }) {
  const editor = useEditor();
  const tryValues = useTryValues();
  const { names, valuesToRender } = useDesignVariableNames();
  if (!editor.ready || tryValues.trying || names.length === 0) return null;
  return (
    <>
      <p className="text-sm text-slate-700">
        Words in double braces, such as <code className="font-mono">{`{{${names[0]}}}`}</code>, are filled in each render, with the values
        under Variables.
      </p>
      <Button variant="secondary" className="self-start" onClick={() => void tryValues.start(editor, valuesToRender(tried))}>
        Show it filled in
      </Button>
    </>
  );
}

function ObjectProperties({ object }: { object: FabricObject }) {
  const editor = useEditor();
  const set = (props: Partial<FabricObject>) => {
    object.set(props);
    object.setCoords();
    editor.changed();
  };
  const corner = object.getPointByOrigin('left', 'top');
  // A text box rewraps to its width (no height of its own); any text (an IText from elsewhere too) has its words and font.
  const isText = object instanceof Textbox;
  const anyText = object instanceof FabricText;
  const isLine = object.type.toLowerCase() === 'line';
  return (
    <div className="flex flex-col gap-3" aria-label={`Properties of ${layerName(object)}`}>
      <p className="text-sm font-medium">{layerName(object)}</p>
      <FieldGroup title="Position and size">
        <NumberField
          label="X"
          value={corner.x}
          onChange={(x) => {
            object.setPositionByOrigin(object.getPointByOrigin('left', 'top').setX(x), 'left', 'top');
            set({});
          }}
        />
        <NumberField
          label="Y"
          value={corner.y}
          onChange={(y) => {
            object.setPositionByOrigin(object.getPointByOrigin('left', 'top').setY(y), 'left', 'top');
            set({});
          }}
        />
        <NumberField
          label="Width"
          value={object.getScaledWidth()}
          min={1}
          max={8000}
          onChange={(w) => resize(object, 'x', w, editor.changed)}
        />
        {!isText && (
          <NumberField
            label="Height"
            value={object.getScaledHeight()}
            min={1}
            max={8000}
            onChange={(h) => resize(object, 'y', h, editor.changed)}
          />
        )}
        <NumberField label="Rotation (°)" value={object.angle} min={-360} max={360} onChange={(angle) => set({ angle })} />
        <NumberField label="Opacity (%)" value={object.opacity * 100} min={0} max={100} onChange={(o) => set({ opacity: o / 100 })} />
      </FieldGroup>
      {anyText && <TextProperties text={object} />}
      {!anyText && !isLine && !(object instanceof FabricImage) && object.type.toLowerCase() !== 'group' && <FillEditor object={object} />}
      <StrokeFields object={object} line={isLine} />
      {object instanceof Rect && (
        <FieldGroup title="Corners">
          <NumberField
            label="Corner radius"
            value={object.rx}
            min={0}
            max={2000}
            onChange={(r) => set({ rx: r, ry: r } as Partial<FabricObject>)}
          />
        </FieldGroup>
      )}
      <ShadowFields object={object} />
      {object instanceof FabricImage && (
        <FieldGroup title="Image">
          <ChoiceField<ImageFit | ''>
            label="Fit into the box"
            value={object.imageFit ?? ''}
            options={[
              ['', 'As placed'],
              ['cover', 'Cover (fill, crop the overflow)'],
              ['contain', 'Contain (whole image)'],
              ['crop', 'Crop (original pixel size)'],
            ]}
            onChange={(fit) => {
              if (!fit) return;
              fitImage(object, fit);
              editor.changed();
            }}
          />
        </FieldGroup>
      )}
    </div>
  );
}

/** Width/height: text boxes and rectangles change their own size (text rewraps, corners stay round); others scale. */
function resize(object: FabricObject, axis: 'x' | 'y', size: number, changed: () => void) {
  if (object instanceof Textbox) {
    object.set({ width: size / object.scaleX });
    object.initDimensions();
    fitText(object);
  } else if (object instanceof Rect) {
    if (axis === 'x') object.set({ width: size / object.scaleX - object.strokeWidth });
    else object.set({ height: size / object.scaleY - object.strokeWidth });
  } else {
    const natural = axis === 'x' ? object.width + object.strokeWidth : object.height + object.strokeWidth;
    object.set(axis === 'x' ? { scaleX: size / natural } : { scaleY: size / natural });
  }
  object.setCoords();
  changed();
}

/** The width a stroke turned on gets when the object had none (new objects have 0: NO_STROKE in object-factory.ts). */
const STROKE_ON_WIDTH = 2;

/**
 * Stroke: a switch, as for the shadow, then its colour and width. Without one the fields said "#000000, 1" of an
 * object that draws no stroke, and a width typed there drew nothing. A line is its stroke: its fields are always there.
 */
function StrokeFields({ object, line }: { object: FabricObject; line: boolean }) {
  const editor = useEditor();
  const set = (props: Partial<FabricObject>) => {
    object.set(props);
    object.setCoords();
    editor.changed();
  };
  const on = line || (object.stroke !== null && object.stroke !== undefined && object.stroke !== '');
  return (
    <FieldGroup title="Stroke">
      {!line && (
        <div className="col-span-2">
          <CheckField
            label="Stroke"
            checked={on}
            onChange={(next) =>
              set(
                next
                  ? { stroke: '#000000', strokeWidth: object.strokeWidth > 0 ? object.strokeWidth : STROKE_ON_WIDTH }
                  : { stroke: null, strokeWidth: 0 },
              )
            }
          />
        </div>
      )}
      {on && (
        <>
          <ColorField
            label="Stroke colour"
            value={typeof object.stroke === 'string' ? object.stroke : '#000000'}
            onChange={(stroke) => set({ stroke })}
            placeholder={objectPlaceholder(object, 'stroke')}
          />
          <NumberField label="Stroke width" value={object.strokeWidth} min={0} max={500} onChange={(strokeWidth) => set({ strokeWidth })} />
        </>
      )}
    </FieldGroup>
  );
}

function ShadowFields({ object }: { object: FabricObject }) {
  const editor = useEditor();
  const shadow = object.shadow instanceof Shadow ? object.shadow : null;
  const setShadow = (props: Partial<Pick<Shadow, 'color' | 'blur' | 'offsetX' | 'offsetY'>>) => {
    object.set('shadow', new Shadow({ color: '#00000080', blur: 10, offsetX: 6, offsetY: 6, ...shadow?.toObject(), ...props }));
    editor.changed();
  };
  return (
    <FieldGroup title="Shadow">
      <div className="col-span-2">
        <CheckField
          label="Shadow"
          checked={!!shadow}
          onChange={(on) => {
            if (on) setShadow({});
            else {
              object.set('shadow', null);
              editor.changed();
            }
          }}
        />
      </div>
      {shadow && (
        <>
          <ColorField label="Shadow colour" value={shadow.color} onChange={(color) => setShadow({ color })} />
          <NumberField label="Shadow blur" value={shadow.blur} min={0} max={500} onChange={(blur) => setShadow({ blur })} />
          <NumberField
            label="Shadow X offset"
            value={shadow.offsetX}
            min={-1000}
            max={1000}
            onChange={(offsetX) => setShadow({ offsetX })}
          />
          <NumberField
            label="Shadow Y offset"
            value={shadow.offsetY}
            min={-1000}
            max={1000}
            onChange={(offsetY) => setShadow({ offsetY })}
          />
        </>
      )}
    </FieldGroup>
  );
}
