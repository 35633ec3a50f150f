import { LAYOUT_KEY, errorCodeOfSlug, type VariableDefinition } from '@pressroom/contracts';
import type { TemplateRow } from '@pressroom/db';
import { isProblemError } from '@pressroom/problem';
import { renderHtmlTemplate } from '@pressroom/templating';

export type ItemPage =
  { ok: true; html: string; width: number; height: number; jsEnabled: boolean } | { ok: false; error: string; errorCode: string };

function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * One batch item's page: the template (or its layout) with the row's
 * variables applied by the template language, as `POST /templates/{uid}/render`
 * does (layouts resolve like the gateway's `resolveLayout`: a layout's own
 * size and design, the template's where it gives none). Problems are the
 * item's, never the batch's: a missing template, a removed layout, variables
 * failing the definitions, a bad expression.
 */
export function itemPage(
  template: TemplateRow | null,
  options: { templateId: string; layout: string | null; variables: Record<string, unknown> },
): ItemPage {
  if (!template) {
    return {
      ok: false,
      errorCode: 'TEMPLATE_NOT_FOUND',
      error: `The template ${options.templateId} no longer exists; it was deleted before this item started.`,
    };
  }
  let html = template.html;
  let width = template.width;
  let height = template.height;
  if (options.layout !== null && options.layout !== 'default') {
    const entry =
      LAYOUT_KEY.test(options.layout) && Object.hasOwn(template.layouts, options.layout) ? template.layouts[options.layout] : undefined;
    if (!entry) {
      return {
        ok: false,
        errorCode: 'LAYOUT_NOT_FOUND',
        error: `Template ${template.uid} has no layout ${JSON.stringify(options.layout)} any more.`,
      };
    }
    const ownHtml = typeof entry.html === 'string' ? entry.html : null;
    const ownCanvas = entry.fabricJSData !== null && typeof entry.fabricJSData === 'object';
    html = ownHtml ?? (ownCanvas ? null : template.html);
    width = positiveInt(entry.width) ?? width;
    height = positiveInt(entry.height) ?? height;
  }
  if (html === null) {
    return {
      ok: false,
      errorCode: 'VALIDATION_ERROR',
      error: `Template ${template.uid} is a FabricJS canvas design; batches render HTML templates.`,
    };
  }
  try {
    const page = renderHtmlTemplate({
      html,
      variables: options.variables,
      definitions: template.variableDefinitions as VariableDefinition[],
      strictVariables: template.strictVariables,
    });
    return { ok: true, html: page, width, height, jsEnabled: template.jsEnabled };
  } catch (error) {
    if (isProblemError(error)) return { ok: false, errorCode: errorCodeOfSlug(error.slug), error: error.detail };
    throw error;
  }
}
