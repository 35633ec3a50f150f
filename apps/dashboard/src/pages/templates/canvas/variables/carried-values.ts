/**
 * The values another page sends the canvas editor in its navigation state (a failed render's "Render again",
 * failed-render-help.ts), as the editor's tried values: every value as the text its Variables field shows. A render
 * keeps its variables as they were sent, so a number or a yes/no comes as JSON (3, true) and becomes "3", "true",
 * which the renderer reads back as that type; a value no field can hold (a list, an object, null) is left out.
 * Nothing to carry (no state, no usable value) is undefined: the editor then shows the values last tried here.
 */
export function carriedTriedValues(state: unknown): Record<string, string> | undefined {
  const values = state !== null && typeof state === 'object' ? (state as { values?: unknown }).values : undefined;
  if (values === null || typeof values !== 'object' || Array.isArray(values)) return undefined;
  const texts = Object.entries(values as Record<string, unknown>).flatMap(([name, value]) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [[name, String(value)] as const] : [],
  );
  return texts.length > 0 ? Object.fromEntries(texts) : undefined;
}
