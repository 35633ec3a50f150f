import type { Canvas } from 'fabric';
import { areaHeight, clampZoom, fitsAtActualSize, fitZoom, maxAreaHeight, scrollAfterZoom, stepZoom, wheelZoom } from './zoom';

export interface CanvasZoom {
  readonly zoom: number;
  /** Zooms to a level; `anchor` (a point in the scroller, screen pixels) stays over the same design point. */
  zoomTo(zoom: number, anchor?: { x: number; y: number }): void;
  zoomIn(): void;
  zoomOut(): void;
  /** The whole design in the largest the canvas area gets (the area then follows it). */
  fit(): void;
  /** The opening view: 100 % when the whole design shows at that size, else fitted. */
  open(): void;
  /** 100 %: one design pixel per screen pixel. */
  actualSize(): void;
  /** After the design's size changed (a layout switched): keeps the zoom, resizes the surface. */
  refresh(): void;
  dispose(): void;
}

/**
 * Zoom and pan for one canvas inside a scrolling container. Zoom scales fabric's viewport transform and grows the
 * canvas element by the same factor, so the container's scrollbars pan; Space+drag (or the middle button) pans
 * by dragging. The design's JSON never sees any of it: fabric does not write the viewport transform into an
 * object's JSON, and the canvas's own size stays the design size × zoom only on screen (the serializer takes
 * the size from the template, ADR 0035).
 */
export function attachZoom(
  canvas: Canvas,
  options: {
    /** The element that scrolls (overflow: auto) around the canvas. */
    scroller: HTMLElement;
    /** The design's size in design pixels. */
    page: () => { width: number; height: number };
    /** Called with the new zoom after every change (for the percentage shown). */
    onZoom?: (zoom: number) => void;
  },
): CanvasZoom {
  const { scroller } = options;
  let zoom = canvas.getZoom() || 1;

  // The scroller's border: its height is set outside it, the design's room is inside it.
  const border = () => {
    const style = getComputedStyle(scroller);
    const px = (value: string) => parseFloat(value) || 0;
    return {
      x: px(style.borderLeftWidth) + px(style.borderRightWidth),
      y: px(style.borderTopWidth) + px(style.borderBottomWidth),
    };
  };
  // What stands above the area's room on the page (the title, the save bar, the tools; its borders too), from the
  // document's top, so that the area ends within the first screen (maxAreaHeight) at every width, wherever the page
  // is scrolled to: a 1080×1920 story opens whole on a phone, a tablet and a laptop alike.
  const above = () => scroller.getBoundingClientRect().top + window.scrollY + border().y;
  // The room a design can have: the area's width (without a scrollbar the zoom of the moment may have added), and
  // the tallest the area gets (it follows the design up to that).
  const room = () => ({ width: scroller.offsetWidth - border().x, height: maxAreaHeight(window.innerHeight, above()) });
  /**
   * The area's height follows the design as drawn (areaHeight). `shrink: false` only lets it grow: a Ctrl+wheel
   * zoom out keeps the area under the pointer, so the next notches still zoom the design, not the browser's page.
   */
  const fitArea = (shrink = true) => {
    const wanted = areaHeight(canvas.getHeight(), window.innerHeight, above()) + border().y;
    const height = shrink ? wanted : Math.max(wanted, scroller.offsetHeight);
    scroller.style.height = `${height}px`;
  };

  const apply = (next: number, anchor?: { x: number; y: number }, shrink = true) => {
    const before = { zoom, scrollLeft: scroller.scrollLeft, scrollTop: scroller.scrollTop };
    const point = anchor ?? { x: scroller.clientWidth / 2, y: scroller.clientHeight / 2 };
    zoom = clampZoom(next);
    const { width, height } = options.page();
    canvas.setDimensions({ width: Math.round(width * zoom), height: Math.round(height * zoom) });
    canvas.setViewportTransform([zoom, 0, 0, zoom, 0, 0]);
    fitArea(shrink);
    const scroll = scrollAfterZoom(before, zoom, point);
    scroller.scrollLeft = scroll.scrollLeft;
    scroller.scrollTop = scroll.scrollTop;
    canvas.calcOffset();
    canvas.requestRenderAll();
    options.onZoom?.(zoom);
  };

  // Ctrl+wheel (and a trackpad pinch) zooms around the pointer; a plain wheel scrolls as usual.
  const onWheel = (event: WheelEvent) => {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    const rect = scroller.getBoundingClientRect();
    apply(wheelZoom(zoom, event.deltaY), { x: event.clientX - rect.left, y: event.clientY - rect.top }, false);
  };

  // Space held: the pointer becomes a hand and dragging scrolls; objects are not picked meanwhile.
  let spaceHeld = false;
  let drag: { x: number; y: number; left: number; top: number } | undefined;
  const typing = (target: EventTarget | null) =>
    target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
  // Whether the pointer is over the canvas area: then Space is the hand tool even when a button has focus.
  let pointerOver = false;
  const onEnter = () => (pointerOver = true);
  const onLeave = () => (pointerOver = false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.code !== 'Space' || typing(event.target) || isEditingText(canvas)) return;
    // Elsewhere, Space on a focused button or link presses it, as usual.
    if (!pointerOver && event.target instanceof HTMLElement && event.target.closest('button, a, [role="button"]')) return;
    event.preventDefault();
    if (spaceHeld) return;
    spaceHeld = true;
    canvas.skipTargetFind = true;
    canvas.selection = false;
    canvas.setCursor('grab');
    scroller.style.cursor = 'grab';
  };
  const onKeyUp = (event: KeyboardEvent) => {
    if (event.code !== 'Space' || !spaceHeld) return;
    // A focused button would take the release as a press.
    event.preventDefault();
    spaceHeld = false;
    drag = undefined;
    canvas.skipTargetFind = false;
    canvas.selection = true;
    scroller.style.cursor = '';
    canvas.setCursor('default');
  };
  const onPointerDown = (event: PointerEvent) => {
    if (!spaceHeld && event.button !== 1) return;
    event.preventDefault();
    drag = { x: event.clientX, y: event.clientY, left: scroller.scrollLeft, top: scroller.scrollTop };
    scroller.style.cursor = 'grabbing';
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag) return;
    scroller.scrollLeft = drag.left - (event.clientX - drag.x);
    scroller.scrollTop = drag.top - (event.clientY - drag.y);
  };
  const onPointerUp = () => {
    if (!drag) return;
    drag = undefined;
    scroller.style.cursor = spaceHeld ? 'grab' : '';
    canvas.calcOffset();
  };

  scroller.addEventListener('pointerenter', onEnter);
  scroller.addEventListener('pointerleave', onLeave);
  scroller.addEventListener('wheel', onWheel, { passive: false });
  // Capture: the hand tool must see the press before fabric starts a selection or a move.
  scroller.addEventListener('pointerdown', onPointerDown, { capture: true });
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);
  window.addEventListener('keydown', onKeyDown);
  window.addEventListener('keyup', onKeyUp);
  const onScroll = () => canvas.calcOffset();
  scroller.addEventListener('scroll', onScroll);
  // The area's bound follows the window's height.
  const onResize = () => {
    fitArea();
    canvas.calcOffset();
  };
  window.addEventListener('resize', onResize);

  return {
    get zoom() {
      return zoom;
    },
    zoomTo: apply,
    zoomIn: () => apply(stepZoom(zoom, 'in')),
    zoomOut: () => apply(stepZoom(zoom, 'out')),
    fit: () => apply(fitZoom(options.page(), room())),
    open: () => apply(fitsAtActualSize(options.page(), room()) ? 1 : fitZoom(options.page(), room())),
    actualSize: () => apply(1),
    refresh: () => apply(zoom),
    dispose: () => {
      scroller.removeEventListener('pointerenter', onEnter);
      scroller.removeEventListener('pointerleave', onLeave);
      scroller.removeEventListener('wheel', onWheel);
      scroller.removeEventListener('pointerdown', onPointerDown, { capture: true });
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('pointerup', onPointerUp);
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      scroller.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
    },
  };
}

/** Whether a fabric text object is in its typing mode (its hidden textarea has focus then, but be sure). */
export function isEditingText(canvas: Canvas): boolean {
  const active = canvas.getActiveObject() as { isEditing?: boolean } | undefined;
  return Boolean(active?.isEditing);
}
