import type { z } from 'zod';
import { inputViolations } from '@pressroom/contracts';
import { describeFieldErrors, ProblemError, type FieldError } from '@pressroom/problem';

type Where = 'body' | 'query' | 'path';

function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
    code: issue.code,
  }));
}

export function validationProblem(errors: FieldError[], where: Where): ProblemError {
  return new ProblemError('validation-error', { detail: describeFieldErrors(`The request ${where} is invalid`, errors), errors });
}

/** Parse with a zod schema or throw a 400 validation problem listing each failing field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, where: 'body' | 'query' = 'body'): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationProblem(fieldErrors(result.error), where);
}

/**
 * The door rule (docs/input-rules.md): throw a 400 validation problem naming each
 * field nested too deep or holding NUL / lone surrogates. `prefix` names the root
 * (`''` for a whole body, `csvUrl.row 3` for a CSV cell…).
 */
export function assertStorableInput(value: unknown, where: Where, prefix = ''): void {
  const violations = inputViolations(value, { prefix });
  if (violations.length > 0) throw validationProblem(violations, where);
}
