import type { Canvas } from 'fabric';
import { useEffect, useRef, useState } from 'react';
import { createClipboard, type CanvasClipboard } from './canvas-clipboard';
import { attachHistory, type CanvasHistory } from './canvas-history';
import { attachShortcuts } from './canvas-keyboard';
import { alignSelection, distributeSelection, nudgeSelection, selectAll } from './canvas-selection';
import { attachSnapping } from './canvas-snapping';
import { attachZoom, type CanvasZoom } from './canvas-zoom';
import type { AlignEdge, DistributeAxis } from './geometry';
import { nudgeOf } from './shortcuts';

export interface CanvasInteractions {
  zoom: number;
  /**
   * The zoom as last changed by the person (the View buttons, the zoom keys), for a polite live region: "Zoom 150 %.".
   * Empty until then. Fitting at load, a layout's new size and Ctrl+wheel change the zoom without a word: said on
   * every change, the figure was noise.
   */
  zoomSaid: string;
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
  const [, setHistoryRevision] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const parts = useRef<{ history?: CanvasHistory; zoom?: CanvasZoom; clipboard?: CanvasClipboard }>({});

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

    // An edit shortcut while locked is not handled (the key keeps its browser meaning, nothing changes).
    const unlessLocked =
      <A extends unknown[]>(handler: (...args: A) => boolean | void) =>
      (...args: A): boolean | void =>
        latest.current.locked ? false : handler(...args);
    const afterEdit = (coalesce?: string) => {
      changed();
      history.commit(coalesce ? { coalesce } : {});
    };
    const detachKeys = attachShortcuts(canvas, {
      undo: unlessLocked(() => void history.undo()),
      redo: unlessLocked(() => void history.redo()),
      copy: () => clipboard.copy(),
      paste: unlessLocked(() => void clipboard.paste().then((done) => done && afterEdit())),
      duplicate: unlessLocked(() => void clipboard.duplicate().then((done) => done && afterEdit())),
      delete: unlessLocked(() => {
        if (!clipboard.remove()) return false;
        afterEdit();
      }),
      // Selection changes only: fabric's selection events tell the panels; the design is unchanged.
      selectAll: () => {
        selectAll(canvas);
        canvas.requestRenderAll();
      },
      deselect: () => {
        if (!canvas.getActiveObject()) return false;
        canvas.discardActiveObject();
        canvas.requestRenderAll();
      },
      ...Object.fromEntries(
        (['nudgeLeft', 'nudgeRight', 'nudgeUp', 'nudgeDown'] as const).map((action) => [
          action,
          unlessLocked((event: KeyboardEvent) => {
            const by = nudgeOf(action, event.shiftKey)!;
            if (!nudgeSelection(canvas, by.dx, by.dy)) return false;
            // Holding an arrow key is one gesture: one undo step.
            afterEdit('nudge');
          }),
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
  // Read at each render: the history's own revision (a state above) re-renders with fresh canUndo/canRedo.
  const history = parts.current.history;
  return {
    zoom,
    canUndo: history?.canUndo ?? false,
    canRedo: history?.canRedo ?? false,
    align: (edge) => run(() => alignSelection(canvas!, edge, latest.current.page)),
    distribute: (axis) => run(() => distributeSelection(canvas!, axis)),
    undo: () => void (options.locked ? undefined : parts.current.history?.undo()),
    redo: () => void (options.locked ? undefined : parts.current.history?.redo()),
    copy: () => void parts.current.clipboard?.copy(),
    paste: () => void parts.current.clipboard?.paste().then((done) => done && run(() => true)),
    duplicate: () => void parts.current.clipboard?.duplicate().then((done) => done && run(() => true)),
    remove: () => run(() => parts.current.clipboard?.remove() ?? false),
    zoomSaid,
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
