import { eachObject } from './design-walk.js';
import { fillPlaceholders, TEMPLATED_COLOURS } from './templated-strings.js';

type Json = Record<string, unknown>;

/** Where an object loaded for editing keeps the colours it shows in place of their placeholders. */
export const COLOUR_PREVIEWS = 'colourPreviews';

/** A colour string with placeholders (`{{accent}}`) and the colour the editor draws for it. */
export interface ColourPreview {
  template: string;
  preview: string;
}

function previewOf(value: unknown, scope: Record<string, unknown>, fallback: string): ColourPreview | null {
  if (typeof value !== 'string' || !value.includes('{{')) return null;
  const filled = fillPlaceholders(value, scope);
  return { template: value, preview: filled.includes('{{') ? fallback : filled };
}

/**
 * A design to edit, its colour placeholders drawn: fabric draws a colour it cannot parse (`{{accent}}`)
 * black, so each such fill, stroke and backgroundColor shows its value from `scope` (the variables' samples;
 * `fallback` where that still leaves a placeholder) and keeps what it was written as under COLOUR_PREVIEWS.
 * The canvas background is returned beside the design, as fabric keeps no own key on the canvas.
 * `withoutColourPreviews` turns the edited design back. A copy: `design` is not changed.
 */
export function withColourPreviews(
  design: Json,
  scope: Record<string, unknown>,
  fallback: string,
): { design: Json; background: ColourPreview | null } {
  const copy = structuredClone(design);
  eachObject(copy, (object) => {
    const previews: Record<string, ColourPreview> = {};
    for (const key of TEMPLATED_COLOURS) {
      const preview = previewOf(object[key], scope, fallback);
      if (!preview) continue;
      previews[key] = preview;
      object[key] = preview.preview;
    }
    if (Object.keys(previews).length > 0) object[COLOUR_PREVIEWS] = previews;
  });
  const background = previewOf(copy.background, scope, fallback);
  if (background) copy.background = background.preview;
  return { design: copy, background };
}

/**
 * The edited design as it is saved: a colour still showing its preview is written as its placeholder again;
 * one the user changed keeps the new colour (the variable no longer sets it). A copy.
 */
export function withoutColourPreviews(edited: Json, background: ColourPreview | null): Json {
  const copy = structuredClone(edited);
  eachObject(copy, (object) => {
    const previews = object[COLOUR_PREVIEWS] as Record<string, ColourPreview> | undefined;
    delete object[COLOUR_PREVIEWS];
    for (const [key, preview] of Object.entries(previews ?? {})) {
      if (object[key] === preview.preview) object[key] = preview.template;
    }
  });
  if (background && copy.background === background.preview) copy.background = background.template;
  return copy;
}

/** The placeholder a colour still stands for: `preview`'s, while the colour is the one drawn for it; else null. */
export function placeholderShown(preview: ColourPreview | null | undefined, current: unknown): string | null {
  return preview && current === preview.preview ? preview.template : null;
}

/** The placeholder an object's `key` (fill, stroke, backgroundColor) still stands for in the editor, if any. */
export function objectPlaceholder(object: object, key: string): string | null {
  const previews = (object as Json)[COLOUR_PREVIEWS] as Record<string, ColourPreview> | undefined;
  return placeholderShown(previews?.[key], (object as Json)[key]);
}
