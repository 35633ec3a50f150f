import type { z } from 'zod';
import { ProblemError, type FieldError } from '@pressroom/problem';

function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
}

/** Parse with a zod schema or throw a 400 validation problem listing each failing field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, where: 'body' | 'query' = 'body'): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  const summary = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
  throw new ProblemError('validation-error', {
    detail: `The request ${where} is invalid: ${summary}`,
    errors,
  });
}
