/**
 * What the renderer's canvas templating (libs/render-requests canvas-templating.ts) fills in a design's
 * strings, as far as the editor previews it. Pure: the dashboard's unit tests import it under Node.
 */

/** `{{ name }}` with a plain name (what the starters and the editor write); expressions are left as written. */
export const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The colour strings filled like a text (`"fill": "{{accent}}"`); the canvas background is filled too. */
export const TEMPLATED_COLOURS = ['fill', 'stroke', 'backgroundColor'] as const;

/** `text` with each plain placeholder whose name has a value in `scope` replaced by it; the others stay as written. */
export function fillPlaceholders(text: string, scope: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    scope[name] === undefined || scope[name] === null ? whole : String(scope[name]),
  );
}
