import { errorCodeOfSlug } from '@pressroom/contracts';
import type { TemplateRow } from '@pressroom/db';
import { isProblemError } from '@pressroom/problem';
import { DEFAULT_LAYOUT } from './layouts.js';
import { templateImageSource, type TemplateImageSource } from './template-source.js';

export type TemplateItemPlan = ({ ok: true } & TemplateImageSource) | { ok: false; error: string; errorCode: string };

/**
 * One image of a template planned for a render nobody waits on (a batch
 * item, a binding refresh): the same choice and templating as
 * `POST /templates/{uid}/render` (templateImageSource), with problems
 * returned as the item's `error`/`errorCode` instead of thrown: a template
 * deleted since, a layout removed since, variables failing the definitions,
 * a bad expression, an invalid canvas.
 */
export function planTemplateItem(
  template: TemplateRow | null,
  options: { templateId: string; layout: string | null; variables: Record<string, unknown> },
): TemplateItemPlan {
  if (!template) {
    return {
      ok: false,
      errorCode: 'TEMPLATE_NOT_FOUND',
      error: `The template ${options.templateId} no longer exists; it was deleted before this item started.`,
    };
  }
  const layout = options.layout ?? DEFAULT_LAYOUT;
  if (layout !== DEFAULT_LAYOUT && !Object.hasOwn(template.layouts, layout)) {
    return {
      ok: false,
      errorCode: 'LAYOUT_NOT_FOUND',
      error: `Template ${template.uid} has no layout ${JSON.stringify(layout)} any more.`,
    };
  }
  try {
    return { ok: true, ...templateImageSource(template, { variables: options.variables, layout }) };
  } catch (error) {
    if (isProblemError(error)) return { ok: false, errorCode: errorCodeOfSlug(error.slug), error: error.detail };
    throw error;
  }
}
