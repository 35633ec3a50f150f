import { ActiveSelection, Group, Textbox, type Canvas, type FabricObject } from 'fabric';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { withColourPreviews, withoutColourPreviews, type ColourPreview } from '../../../canvas/colour-previews';
import { PLACEHOLDER_COLOUR } from '../sample-values';
import { groupInPlace, ungroupInPlace } from './layer-actions';
import { placeNewObject, visibleDesignArea } from './new-object-place';
import { loadFamily } from './account-fonts';
import { createImage, createShape, type ShapeKind } from './object-factory';
import { loadIntoCanvas, serializeCanvas } from './serializer';
import { fitText } from './text-fit';

export interface CanvasSize {
  width: number;
  height: number;
}

/**
 * What every part of the editor (toolbar, panels, other engineers' add-ons) works with: the one fabric canvas
 * and the actions on it. Components re-read the canvas when `revision` changes; fabric stays the single
 * source of truth for the design (no copy of it in React state to drift).
 */
export interface EditorApi {
  /** The fabric canvas; null until mounted. */
  canvas: Canvas | null;
  size: CanvasSize;
  /** Bumped on every change of the design or the selection. */
  revision: number;
  /**
   * Names the design's state: a new number on every change of the design (never on a selection change), and
   * the number given to `load` when a known state is loaded back (an undo step, the design under tried values).
   * Two equal numbers: the design did not change in between (unsaved-design.tsx compares them, in constant time).
   */
  designRevision: number;
  /** `designRevision` as it is right now, between renders (an undo step is recorded right after a change). */
  designRevisionNow: () => number;
  /** The selected objects (one, several, or none). */
  selection: FabricObject[];
  /** Call after changing objects directly: redraws and tells every panel. */
  changed: () => void;
  addShape: (kind: ShapeKind) => FabricObject | null;
  /** Adds an image by URL (the asset picker calls this too); rejects when it cannot be loaded. */
  addImage: (src: string) => Promise<FabricObject | null>;
  add: (object: FabricObject) => void;
  select: (object: FabricObject | null) => void;
  group: () => void;
  ungroup: () => void;
  /** The `fabricJSData` to save (serializer.ts). */
  serialize: () => Record<string, unknown>;
  /**
   * Replaces the design with a saved `fabricJSData`: a new design revision, or `revision` when the data is a
   * state the design had under that number (an undo step) or still has underneath (tried values).
   */
  load: (data: Record<string, unknown>, options?: { revision?: number }) => Promise<void>;
  /** Registers the fabric canvas (EditorCanvas makes it and disposes of it). */
  attach: (canvas: Canvas | null) => void;
  /** Set once the design has been loaded into the canvas. */
  ready: boolean;
  /** The canvas background's colour placeholder (`{{background}}`) and the colour drawn for it, if it has one. */
  backgroundPreview: ColourPreview | null;
}

const EditorContext = createContext<EditorApi | null>(null);

export function useEditor(): EditorApi {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor() outside <EditorProvider>.');
  return editor;
}

/**
 * Owns the fabric canvas for one template: created when the <canvas> mounts, disposed when it unmounts.
 * `samples` are the values colour placeholders (`{{accent}}`) are drawn with while editing (the variables'
 * defaults); the design keeps its placeholders when serialized.
 */
export function EditorProvider({
  initial,
  size,
  samples,
  children,
}: {
  initial: Record<string, unknown>;
  size: CanvasSize;
  samples: Record<string, unknown>;
  children: ReactNode;
}) {
  const [canvas, setCanvas] = useState<Canvas | null>(null);
  const [revision, setRevision] = useState(0);
  // The design revision: a ref, read between renders, and the state panels re-render on. `issued` is the last
  // number handed out, so that a new state never takes the number of an earlier one.
  const issued = useRef(0);
  const designRevisionRef = useRef(0);
  const [designRevision, setDesignRevisionState] = useState(0);
  const setDesignRevision = useCallback((value: number) => {
    designRevisionRef.current = value;
    setDesignRevisionState(value);
  }, []);
  const edited = useCallback(() => setDesignRevision(++issued.current), [setDesignRevision]);
  const designRevisionNow = useCallback(() => designRevisionRef.current, []);
  const [ready, setReady] = useState(false);
  const initialRef = useRef(initial);
  const samplesRef = useRef(samples);
  samplesRef.current = samples;
  // The canvas background's placeholder, if it has one: fabric keeps no key of ours on the canvas itself.
  const backgroundPreview = useRef<ColourPreview | null>(null);
  const loadPreviewed = useCallback(async (target: Canvas, data: Record<string, unknown>) => {
    const previewed = withColourPreviews(data, samplesRef.current, PLACEHOLDER_COLOUR);
    backgroundPreview.current = previewed.background;
    await loadIntoCanvas(target, previewed.design);
  }, []);
  /** Redraws and re-reads without a change of the design (a selection). */
  const refresh = useCallback(() => {
    canvas?.requestRenderAll();
    setRevision((r) => r + 1);
  }, [canvas]);
  const changed = useCallback(() => {
    refresh();
    edited();
  }, [refresh, edited]);

  const attach = useCallback((instance: Canvas | null) => setCanvas(instance), []);

  useEffect(() => {
    if (!canvas) return;
    canvas.setDimensions(size);
    let live = true;
    void loadPreviewed(canvas, initialRef.current).then(() => {
      if (live) {
        setReady(true);
        setRevision((r) => r + 1);
      }
    });
    const bump = () => setRevision((r) => r + 1);
    const edit = () => {
      bump();
      edited();
    };
    // Auto-fit text follows its box and its words as they change on the canvas.
    const refit = ({ target }: { target?: FabricObject }) => {
      if (target && fitText(target)) canvas.requestRenderAll();
    };
    canvas.on('text:changed', refit);
    canvas.on('object:modified', refit);
    // Typing into a text on the canvas changes the design at each key (fabric's `object:modified` comes only
    // when the editing ends): the design revision follows, so leaving mid-typing still asks first.
    canvas.on('text:changed', edited);
    const edits = ['object:added', 'object:removed', 'object:modified'] as const;
    const selections = ['selection:created', 'selection:updated', 'selection:cleared'] as const;
    for (const event of edits) canvas.on(event, edit);
    for (const event of selections) canvas.on(event, bump);
    return () => {
      live = false;
      for (const event of edits) canvas.off(event, edit);
      for (const event of selections) canvas.off(event, bump);
      canvas.off('text:changed', refit);
      canvas.off('text:changed', edited);
      canvas.off('object:modified', refit);
    };
    // The size changes through setDimensions below; reloading on it would drop unsaved edits.
  }, [canvas, loadPreviewed, edited]);

  useEffect(() => {
    // At the current zoom (interactions/canvas-zoom.ts): the element is the design size × zoom on screen.
    const zoom = canvas?.getZoom() ?? 1;
    canvas?.setDimensions({ width: Math.round(size.width * zoom), height: Math.round(size.height * zoom) });
  }, [canvas, size]);

  const api = useMemo<EditorApi>(() => {
    const selection = canvas ? canvas.getActiveObjects() : [];
    // A new object in view: centred in the part of the design on screen, where it overlaps no object already there.
    const place = (object: FabricObject) => {
      if (!canvas) return;
      const element = canvas.getElement();
      const scroller = element.closest('[data-canvas-scroller]');
      const window_ = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
      const visible = visibleDesignArea(
        element.getBoundingClientRect(),
        scroller ? [scroller.getBoundingClientRect(), window_] : [window_],
        canvas.getZoom(),
        size,
      );
      const boxes = canvas.getObjects().map((o) => o.getBoundingRect());
      object.set(placeNewObject(visible, { width: object.getScaledWidth(), height: object.getScaledHeight() }, boxes));
      object.setCoords();
    };
    const add = (object: FabricObject) => {
      if (!canvas) return;
      canvas.add(object);
      canvas.setActiveObject(object);
      changed();
    };
    return {
      canvas,
      size,
      revision,
      designRevision,
      designRevisionNow,
      selection,
      ready,
      changed,
      attach,
      add,
      addShape: (kind) => {
        if (!canvas) return null;
        const object = createShape(kind, { left: 0, top: 0 });
        place(object);
        add(object);
        // New text's family is the renderer's: measured again once its file (from /app/fonts/) is loaded.
        if (object instanceof Textbox) {
          void loadFamily(object.fontFamily, []).then(() => {
            object.initDimensions();
            fitText(object);
            canvas.requestRenderAll();
          });
        }
        return object;
      },
      addImage: async (src) => {
        if (!canvas) return null;
        const image = await createImage(src, size);
        place(image);
        add(image);
        return image;
      },
      select: (object) => {
        if (!canvas) return;
        if (object) canvas.setActiveObject(object);
        else canvas.discardActiveObject();
        refresh();
      },
      group: () => {
        const active = canvas?.getActiveObject();
        if (!canvas || !(active instanceof ActiveSelection)) return;
        const members = active.getObjects();
        // The selection gives its objects back to the canvas (their own transforms again) before they move.
        canvas.discardActiveObject();
        const group = groupInPlace(canvas, members, new Group([], { originX: 'left', originY: 'top', name: 'Group' }));
        canvas.setActiveObject(group);
        changed();
      },
      ungroup: () => {
        const active = canvas?.getActiveObject();
        if (!canvas || !(active instanceof Group) || active instanceof ActiveSelection) return;
        const members = ungroupInPlace(canvas, active);
        canvas.setActiveObject(new ActiveSelection(members, { canvas }));
        changed();
      },
      backgroundPreview: backgroundPreview.current,
      serialize: () => (canvas ? withoutColourPreviews(serializeCanvas(canvas), backgroundPreview.current) : initialRef.current),
      load: async (data, options) => {
        if (!canvas) return;
        await loadPreviewed(canvas, data);
        changed();
        if (options?.revision !== undefined) setDesignRevision(options.revision);
      },
    };
  }, [canvas, size, revision, designRevision, designRevisionNow, ready, changed, refresh, attach, loadPreviewed, setDesignRevision]);

  return <EditorContext.Provider value={api}>{children}</EditorContext.Provider>;
}
