/**
 * [ and ] on the canvas: the layer to select next, by its place in the stack (0 is the back), so a person without a
 * mouse picks layers where they work instead of in the Layers panel. Only pickable layers (shown, not locked) count;
 * the step wraps around. With none selected, [ starts at the front (the top of the Layers list) and ] at the back.
 */
export function steppedLayer(pickable: readonly boolean[], current: number | undefined, direction: 1 | -1): number | undefined {
  const count = pickable.length;
  if (!pickable.includes(true)) return undefined;
  let at = current ?? (direction === 1 ? -1 : count);
  for (let step = 0; step < count; step++) {
    at = (((at + direction) % count) + count) % count;
    if (pickable[at]) return at;
  }
  return undefined;
}
