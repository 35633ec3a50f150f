import type { z } from 'zod';
import { ProblemError, describeFieldErrors, isProblemError } from '@pressroom/problem';
import { assertStorableInput, parseOrThrow } from '../http/validate.js';

/**
 * A tool's arguments, checked as the API checks a body: the door rule (depth, NUL, lone
 * surrogates), then the schema with the near-miss rule for unknown fields. A mistake is the
 * API's validation problem, each bad field in `errors`, with the detail naming the tool
 * (`(arguments)` stands for the whole object, where the API says `(body)`).
 */
export function toolArguments(tool: string, schema: z.ZodType, args: Record<string, unknown>): unknown {
  try {
    assertStorableInput(args, 'body');
    return parseOrThrow(schema, args);
  } catch (error) {
    if (!isProblemError(error) || error.slug !== 'validation-error' || !error.errors) throw error;
    const errors = error.errors.map((e) => (e.field === '(body)' ? { ...e, field: '(arguments)' } : e));
    throw new ProblemError('validation-error', { detail: describeFieldErrors(`The arguments of ${tool} are invalid`, errors), errors });
  }
}
