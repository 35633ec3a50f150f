import type { FabricObject } from 'fabric';
import { useState, type DragEvent } from 'react';
import { useEditor } from './editor-context';
import { boundVariables, layerName, objectKey } from './layer-names';
import { isLocked, moveLayer, setLocked } from './layer-actions';
import { useTryValues } from './variables/try-values';
import { LiveMessage } from '../../../kit/live-message';

const ICON_BUTTON =
  'rounded border border-slate-300 bg-white px-1 py-0.5 text-xs hover:bg-slate-100 disabled:text-slate-400 aria-disabled:text-slate-400';

/**
 * The objects top-first (the top of the list is drawn last, in front). Each row selects its object and has
 * buttons to move it up/down, hide and lock it, and a name field on a line of its own (it was squeezed beside the
 * buttons to a few characters in a narrow column); rows can also be dragged to a new place.
 */
export function LayersPanel() {
  const editor = useEditor();
  const { canvas } = editor;
  const { trying } = useTryValues();
  const [dragged, setDragged] = useState<number | null>(null);
  // Where Up or Down put the layer, read out (focus stays on the button; the list's new order says nothing by itself).
  const [moved, setMoved] = useState('');
  const objects = canvas ? [...canvas.getObjects()].reverse() : [];
  const count = objects.length;
  // List position (top-first) to canvas index (bottom-first).
  const indexOf = (row: number) => count - 1 - row;
  const drop = (event: DragEvent, row: number) => {
    event.preventDefault();
    // Not while tried values are shown: the buttons are off then (EditLock), and so is a drop.
    if (dragged === null || !canvas || trying) return;
    moveLayer(canvas, objects[dragged]!, indexOf(row));
    setDragged(null);
    editor.changed();
  };
  return (
    <section aria-label="Layers" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2 shadow-sm">
      <h2 className="text-lg font-semibold">Layers</h2>
      {count === 0 && <p className="text-sm text-slate-700">No objects yet: add one from the toolbar.</p>}
      <ol className="flex flex-col gap-1" aria-label="Layers, front to back">
        {objects.map((object, row) => (
          <LayerRow
            key={objectKey(object)}
            object={object}
            first={row === 0}
            last={row === count - 1}
            selected={editor.selection.includes(object)}
            onDragStart={() => setDragged(row)}
            onDrop={(e) => drop(e, row)}
            onMove={(delta) => {
              if (!canvas) return;
              moveLayer(canvas, object, indexOf(row) + delta);
              editor.changed();
              setMoved(`${layerName(object)}: ${row - delta + 1} of ${count}, front to back.`);
            }}
          />
        ))}
      </ol>
      <LiveMessage className="sr-only">{moved}</LiveMessage>
    </section>
  );
}

function LayerRow(props: {
  object: FabricObject;
  first: boolean;
  last: boolean;
  selected: boolean;
  onDragStart: () => void;
  onDrop: (event: DragEvent) => void;
  onMove: (delta: number) => void;
}) {
  const editor = useEditor();
  const { object } = props;
  const name = layerName(object);
  const locked = isLocked(object);
  const variables = boundVariables(object);
  return (
    <li
      draggable
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        props.onDragStart();
      }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={props.onDrop}
      className={`flex flex-col gap-1 rounded border p-1 ${props.selected ? 'border-indigo-600 bg-indigo-50' : 'border-slate-200'}`}
      data-layer={name}
    >
      {/* The name takes the row's width and ends in an ellipsis when long; the button's accessible name (and its
          tooltip) is the whole name, and the state words stay visible after it. */}
      <button
        type="button"
        className="flex min-w-0 items-baseline gap-1 rounded px-1 text-left text-sm hover:bg-slate-100"
        aria-pressed={props.selected}
        title={name}
        onClick={() => editor.select(locked || !object.visible ? null : object)}
      >
        <span data-layer-name="" className="min-w-0 truncate">
          {name}
        </span>
        {!object.visible && <span className="shrink-0 text-xs text-slate-600"> (hidden)</span>}
        {locked && <span className="shrink-0 text-xs text-slate-600"> (locked)</span>}
      </button>
      {/* Outside the button: its name stays the layer's name. A bound text shows its default words on the canvas. */}
      {variables.length > 0 && <p className="px-1 text-xs wrap-anywhere text-indigo-800">Bound to {variables.join(', ')}</p>}
      <div className="flex flex-wrap items-center gap-0.5">
        <button
          type="button"
          className={ICON_BUTTON}
          // aria-disabled, not disabled: the button pressed to bring the layer to the front keeps focus there.
          aria-disabled={props.first || undefined}
          onClick={() => !props.first && props.onMove(1)}
          aria-label={`Up: bring ${name} forward`}
        >
          Up
        </button>
        <button
          type="button"
          className={ICON_BUTTON}
          aria-disabled={props.last || undefined}
          onClick={() => !props.last && props.onMove(-1)}
          aria-label={`Down: send ${name} backward`}
        >
          Down
        </button>
        <button
          type="button"
          className={ICON_BUTTON}
          aria-label={`${object.visible ? 'Hide' : 'Show'} ${name}`}
          onClick={() => {
            object.set('visible', !object.visible);
            if (!object.visible) editor.canvas?.discardActiveObject();
            editor.changed();
          }}
        >
          {object.visible ? 'Hide' : 'Show'}
        </button>
        <button
          type="button"
          className={ICON_BUTTON}
          aria-label={`${locked ? 'Unlock' : 'Lock'} ${name}`}
          onClick={() => {
            setLocked(object, !locked);
            if (!locked) editor.canvas?.discardActiveObject();
            editor.changed();
          }}
        >
          {locked ? 'Unlock' : 'Lock'}
        </button>
      </div>
      <RenameField object={object} name={name} />
    </li>
  );
}

function RenameField({ object, name }: { object: FabricObject; name: string }) {
  const editor = useEditor();
  return (
    <input
      aria-label={`Name of layer ${name}`}
      className="w-full min-w-0 rounded border border-slate-300 px-1 py-0.5 text-xs"
      value={object.name ?? ''}
      placeholder={name}
      onChange={(e) => {
        object.set('name', e.target.value);
        editor.changed();
      }}
    />
  );
}
