import type { VariableDefinition } from '@pressroom/contracts';
import type { TemplateRow } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { renderHtmlTemplate } from '@pressroom/templating';
import { canvasGifRefusal } from './gif-output.js';
import { resolveLayout } from './layouts.js';

export interface TemplatePageSource {
  /** The layout rendered (`default` for the template itself). */
  layout: string;
  html: string;
  width: number;
  height: number;
  jsEnabled: boolean;
}

/**
 * The HTML page of a template (or of one of its layouts) with its variables
 * applied by the template language: defaults, validation, expressions,
 * escaping, `_if` / `_for`. Bad variables or expressions are 400s here,
 * before anything is queued. For renderers that only load pages (GIF): a
 * canvas design is a 400, worded as the GIF rule words it (gif-output.ts).
 */
export function templatePage(
  template: TemplateRow,
  options: { variables: Record<string, unknown>; layout?: string | undefined },
): TemplatePageSource {
  const layout = resolveLayout(template, options.layout);
  if (layout.html === null) {
    throw new ProblemError('validation-error', {
      detail: `${canvasGifRefusal(template, layout.key).message} Canvas templates render as images (POST /image with \`template\`, or POST /templates/{uid}/render).`,
      errors: [{ field: 'template', message: 'Canvas templates render as images only.', code: 'unsupported_format' }],
    });
  }
  return {
    layout: layout.key,
    html: renderHtmlTemplate({
      html: layout.html,
      variables: options.variables,
      definitions: template.variableDefinitions as VariableDefinition[],
      strictVariables: template.strictVariables,
    }),
    width: layout.width,
    height: layout.height,
    jsEnabled: template.jsEnabled,
  };
}
