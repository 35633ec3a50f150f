import type { Canvas } from 'fabric';
import { useEffect, useRef, useState } from 'react';
import { createClipboard, type CanvasClipboard } from './canvas-clipboard';
import { attachHistory, type CanvasHistory } from './canvas-history';
import { attachShortcuts } from './canvas-keyboard';
import { alignSelection, distributeSelection, isPickable, nudgeSelection, selectAll, selectObjects } from './canvas-selection';
import { attachSnapping } from './canvas-snapping';
import { attachZoom, type CanvasZoom } from './canvas-zoom';
import type { AlignEdge, DistributeAxis } from './geometry';
import { nudgeOf } from './shortcuts';
import {
  addedWords,
  alignedWords,
  deletedWords,
  distributedWords,
  EDITING_OFF,
  movedWords,
  NOTHING_COPIED,
  NOTHING_SELECTED,
  NOTHING_TO_REDO,
  NOTHING_TO_UNDO,
  sayAgain,
  selectedWords,
  SELECTION_CLEARED,
  stepWords,
} from './edit-words';
import { steppedLayer } from './layer-step';
import { layerName } from '../layer-names';

export interface CanvasInteractions {
  zoom: number;
  /**
   * The zoom as last changed by the person (the View buttons, the zoom keys), for a polite live region: "Zoom 150 %.".
   * Empty until then. Fitting at load, a layout's new size and Ctrl+wheel change the zoom without a word: said on
   * every change, the figure was noise.
   */
  zoomSaid: string;
  /**
   * What the last keyboard edit did, for a polite live region: an arrow key's "Red: X 23, Y 30." (the X and Y the
   * Properties panel then shows), Delete's "Deleted Red. Ctrl+Z brings it back.", Escape's "Selection cleared.", and
   * after Align, Distribute, Paste, Duplicate, Undo and Redo (by key or button) what they did: "Undid: moved Red.".
   */
  editSaid: string;
  canUndo: boolean;
  canRedo: boolean;
  align(edge: AlignEdge): void;
  distribute(axis: DistributeAxis): void;
  undo(): void;
  redo(): void;
  copy(): void;
  paste(): void;
  duplicate(): void;
  remove(): void;
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
  actualSize(): void;
  /** Records the design as a history step (the editor calls it after changing objects directly). */
  commit(options?: { coalesce?: string }): void;
  /** Forgets the undo history (a version restored, a layout switched): the design as it is now is the start. */
  resetHistory(): void;
  helpOpen: boolean;
  setHelpOpen(open: boolean): void;
}

export interface InteractionsOptions {
  canvas: Canvas | null;
  /** The design has been loaded into the canvas: history starts from it. */
  ready: boolean;
  page: { width: number; height: number };
  serialize: () => Record<string, unknown>;
  /** The editor's design revision right now: undo steps keep it, and load it back with their design. */
  designRevision: () => number;
  load: (data: Record<string, unknown>, options?: { revision?: number }) => Promise<void>;
  /** Redraws and tells the panels (the editor context's `changed`). */
  changed: () => void;
  /** The editor's revision counter: a bump after a change made elsewhere (the properties panel) is recorded. */
  revision: number;
  /** Edits are off (tried values are shown): undo/redo, paste, duplicate, delete and nudges do nothing. */
  locked?: boolean;
}

/** A zoom the person asked for (a View button, a zoom key): done, then said for the live region (`zoomSaid`). */
function zoomAsked(control: CanvasZoom | undefined, change: (control: CanvasZoom) => void, say: (words: string) => void) {
  if (!control) return;
  change(control);
  say(`Zoom ${Math.round(control.zoom * 100)} %.`);
}

/** The selected layers' names, as Layers shows them. */
function selectedNames(canvas: Canvas): string[] {
  return canvas.getActiveObjects().map(layerName);
}

/** The selection's top-left corner in design pixels (as Properties' X and Y show it); the selection must exist. */
function selectionCorner(canvas: Canvas): { x: number; y: number } {
  return canvas.getActiveObject()!.getPointByOrigin('left', 'top');
}

/** Undo or Redo, then what it did said: "Undid: moved Red.", or that there was nothing to undo or redo. */
async function stepAndSay(history: CanvasHistory, direction: 'undo' | 'redo', say: (words: string) => void): Promise<void> {
  const change = await (direction === 'undo' ? history.undo() : history.redo());
  if (change) say(stepWords(direction === 'undo' ? 'Undid' : 'Redid', change));
  else say(direction === 'undo' ? NOTHING_TO_UNDO : NOTHING_TO_REDO);
}

/** Whether a key was pressed with focus on the canvas area (the editor's canvas, EditorCanvas's focusable scroller). */
function onCanvasArea(event: KeyboardEvent): boolean {
  return event.target instanceof Element && event.target.closest('[data-canvas-scroller]') !== null;
}

/**
 * [ or ]: selects the pickable layer behind or in front of the selection (from a multiple selection, of its front
 * member) and says which and where. A selection change only: fabric's selection events tell the panels.
 */
function stepLayer(canvas: Canvas, direction: 1 | -1, say: (words: string) => void): boolean {
  const objects = canvas.getObjects();
  const selected = canvas.getActiveObjects().map((o) => objects.indexOf(o));
  const current = selected.length > 0 ? Math.max(...selected) : undefined;
  const next = steppedLayer(objects.map(isPickable), current, direction);
  if (next === undefined) return false;
  const object = objects[next]!;
  selectObjects(canvas, [object]);
  say(selectedWords(layerName(object), { of: objects.length - next, count: objects.length }, object.getPointByOrigin('left', 'top')));
  return true;
}

/**
 * Everything of the editor that is not an object's own property: selection arrangement, snapping, zoom and pan,
 * undo/redo, the clipboard and the keyboard. Attached to the canvas once it exists and the design is loaded.
 */
export function useCanvasInteractions(options: InteractionsOptions): CanvasInteractions {
  const { canvas, ready } = options;
  const latest = useRef(options);
  latest.current = options;
  const [zoom, setZoom] = useState(1);
  const [zoomSaid, setZoomSaid] = useState('');
  const [editSaid, setEditSaid] = useState('');
  const [, setHistoryRevision] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const parts = useRef<{ history?: CanvasHistory; zoom?: CanvasZoom; clipboard?: CanvasClipboard }>({});
  // A setState's setter never changes, so this is safe in the effect below as well as in the buttons' actions.
  const sayEdit = (words: string) => setEditSaid((previous) => sayAgain(previous, words));

  useEffect(() => {
    // The scrolling element around the canvas (EditorCanvas marks it).
    const scroller = canvas?.wrapperEl.closest<HTMLElement>('[data-canvas-scroller]');
    if (!canvas || !ready || !scroller) return;
    const page = () => latest.current.page;
    const serialize = () => latest.current.serialize();
    const changed = () => latest.current.changed();
    const history = attachHistory(canvas, {
      serialize,
      revision: () => latest.current.designRevision(),
      load: (data, revision) => latest.current.load(data, { revision }),
      onChange: () => setHistoryRevision((r) => r + 1),
    });
    const zoomControl = attachZoom(canvas, { scroller, page, onZoom: setZoom });
    const clipboard = createClipboard(canvas, { serialize });
    const detachSnapping = attachSnapping(canvas, { page });
    parts.current = { history, zoom: zoomControl, clipboard };
    // The editor opens at 100 % (one design pixel per screen pixel) when the design fits the visible area, and
    // fitted when it does not (a 1080×1080 post in a column of 500 px showed only its top-left corner).
    // 100 % (Ctrl+0) and Fit (Shift+1) switch between the two. Either way the canvas area takes the design's shape.
    zoomControl.open();

    // An edit shortcut while locked is not handled (the key keeps its browser meaning, nothing changes), but said:
    // once a press (a held key's repeats are not), anywhere for a command key (Ctrl+Z, Ctrl+V…), and for an arrow
    // or Delete only on the canvas (elsewhere they are the page's own keys, as with nothing selected).
    const unlessLocked =
      (handler: (event: KeyboardEvent) => boolean | void, { onCanvasOnly = false } = {}) =>
      (event: KeyboardEvent): boolean | void => {
        if (!latest.current.locked) return handler(event);
        if (!event.repeat && (!onCanvasOnly || onCanvasArea(event))) sayEdit(EDITING_OFF);
        return false;
      };
    const afterEdit = (coalesce?: string) => {
      changed();
      history.commit(coalesce ? { coalesce } : {});
    };
    const detachKeys = attachShortcuts(canvas, {
      undo: unlessLocked(() => void stepAndSay(history, 'undo', sayEdit)),
      redo: unlessLocked(() => void stepAndSay(history, 'redo', sayEdit)),
      copy: () => clipboard.copy(),
      paste: unlessLocked(
        () =>
          void clipboard.paste().then((done) => {
            if (!done) return sayEdit(NOTHING_COPIED);
            afterEdit();
            sayEdit(addedWords('Pasted', selectedNames(canvas), selectionCorner(canvas)));
          }),
      ),
      duplicate: unlessLocked((event) => {
        void clipboard.duplicate().then((done) => {
          if (!done) return onCanvasArea(event) && sayEdit(NOTHING_SELECTED);
          afterEdit();
          sayEdit(addedWords('Duplicated', selectedNames(canvas), selectionCorner(canvas)));
        });
      }),
      delete: unlessLocked(
        (event: KeyboardEvent) => {
          const names = selectedNames(canvas);
          if (!clipboard.remove()) {
            // Nothing to delete: Backspace keeps its meaning; on the canvas, what to do is said.
            if (onCanvasArea(event)) sayEdit(NOTHING_SELECTED);
            return false;
          }
          afterEdit();
          sayEdit(deletedWords(names));
        },
        { onCanvasOnly: true },
      ),
      // Selection changes only: fabric's selection events tell the panels; the design is unchanged.
      selectAll: () => {
        selectAll(canvas);
        canvas.requestRenderAll();
      },
      deselect: () => {
        if (!canvas.getActiveObject()) return false;
        canvas.discardActiveObject();
        canvas.requestRenderAll();
        sayEdit(SELECTION_CLEARED);
      },
      selectBehind: () => stepLayer(canvas, -1, sayEdit),
      selectInFront: () => stepLayer(canvas, 1, sayEdit),
      ...Object.fromEntries(
        (['nudgeLeft', 'nudgeRight', 'nudgeUp', 'nudgeDown'] as const).map((action) => [
          action,
          unlessLocked(
            (event: KeyboardEvent) => {
              const by = nudgeOf(action, event.shiftKey)!;
              if (!nudgeSelection(canvas, by.dx, by.dy)) {
                // Nothing to move: the arrow keeps its meaning (it scrolls the canvas area), and on the canvas says why.
                if (!canvas.getActiveObject() && onCanvasArea(event)) sayEdit(NOTHING_SELECTED);
                return false;
              }
              // Holding an arrow key is one gesture: one undo step.
              afterEdit('nudge');
              sayEdit(movedWords(selectedNames(canvas), selectionCorner(canvas)));
            },
            { onCanvasOnly: true },
          ),
        ]),
      ),
      zoomIn: () => zoomAsked(zoomControl, (z) => z.zoomIn(), setZoomSaid),
      zoomOut: () => zoomAsked(zoomControl, (z) => z.zoomOut(), setZoomSaid),
      zoomReset: () => zoomAsked(zoomControl, (z) => z.actualSize(), setZoomSaid),
      zoomFit: () => zoomAsked(zoomControl, (z) => z.fit(), setZoomSaid),
      help: () => setHelpOpen(true),
    });
    return () => {
      detachKeys();
      detachSnapping();
      zoomControl.dispose();
      history.dispose();
      parts.current = {};
    };
  }, [canvas, ready]);

  // The surface follows the design's size (a layout with another size) at the same zoom.
  const { width, height } = options.page;
  useEffect(() => parts.current.zoom?.refresh(), [width, height]);

  // A change made elsewhere (a property typed in the panel) becomes a step; typing in one field is one step.
  useEffect(() => parts.current.history?.commit({ coalesce: 'edit' }), [options.revision]);

  const run = (edit: () => boolean) => {
    if (!canvas || options.locked || !edit()) return;
    latest.current.changed();
    parts.current.history?.commit();
  };
  /** Align or distribute by `move` (answers whether anything moved), recorded when it did, said either way. */
  const arrange = (least: number, move: (canvas: Canvas) => boolean, words: (names: string[], moved: boolean) => string) => {
    if (!canvas || options.locked) return;
    const names = selectedNames(canvas);
    if (names.length < least) return;
    const moved = move(canvas);
    run(() => moved);
    sayEdit(words(names, moved));
  };
  /** Paste or Duplicate from a button: the copies recorded and said as their keys say them. */
  const addAndSay = (how: 'Pasted' | 'Duplicated', add: (clipboard: CanvasClipboard) => Promise<boolean>) => {
    const clipboard = parts.current.clipboard;
    if (!clipboard || !canvas || options.locked) return;
    void add(clipboard).then((done) => {
      if (!done) return;
      run(() => true);
      sayEdit(addedWords(how, selectedNames(canvas), selectionCorner(canvas)));
    });
  };
  // Read at each render: the history's own revision (a state above) re-renders with fresh canUndo/canRedo.
  const history = parts.current.history;
  return {
    zoom,
    canUndo: history?.canUndo ?? false,
    canRedo: history?.canRedo ?? false,
    align: (edge) =>
      arrange(
        1,
        (c) => alignSelection(c, edge, latest.current.page),
        (names, moved) => alignedWords(names, edge, moved),
      ),
    // Distribute needs three layers (its button is off with fewer).
    distribute: (axis) =>
      arrange(
        3,
        (c) => distributeSelection(c, axis),
        (names, moved) => distributedWords(names, axis, moved),
      ),
    undo: () => void (options.locked || !history ? undefined : stepAndSay(history, 'undo', sayEdit)),
    redo: () => void (options.locked || !history ? undefined : stepAndSay(history, 'redo', sayEdit)),
    copy: () => void parts.current.clipboard?.copy(),
    paste: () => addAndSay('Pasted', (clipboard) => clipboard.paste()),
    duplicate: () => addAndSay('Duplicated', (clipboard) => clipboard.duplicate()),
    remove: () => {
      const names = canvas ? selectedNames(canvas) : [];
      run(() => {
        if (!(parts.current.clipboard?.remove() ?? false)) return false;
        sayEdit(deletedWords(names));
        return true;
      });
    },
    zoomSaid,
    editSaid,
    zoomIn: () => zoomAsked(parts.current.zoom, (z) => z.zoomIn(), setZoomSaid),
    zoomOut: () => zoomAsked(parts.current.zoom, (z) => z.zoomOut(), setZoomSaid),
    fit: () => zoomAsked(parts.current.zoom, (z) => z.fit(), setZoomSaid),
    actualSize: () => zoomAsked(parts.current.zoom, (z) => z.actualSize(), setZoomSaid),
    commit: (commitOptions) => parts.current.history?.commit(commitOptions),
    resetHistory: () => parts.current.history?.reset(),
    helpOpen,
    setHelpOpen,
  };
}
