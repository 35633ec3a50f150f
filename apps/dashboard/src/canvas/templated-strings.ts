/**
 * What the renderer's canvas templating (libs/render-requests canvas-templating.ts) fills in a design's
 * strings, as far as the editor previews it. Pure: the dashboard's unit tests import it under Node.
 */

import { IDENTIFIER_PART, IDENTIFIER_START } from '@pressroom/contracts';

/**
 * `{{ name }}` with a plain name (what the starters and the editor write), named as the template language names
 * variables (contracts' identifier characters, Unicode letters included); expressions are left as written.
 */
export const PLACEHOLDER = new RegExp(`\\{\\{\\s*([${IDENTIFIER_START}][${IDENTIFIER_PART}]*)\\s*\\}\\}`, 'gu');

/** The colour strings filled like a text (`"fill": "{{accent}}"`); the canvas background is filled too. */
export const TEMPLATED_COLOURS = ['fill', 'stroke', 'backgroundColor'] as const;

/** `text` with each plain placeholder whose name has a value in `scope` replaced by it; the others stay as written. */
export function fillPlaceholders(text: string, scope: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    scope[name] === undefined || scope[name] === null ? whole : String(scope[name]),
  );
}
