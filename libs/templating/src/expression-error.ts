import { ProblemError } from '@pressroom/problem';

/**
 * A syntax or evaluation error in one expression. `position` is the 1-based
 * column in `expression` where the problem is; `detail` is a sentence meant
 * for the template author.
 */
export class ExpressionError extends Error {
  readonly expression: string;
  readonly position: number;
  readonly detail: string;

  constructor(options: { expression: string; position: number; detail: string }) {
    const position = Math.max(1, Math.floor(options.position));
    super(`${options.detail} (in ${quote(options.expression)} at column ${position})`);
    this.name = 'ExpressionError';
    this.expression = options.expression;
    this.position = position;
    this.detail = options.detail;
  }
}

export function isExpressionError(value: unknown): value is ExpressionError {
  return value instanceof ExpressionError;
}

const SHOWN_EXPRESSION_CHARS = 200;

/** The expression as it appears in messages: braces, and shortened when huge. */
function quote(expression: string): string {
  const shown = expression.length > SHOWN_EXPRESSION_CHARS ? `${expression.slice(0, SHOWN_EXPRESSION_CHARS)}…` : expression;
  return `{{ ${shown} }}`;
}

/** The 400 `expression-error` problem for an expression error, with `expression` and `position` members. */
export function expressionProblem(error: ExpressionError): ProblemError {
  const expression =
    error.expression.length > SHOWN_EXPRESSION_CHARS ? `${error.expression.slice(0, SHOWN_EXPRESSION_CHARS)}…` : error.expression;
  return new ProblemError('expression-error', {
    detail: `${error.detail} In ${quote(error.expression)} at column ${error.position}.`,
    extensions: { expression, position: error.position },
  });
}
