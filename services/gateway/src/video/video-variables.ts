import type { VariableDefinition } from '@pressroom/contracts';
import { ProblemError, type FieldError } from '@pressroom/problem';
import { BlockedUrlError, UnresolvableHostError, type SsrfGuard } from '@pressroom/ssrf';
import { resolveVariables } from '@pressroom/templating';

function invalidVariables(errors: FieldError[]): ProblemError {
  return new ProblemError('invalid-variable', {
    code: 'invalid_variable',
    detail: `Invalid variables: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
    errors,
  });
}

/**
 * The variables a timeline template renders with: only defined names (unknown ones are ignored),
 * defaults filled in, each value checked against its definition (type, colour, image URL,
 * required, lengths), and image URLs through the SSRF guard; any failure is a 422 invalid_variable.
 */
export async function timelineVariables(options: {
  definitions: VariableDefinition[];
  supplied: Record<string, unknown>;
  guard: SsrfGuard;
}): Promise<Record<string, unknown>> {
  const known = Object.fromEntries(
    options.definitions.filter((d) => Object.hasOwn(options.supplied, d.name)).map((d) => [d.name, options.supplied[d.name]]),
  );
  let resolved: Record<string, unknown>;
  try {
    resolved = resolveVariables(options.definitions, known);
  } catch (error) {
    if (error instanceof ProblemError && error.slug === 'validation-error') throw invalidVariables(error.errors ?? []);
    throw error;
  }
  const errors: FieldError[] = [];
  for (const definition of options.definitions) {
    const value = resolved[definition.name];
    if (definition.type !== 'image' || typeof value !== 'string') continue;
    try {
      await options.guard.check(value);
    } catch (error) {
      if (!(error instanceof BlockedUrlError || error instanceof UnresolvableHostError)) throw error;
      errors.push({ field: `variables.${definition.name}`, message: `Unsafe image URL: ${error.detail}` });
    }
  }
  if (errors.length > 0) throw invalidVariables(errors);
  return resolved;
}
