/** A rectangle in design pixels (top-left corner and size). */
export interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How far each new object lands from one already at its spot, in design pixels (down and right). */
export const CASCADE_STEP = 24;

/**
 * The part of the design a person sees: the canvas element's box (screen pixels) cut to each box that clips it
 * (the scrolling canvas area, the window), turned into design pixels at the zoom. The whole design when nothing of
 * it shows (then a new object is not lost off an edge either).
 */
export function visibleDesignArea(
  canvasBox: { left: number; top: number; right: number; bottom: number },
  clips: readonly { left: number; top: number; right: number; bottom: number }[],
  zoom: number,
  design: { width: number; height: number },
): Area {
  let { left, top, right, bottom } = canvasBox;
  for (const clip of clips) {
    left = Math.max(left, clip.left);
    top = Math.max(top, clip.top);
    right = Math.min(right, clip.right);
    bottom = Math.min(bottom, clip.bottom);
  }
  const scale = zoom > 0 ? zoom : 1;
  const area = {
    left: Math.max(0, (left - canvasBox.left) / scale),
    top: Math.max(0, (top - canvasBox.top) / scale),
    width: Math.min(design.width, (right - left) / scale),
    height: Math.min(design.height, (bottom - top) / scale),
  };
  if (area.width <= 0 || area.height <= 0) return { left: 0, top: 0, ...design };
  return area;
}

/** Whether two rectangles overlap (touching edges do not). */
export function overlaps(a: Area, b: Area): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

/**
 * Where a new object's top-left corner goes: centred in the visible area (at its top-left when the object is larger)
 * when that spot overlaps no existing object's bounding box (`boxes`); else the free spot on a `CASCADE_STEP` grid
 * inside the visible area nearest that centre; else (no free spot) the centre.
 */
export function placeNewObject(
  visible: Area,
  size: { width: number; height: number },
  boxes: readonly Area[],
): { left: number; top: number } {
  const centre = {
    left: Math.round(visible.left + Math.max(0, (visible.width - size.width) / 2)),
    top: Math.round(visible.top + Math.max(0, (visible.height - size.height) / 2)),
  };
  const free = (at: { left: number; top: number }) => !boxes.some((box) => overlaps({ ...at, ...size }, box));
  if (free(centre)) return centre;
  let best: { left: number; top: number } | undefined;
  let bestDistance = Infinity;
  const right = visible.left + visible.width - size.width;
  const bottom = visible.top + visible.height - size.height;
  // Bounded grid: at most ~100×100 candidates whatever the design size.
  const stepX = Math.max(CASCADE_STEP, (right - visible.left) / 100);
  const stepY = Math.max(CASCADE_STEP, (bottom - visible.top) / 100);
  for (let top = visible.top; top <= bottom; top += stepY) {
    for (let left = visible.left; left <= right; left += stepX) {
      const at = { left: Math.round(left), top: Math.round(top) };
      const distance = (at.left - centre.left) ** 2 + (at.top - centre.top) ** 2;
      if (distance < bestDistance && free(at)) {
        best = at;
        bestDistance = distance;
      }
    }
  }
  return best ?? centre;
}
