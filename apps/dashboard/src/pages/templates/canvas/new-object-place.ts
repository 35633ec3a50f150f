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

/**
 * Where a new object's top-left corner goes: centred in the visible area (at its top-left when the object is larger),
 * then one `CASCADE_STEP` down and right for as long as an object's centre (`centres`) is already there, so each new
 * object shows a step aside from the ones added before it instead of on top of them.
 */
export function placeNewObject(
  visible: Area,
  size: { width: number; height: number },
  centres: readonly { x: number; y: number }[],
): { left: number; top: number } {
  let left = Math.round(visible.left + Math.max(0, (visible.width - size.width) / 2));
  let top = Math.round(visible.top + Math.max(0, (visible.height - size.height) / 2));
  const occupied = () =>
    centres.some(
      (c) => Math.abs(c.x - (left + size.width / 2)) < CASCADE_STEP / 2 && Math.abs(c.y - (top + size.height / 2)) < CASCADE_STEP / 2,
    );
  // Bounded: a design with hundreds of objects at one spot still gets a place.
  for (let step = 0; step < 100 && occupied(); step++) {
    left += CASCADE_STEP;
    top += CASCADE_STEP;
  }
  return { left, top };
}
