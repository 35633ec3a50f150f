import type { CanvasFont, CanvasFontSource, VariableDefinition } from '@pressroom/contracts';
import { describeFieldErrors, ProblemError } from '@pressroom/problem';
import { expressionProblem, isExpressionError, missingVariablesProblem, resolveVariables } from '@pressroom/templating';
import { checkCanvasDocument } from './canvas-check.js';
import { CanvasTemplating } from './canvas-templating.js';

/** A canvas as a renderer receives it: templated fabric JSON and the fonts to load. */
export interface CanvasRenderSource {
  kind: 'canvas';
  canvas: Record<string, unknown>;
  fonts: CanvasFontSource[];
}

export interface PrepareCanvasInput {
  /** fabric canvas JSON with Pressroom's additions (`fonts`, `_if`, `variableBindings`, `{{ }}`). */
  document: Record<string, unknown>;
  variables: Record<string, unknown>;
  definitions: VariableDefinition[];
  strictVariables: boolean;
  /** Where the document sits in the request, for error fields. */
  field?: string;
}

/**
 * Check a canvas document (400 with per-field errors), resolve its variables
 * (defaults, coercion, validation: 400 per variable), then apply them
 * (CanvasTemplating). Expression errors are 400 expression-error. Nothing is
 * queued before this has succeeded.
 */
export function prepareCanvas(input: PrepareCanvasInput): CanvasRenderSource {
  const field = input.field ?? 'fabricJSData';
  const errors = checkCanvasDocument(input.document, field);
  if (errors.length > 0) {
    throw new ProblemError('validation-error', {
      detail: describeFieldErrors('The canvas JSON is invalid', errors),
      errors,
    });
  }
  const scope = resolveVariables(input.definitions, input.variables);
  const templating = new CanvasTemplating(scope);
  let canvas: Record<string, unknown>;
  try {
    canvas = templating.document(input.document, field);
  } catch (error) {
    if (isExpressionError(error)) throw expressionProblem(error);
    throw error;
  }
  if (templating.bindingErrors.length > 0) {
    throw new ProblemError('validation-error', {
      detail: `Variables bound to canvas objects have the wrong type: ${templating.bindingErrors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
      errors: templating.bindingErrors,
    });
  }
  if (input.strictVariables && templating.missing.size > 0) throw missingVariablesProblem(templating.missing);
  return { kind: 'canvas', canvas, fonts: fontsOf(input.document.fonts) };
}

/** The canvas size a document states, when it states one (checked by checkCanvasDocument). */
export function canvasSizeOf(document: Record<string, unknown>): { width?: number; height?: number } {
  return {
    ...(typeof document.width === 'number' ? { width: document.width } : {}),
    ...(typeof document.height === 'number' ? { height: document.height } : {}),
  };
}

function fontsOf(fonts: unknown): CanvasFontSource[] {
  if (!Array.isArray(fonts)) return [];
  return (fonts as CanvasFont[]).map((font) => ({
    family: font.family.trim(),
    url: font.url,
    ...(font.weight !== undefined ? { weight: String(font.weight) } : {}),
    ...(font.style !== undefined ? { style: font.style } : {}),
  }));
}
