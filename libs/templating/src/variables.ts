import { readVariables, type VariableDefinition } from '@pressroom/contracts';
import { describeFieldErrors, ProblemError } from '@pressroom/problem';

/**
 * The variables a render sees: the supplied ones, plus `defaultValue` for
 * defined variables not supplied, coerced to their type (number and boolean
 * from text) and validated (required, minLength, maxLength, colour and image
 * syntax). Throws a 400 validation-error with one `variables.<name>` entry
 * per failing variable.
 */
export function resolveVariables(definitions: VariableDefinition[], supplied: Record<string, unknown>): Record<string, unknown> {
  // The reading rules live in contracts (variable-values.ts), shared with saved definitions and the dashboard.
  const { values, errors } = readVariables(definitions, supplied);
  if (errors.length > 0) {
    const fields = errors.map((e) => ({ field: `variables.${e.name}`, message: e.message }));
    // One sentence however many fail: each message without its own full stop (`…; got 12; variables.n: …`).
    throw new ProblemError('validation-error', {
      detail: describeFieldErrors('Invalid template variables', fields),
      errors: fields,
    });
  }
  return values;
}
