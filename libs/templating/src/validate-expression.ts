import { stripBraces } from './evaluate-expression.js';
import { isExpressionError } from './expression-error.js';
import { compileExpression } from './parse-cache.js';

export type ExpressionCheck = { valid: true } | { valid: false; error: string; position: number };

/**
 * Whether an expression (with or without `{{ }}`) parses, without evaluating
 * it: an editor can check what an author typed before any variables exist.
 */
export function validateExpression(source: string): ExpressionCheck {
  try {
    compileExpression(stripBraces(source));
    return { valid: true };
  } catch (error) {
    if (!isExpressionError(error)) throw error;
    return { valid: false, error: error.detail, position: error.position };
  }
}
