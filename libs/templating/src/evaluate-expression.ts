import { evaluateNode } from './evaluator.js';
import { compileExpression } from './parse-cache.js';
import { Scope } from './scope.js';
import { StepBudget } from './step-budget.js';

/** `{{ a + b }}` → `a + b`; anything else unchanged (trimmed). */
export function stripBraces(source: string): string {
  const text = source.trim();
  if (text.startsWith('{{') && text.endsWith('}}') && text.indexOf('}}') === text.length - 2) return text.slice(2, -2).trim();
  return text;
}

/**
 * Evaluate one expression (with or without its `{{ }}`) against variables.
 * Every undefined variable is an error here, bare or not. Throws ExpressionError.
 */
export function evaluateExpression(source: string, scope: Record<string, unknown>, options: { steps?: StepBudget } = {}): unknown {
  const compiled = compileExpression(stripBraces(source));
  return evaluateNode(compiled.ast, { source: compiled.source, scope: Scope.of(scope), budget: options.steps ?? new StepBudget() });
}
