import type { Canvas, FabricObject, TPointerEventInfo, TPointerEvent, BasicTransformEvent } from 'fabric';
import { snapMove, type Guide } from './snapping';

/** How near, in screen pixels, a line must be to pull the moving object (the same at every zoom). */
export const SNAP_THRESHOLD_PX = 6;
const GUIDE_COLOUR = '#db2777';

/**
 * Snapping while moving: the dragged object (or selection) jumps to the page's edges and centre lines and to the
 * other objects' edges and centres, and guide lines show where. The guides are painted on the screen canvas
 * after fabric renders (never fabric objects), so they can never reach the saved JSON, an export or a thumbnail.
 * Returns the function that detaches it.
 */
export function attachSnapping(
  canvas: Canvas,
  options: { page: () => { width: number; height: number }; thresholdPx?: number },
): () => void {
  let guides: Guide[] = [];
  const threshold = options.thresholdPx ?? SNAP_THRESHOLD_PX;

  const onMoving = (event: BasicTransformEvent<TPointerEvent> & { target: FabricObject }) => {
    const target = event.target;
    // fabric moves the object without refreshing its corner cache; the box must be where it is now.
    target.setCoords();
    const moving = new Set<FabricObject>([target, ...canvas.getActiveObjects()]);
    const others = canvas
      .getObjects()
      .filter((o) => !moving.has(o) && o.visible)
      .map((o) => o.getBoundingRect());
    const result = snapMove({ moving: target.getBoundingRect(), others, page: options.page(), threshold: threshold / canvas.getZoom() });
    if (result.dx !== 0 || result.dy !== 0) {
      target.set({ left: target.left + result.dx, top: target.top + result.dy });
      target.setCoords();
    }
    guides = result.guides;
  };
  const clear = () => {
    if (guides.length === 0) return;
    guides = [];
    canvas.requestRenderAll();
  };
  const draw = ({ ctx }: { ctx: CanvasRenderingContext2D }) => {
    // Only on the editor's own surface: exports (toDataURL, thumbnails) render into other contexts.
    if (guides.length === 0 || ctx !== canvas.getContext()) return;
    // Drawn in screen pixels, each line on a pixel's middle: a crisp 1 px line at every zoom.
    const [a, , , d, e, f] = canvas.viewportTransform;
    const crisp = (v: number) => Math.round(v) + 0.5;
    ctx.save();
    ctx.strokeStyle = GUIDE_COLOUR;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const guide of guides) {
      if (guide.axis === 'vertical') {
        const x = crisp(guide.x * a + e);
        ctx.moveTo(x, guide.y1 * d + f);
        ctx.lineTo(x, guide.y2 * d + f);
      } else {
        const y = crisp(guide.y * d + f);
        ctx.moveTo(guide.x1 * a + e, y);
        ctx.lineTo(guide.x2 * a + e, y);
      }
    }
    ctx.stroke();
    ctx.restore();
  };
  const onUp = (_event: TPointerEventInfo) => clear();

  canvas.on('object:moving', onMoving);
  canvas.on('mouse:up', onUp);
  canvas.on('after:render', draw);
  return () => {
    canvas.off('object:moving', onMoving);
    canvas.off('mouse:up', onUp);
    canvas.off('after:render', draw);
    guides = [];
  };
}
