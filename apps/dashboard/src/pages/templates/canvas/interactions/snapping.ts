import type { Box } from './geometry.js';

/** A guide line to draw, in design pixels: vertical at x (from y1 to y2) or horizontal at y (from x1 to x2). */
export type Guide = { axis: 'vertical'; x: number; y1: number; y2: number } | { axis: 'horizontal'; y: number; x1: number; x2: number };

export interface SnapResult {
  /** Add to the moving box's position so that it lands on the nearest line (0 when nothing is near enough). */
  dx: number;
  dy: number;
  guides: Guide[];
}

export interface SnapInput {
  moving: Box;
  /** The other objects' boxes (not the moving ones). */
  others: readonly Box[];
  /** The design's size: its edges and centre lines are snap lines too. */
  page: { width: number; height: number };
  /**
   * How near (in design pixels) a line must be to pull. The editor passes a threshold in screen pixels divided
   * by the zoom, so the pull feels the same at every zoom.
   */
  threshold: number;
}

/** The three lines of a box along one axis: start edge, centre, end edge. */
function linesOf(box: Box, axis: 'x' | 'y'): number[] {
  const start = axis === 'x' ? box.left : box.top;
  const size = axis === 'x' ? box.width : box.height;
  return [start, start + size / 2, start + size];
}

/** The nearest pair (moving line, target line) within the threshold along one axis; null when none is near. */
function nearest(moving: number[], targets: number[], threshold: number): number | null {
  let best: number | null = null;
  for (const m of moving) {
    for (const t of targets) {
      const delta = t - m;
      if (Math.abs(delta) <= threshold && (best === null || Math.abs(delta) < Math.abs(best))) best = delta;
    }
  }
  return best;
}

/**
 * Snaps a moving box to the page's edges and centre lines and to the other boxes' edges and centres, each axis on
 * its own. Returns the correction and the guides to draw for every line the snapped box now touches (a guide
 * spans the moving box and the boxes sharing the line, or the whole page for page lines).
 */
export function snapMove({ moving, others, page, threshold }: SnapInput): SnapResult {
  const pageBox: Box = { left: 0, top: 0, width: page.width, height: page.height };
  const targetsX = [...linesOf(pageBox, 'x'), ...others.flatMap((b) => linesOf(b, 'x'))];
  const targetsY = [...linesOf(pageBox, 'y'), ...others.flatMap((b) => linesOf(b, 'y'))];
  const dx = nearest(linesOf(moving, 'x'), targetsX, threshold) ?? 0;
  const dy = nearest(linesOf(moving, 'y'), targetsY, threshold) ?? 0;
  const snapped: Box = { ...moving, left: moving.left + dx, top: moving.top + dy };
  return { dx, dy, guides: guidesFor(snapped, others, pageBox) };
}

const touches = (a: number, b: number) => Math.abs(a - b) < 0.5;

/** Every line of `box` that meets a line of the page or of another box, as guides to draw. */
export function guidesFor(box: Box, others: readonly Box[], page: Box): Guide[] {
  const guides: Guide[] = [];
  for (const x of linesOf(box, 'x')) {
    if (guides.some((g) => g.axis === 'vertical' && touches(g.x, x))) continue;
    const sharing = others.filter((o) => linesOf(o, 'x').some((l) => touches(l, x)));
    const onPage = linesOf(page, 'x').some((l) => touches(l, x));
    if (!onPage && sharing.length === 0) continue;
    const span = onPage ? [page] : [box, ...sharing];
    guides.push({ axis: 'vertical', x, y1: Math.min(...span.map((b) => b.top)), y2: Math.max(...span.map((b) => b.top + b.height)) });
  }
  for (const y of linesOf(box, 'y')) {
    if (guides.some((g) => g.axis === 'horizontal' && touches(g.y, y))) continue;
    const sharing = others.filter((o) => linesOf(o, 'y').some((l) => touches(l, y)));
    const onPage = linesOf(page, 'y').some((l) => touches(l, y));
    if (!onPage && sharing.length === 0) continue;
    const span = onPage ? [page] : [box, ...sharing];
    guides.push({ axis: 'horizontal', y, x1: Math.min(...span.map((b) => b.left)), x2: Math.max(...span.map((b) => b.left + b.width)) });
  }
  return guides;
}
