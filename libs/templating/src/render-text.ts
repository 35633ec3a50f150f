import { ProblemError } from '@pressroom/problem';
import { STRICT_VARIABLE_MISSING, strictVariablesMissing } from '@pressroom/contracts';
import { evaluateNode, lookupPath } from './evaluator.js';
import { ExpressionError } from './expression-error.js';
import { LIMITS } from './limits.js';
import { compileExpression, type CompiledExpression } from './parse-cache.js';
import { splitPlaceholders } from './placeholders.js';
import { Scope } from './scope.js';
import { StepBudget } from './step-budget.js';
import { toText } from './values.js';

export interface RenderTextOptions {
  /** Applied to every printed value (HTML escaping for HTML); identity by default. */
  escape?: (text: string) => string;
  /** Missing bare placeholders become a 400 listing every missing name instead of staying literal. */
  strict?: boolean;
  /** The render's step budget, shared by all its expressions. */
  steps?: StepBudget;
  /** Variables whose values print unescaped (`allowRawHtml`): an expression that reads only these is not escaped. */
  rawVariables?: ReadonlySet<string>;
}

/** Internal state of one render, shared by text, attributes and directives. */
export interface RenderState {
  budget: StepBudget;
  missing: Set<string>;
  escape: (text: string) => string;
  rawVariables: ReadonlySet<string>;
  outputLength: number;
}

export function newRenderState(options: RenderTextOptions): RenderState {
  return {
    budget: options.steps ?? new StepBudget(),
    missing: new Set(),
    escape: options.escape ?? ((text) => text),
    rawVariables: options.rawVariables ?? new Set(),
    outputLength: 0,
  };
}

export function isRaw(compiled: CompiledExpression, state: RenderState): boolean {
  return compiled.variables.length > 0 && compiled.variables.every((name) => state.rawVariables.has(name));
}

/** The printed value of one placeholder, or null when it is a bare path to a missing variable (it stays literal). */
export function placeholderValue(compiled: CompiledExpression, scope: Scope, state: RenderState): string | null {
  const ctx = { source: compiled.source, scope, budget: state.budget };
  let value: unknown;
  if (compiled.bare) {
    const found = lookupPath(compiled.ast, ctx);
    if (!found.found) {
      state.missing.add(compiled.source);
      return null;
    }
    value = found.value;
  } else {
    value = evaluateNode(compiled.ast, ctx);
  }
  let text: string;
  try {
    text = toText(value);
  } catch {
    throw new ExpressionError({ expression: compiled.source, position: 1, detail: 'The value cannot be printed (it nests too deeply).' });
  }
  if (text.length > LIMITS.stringLength) {
    throw new ExpressionError({
      expression: compiled.source,
      position: 1,
      detail: `The value is ${text.length} characters long; printed values are limited to ${LIMITS.stringLength}.`,
    });
  }
  return text;
}

/** Count output against the per-render limit. */
export function addOutput(state: RenderState, length: number, expression: string): void {
  state.outputLength += length;
  if (state.outputLength > LIMITS.outputLength) {
    throw new ExpressionError({ expression, position: 1, detail: `The rendered template would exceed ${LIMITS.outputLength} characters.` });
  }
}

/** Render every `{{ }}` of a text with the render state (escaping as the state says). */
export function renderTextWith(text: string, scope: Scope, state: RenderState): string {
  const segments = splitPlaceholders(text);
  if (segments.length === 1 && segments[0]!.kind === 'text') return text;
  let out = '';
  for (const segment of segments) {
    if (segment.kind === 'text') {
      out += segment.text;
      continue;
    }
    const compiled = compileExpression(segment.source);
    const value = placeholderValue(compiled, scope, state);
    const printed = value === null ? segment.raw : isRaw(compiled, state) ? value : state.escape(value);
    addOutput(state, printed.length, segment.source);
    out += printed;
  }
  return out;
}

/** The 400 answer for a strict template rendered without some of its variables. */
export function missingVariablesProblem(missing: Iterable<string>): ProblemError {
  const names = [...missing];
  return new ProblemError('validation-error', {
    detail: strictVariablesMissing(names),
    errors: names.map((name) => ({ field: `variables.${name}`, message: STRICT_VARIABLE_MISSING })),
  });
}

/**
 * Render `{{ }}` placeholders in plain text (no `_if` / `_for`). A bare
 * placeholder whose variable is missing stays literally and is listed in
 * `missing` (with `strict`, a 400 validation-error instead). Other
 * expressions that fail throw ExpressionError.
 */
export function renderText(
  text: string,
  scope: Record<string, unknown>,
  options: RenderTextOptions = {},
): { text: string; missing: string[] } {
  const state = newRenderState(options);
  const rendered = renderTextWith(text, Scope.of(scope), state);
  if (options.strict && state.missing.size > 0) throw missingVariablesProblem(state.missing);
  return { text: rendered, missing: [...state.missing] };
}
