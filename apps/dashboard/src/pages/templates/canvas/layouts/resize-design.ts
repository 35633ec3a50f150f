type Json = Record<string, unknown>;

export interface Size {
  width: number;
  height: number;
}

/** The contract's layout key: `^[a-z0-9-]{1,64}$`, and `default` is the template itself. */
export function layoutKeyProblem(key: string, existing: string[]): string | null {
  if (!/^[a-z0-9-]{1,64}$/.test(key)) return 'Use 1–64 lower-case letters, digits and dashes.';
  if (key === 'default' || existing.includes(key)) return `A layout named ${key} exists already.`;
  return null;
}

/**
 * A copy of a design for another size: positions follow the new width and height; sizes scale by the
 * smaller of the two factors, so a text or an image keeps its proportions instead of stretching.
 */
export function resizeDesign(design: Json, from: Size, to: Size): Json {
  const copy = structuredClone(design);
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  const s = Math.min(sx, sy);
  const objects = Array.isArray(copy.objects) ? (copy.objects as Json[]) : [];
  for (const object of objects) {
    if (!object || typeof object !== 'object') continue;
    if (typeof object.left === 'number') object.left = object.left * sx;
    if (typeof object.top === 'number') object.top = object.top * sy;
    object.scaleX = (typeof object.scaleX === 'number' ? object.scaleX : 1) * s;
    object.scaleY = (typeof object.scaleY === 'number' ? object.scaleY : 1) * s;
  }
  return copy;
}
