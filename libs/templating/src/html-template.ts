import type { VariableDefinition } from '@pressroom/contracts';
import { escapeHtml } from './escape-html.js';
import { ExpressionError, expressionProblem } from './expression-error.js';
import { DIRECTIVE_ATTRIBUTE, renderWithDirectives } from './html-directives.js';
import { missingVariablesProblem, newRenderState, renderTextWith } from './render-text.js';
import { Scope } from './scope.js';
import { resolveVariables } from './variables.js';

export interface RenderHtmlTemplateOptions {
  html: string;
  /** As supplied by the caller; definitions add defaults, coercion and validation. */
  variables: Record<string, unknown>;
  definitions: VariableDefinition[];
  strictVariables: boolean;
}

/**
 * A template's HTML with its variables: values HTML-escaped (unless their
 * definition has `allowRawHtml`), `_if` / `_for` applied. Templates without
 * those attributes skip the HTML parse. Throws ProblemError: 400
 * `validation-error` (bad or, with strictVariables, missing variables) or
 * 400 `expression-error` (with `expression` and `position`).
 */
export function renderHtmlTemplate(options: RenderHtmlTemplateOptions): string {
  const variables = resolveVariables(options.definitions, options.variables);
  const rawVariables = new Set(options.definitions.filter((d) => d.allowRawHtml).map((d) => d.name));
  const state = newRenderState({ escape: escapeHtml, rawVariables });
  const scope = Scope.of(variables);
  let html: string;
  try {
    html = DIRECTIVE_ATTRIBUTE.test(options.html)
      ? renderWithDirectives(options.html, scope, state)
      : renderTextWith(options.html, scope, state);
  } catch (error) {
    if (error instanceof ExpressionError) throw expressionProblem(error);
    throw error;
  }
  if (options.strictVariables && state.missing.size > 0) throw missingVariablesProblem(state.missing);
  return html;
}
