import { GIF_MAX_SIZE } from '@pressroom/contracts';
import type { TemplateRow } from '@pressroom/db';
import { DEFAULT_LAYOUT, resolveLayout } from './layouts.js';

/** Why a layout of a template cannot be an animated GIF: `canvas` (nothing to animate) or `size` (over GIF_MAX_SIZE a side). */
export interface GifRefusal {
  reason: 'canvas' | 'size';
  /** The sentence every GIF producer states the refusal with; each adds what the caller can do instead. */
  message: string;
}

/** What the format-choosing callers (batches) add: the image formats the same layout does render as. */
export const GIF_REFUSAL_REMEDY = 'Use png, jpeg or webp.';

const named = (template: TemplateRow, layout: string) =>
  layout === DEFAULT_LAYOUT ? `template ${template.uid}` : `layout ${JSON.stringify(layout)} of template ${template.uid}`;

/** The canvas refusal alone: for POST /gif, whose size comes from the body, not the layout. */
export function canvasGifRefusal(template: TemplateRow, layout: string = DEFAULT_LAYOUT): GifRefusal {
  return { reason: 'canvas', message: `GIF output animates an HTML page; ${named(template, layout)} is a canvas design.` };
}

/**
 * The one rule of which template layouts render as GIFs at their own size (a batch with
 * `format: "gif"`): an HTML page of at most GIF_MAX_SIZE pixels a side. The kind and size
 * are known from the stored template, so a batch is refused before anything is queued; the
 * scheduler asks again per item, since the template may be edited while the batch waits.
 * Null when the layout renders as a GIF. An unknown layout throws resolveLayout's 404.
 */
export function gifRefusalOf(template: TemplateRow, layoutKey: string = DEFAULT_LAYOUT): GifRefusal | null {
  const layout = resolveLayout(template, layoutKey);
  if (layout.html === null) return canvasGifRefusal(template, layout.key);
  if (Math.max(layout.width, layout.height) > GIF_MAX_SIZE) {
    return {
      reason: 'size',
      message: `GIF output is at most ${GIF_MAX_SIZE} pixels a side; ${named(template, layout.key)} is ${layout.width}x${layout.height}.`,
    };
  }
  return null;
}
