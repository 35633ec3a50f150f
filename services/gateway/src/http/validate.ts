import type { z } from 'zod';
import { inputViolations, issueMessage, nearMissFieldErrors } from '@pressroom/contracts';
import { describeFieldErrors, ProblemError, type FieldError } from '@pressroom/problem';

type Where = 'body' | 'query' | 'path';

type Issue = z.core.$ZodIssue;

/**
 * One bound per field and side: `z.number().int().max(1e9)` given 1e20 fails both the safe-integer bound
 * (9007199254740991) and the schema's own; only the tighter one is the field's real limit, so only it is said.
 */
export function withTightestBounds(issues: readonly Issue[]): Issue[] {
  const key = (issue: Issue) => `${issue.code} ${issue.path.map(String).join('.')}`;
  const tightest = new Map<string, Issue>();
  for (const issue of issues) {
    if (issue.code !== 'too_big' && issue.code !== 'too_small') continue;
    const held = tightest.get(key(issue));
    const tighter =
      !held ||
      (issue.code === 'too_big' && held.code === 'too_big' && Number(issue.maximum) < Number(held.maximum)) ||
      (issue.code === 'too_small' && held.code === 'too_small' && Number(issue.minimum) > Number(held.minimum));
    if (tighter) tightest.set(key(issue), issue);
  }
  return issues.filter((issue) => (issue.code !== 'too_big' && issue.code !== 'too_small') || tightest.get(key(issue)) === issue);
}

function fieldErrors(issues: readonly Issue[]): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
    code: issue.code,
  }));
}

export function validationProblem(errors: FieldError[], where: Where): ProblemError {
  return new ProblemError('validation-error', { detail: describeFieldErrors(`The request ${where} is invalid`, errors), errors });
}

/**
 * A strict schema's own "Unknown field" issue without the keys already refused as near misses
 * (each has its own error naming the field it meant); dropped when none is left.
 */
function withoutNearMisses(errors: FieldError[], issues: readonly Issue[], nearMisses: ReadonlySet<string>): FieldError[] {
  return issues.flatMap((issue, i) => {
    if (issue.code !== 'unrecognized_keys' || issue.path.length > 0) return [errors[i]!];
    const keys = issue.keys.filter((key) => !nearMisses.has(key));
    if (keys.length === 0) return [];
    if (keys.length === issue.keys.length) return [errors[i]!];
    return [{ ...errors[i]!, message: issueMessage({ ...issue, keys, input: undefined }) ?? errors[i]!.message }];
  });
}

/**
 * Parse with a zod schema or throw a 400 validation problem listing each failing field. Every
 * JSON body passes here, so this is where the near-miss rule for unknown body fields runs
 * (`nearMissFieldErrors`, ADR 0060): `{"widht": 800}` is refused at `widht`, naming `width`;
 * other unknown keys stay ignored.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, where: 'body' | 'query' = 'body'): z.infer<S> {
  const nearMisses = where === 'body' ? nearMissFieldErrors(schema, input) : [];
  const result = schema.safeParse(input);
  if (result.success && nearMisses.length === 0) return result.data;
  const issues = result.success ? [] : withTightestBounds(result.error.issues);
  const errors = withoutNearMisses(fieldErrors(issues), issues, new Set(nearMisses.map((e) => e.field)));
  throw validationProblem([...nearMisses, ...errors], where);
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
