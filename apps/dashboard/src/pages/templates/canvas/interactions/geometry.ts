/** An axis-aligned box in design (scene) pixels: what fabric's `getBoundingRect()` answers. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How far to move one box. */
export interface Shift {
  dx: number;
  dy: number;
}

export type AlignEdge = 'left' | 'centre' | 'right' | 'top' | 'middle' | 'bottom';
export type DistributeAxis = 'horizontal' | 'vertical';

/** The smallest box holding every box (the selection's bounds). */
export function unionOf(boxes: readonly Box[]): Box {
  if (boxes.length === 0) return { left: 0, top: 0, width: 0, height: 0 };
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const right = Math.max(...boxes.map((b) => b.left + b.width));
  const bottom = Math.max(...boxes.map((b) => b.top + b.height));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Moves each box so that the chosen edge (or centre line) meets the same edge of `reference`. The editor passes
 * the selection's bounds as the reference when several objects are selected, and the page when only one is
 * (aligning one object to itself would do nothing), as design tools do.
 */
export function alignShifts(boxes: readonly Box[], edge: AlignEdge, reference: Box = unionOf(boxes)): Shift[] {
  return boxes.map((box) => {
    switch (edge) {
      case 'left':
        return { dx: reference.left - box.left, dy: 0 };
      case 'centre':
        return { dx: reference.left + reference.width / 2 - (box.left + box.width / 2), dy: 0 };
      case 'right':
        return { dx: reference.left + reference.width - (box.left + box.width), dy: 0 };
      case 'top':
        return { dx: 0, dy: reference.top - box.top };
      case 'middle':
        return { dx: 0, dy: reference.top + reference.height / 2 - (box.top + box.height / 2) };
      case 'bottom':
        return { dx: 0, dy: reference.top + reference.height - (box.top + box.height) };
    }
  });
}

/**
 * Equal gaps between neighbours along one axis: the first and last boxes (by position) stay, the others move so
 * that every gap is the same. The gap may be negative when the boxes are wider than the span (they overlap
 * evenly). Fewer than three boxes have nothing to distribute. Shifts come back in the input's order.
 */
export function distributeShifts(boxes: readonly Box[], axis: DistributeAxis): Shift[] {
  const shifts: Shift[] = boxes.map(() => ({ dx: 0, dy: 0 }));
  if (boxes.length < 3) return shifts;
  const start = (b: Box) => (axis === 'horizontal' ? b.left : b.top);
  const size = (b: Box) => (axis === 'horizontal' ? b.width : b.height);
  // Sorted by centre so that a wide box starting early but ending late keeps its natural place.
  const order = boxes.map((_, i) => i).sort((a, b) => start(boxes[a]!) + size(boxes[a]!) / 2 - (start(boxes[b]!) + size(boxes[b]!) / 2));
  const first = boxes[order[0]!]!;
  const last = boxes[order[order.length - 1]!]!;
  const span = start(last) + size(last) - start(first);
  const occupied = order.reduce((sum, i) => sum + size(boxes[i]!), 0);
  const gap = (span - occupied) / (order.length - 1);
  let cursor = start(first);
  for (const i of order) {
    const box = boxes[i]!;
    const delta = cursor - start(box);
    shifts[i] = axis === 'horizontal' ? { dx: delta, dy: 0 } : { dx: 0, dy: delta };
    cursor += size(box) + gap;
  }
  return shifts;
}
