/**
 * What a template in strict mode says when variables have no value: one wording, used by the renderer's refusal
 * (libs/templating) and by the dashboard's check before a batch starts, so a user reads the same sentence before and
 * after. Plain words: "strict mode" is the name the template editor gives the setting.
 */
export function strictVariablesMissing(names: readonly string[]): string {
  return `The template is in strict mode (\`strictVariables\`), which refuses a render without a value for every variable, and no value was given for ${names.join(', ')}.`;
}

/** The per-field message of the same refusal (`variables.<name>`). */
export const STRICT_VARIABLE_MISSING = 'No value given: the template is in strict mode (`strictVariables`), which needs one.';
