/** How far each paste lands from the one before, in design pixels, so a paste never hides its original. */
export const PASTE_OFFSET = 20;

/**
 * Moves serialized objects (fabric's `toObject()` output: `left`/`top` in design pixels) by `times` paste
 * offsets. Pasting the same copy again moves it one more step, as design tools do.
 */
export function offsetObjects<T extends { left?: number; top?: number }>(objects: readonly T[], times: number): T[] {
  const by = PASTE_OFFSET * times;
  return objects.map((o) => ({ ...o, left: (o.left ?? 0) + by, top: (o.top ?? 0) + by }));
}
