import { VariableDefinitions } from '@pressroom/contracts';
/** Pure rules of the definitions being edited (definitions.tsx); unit tests import them under Node. */

/** A definition as the editor holds it (api/templates.ts VariableDefinition fits; stated here so Node needs no DOM code). */
export interface EditedDefinition {
  name: string;
  type: string;
  defaultValue?: unknown;
  allowRawHtml?: boolean;
  validation?: { required?: boolean; minLength?: number; maxLength?: number };
}

/**
 * The definitions in one comparable form: what is absent and what is empty read alike (a default typed and
 * cleared again, `required` ticked and unticked, an empty `validation`), so undoing an edit by hand leaves
 * nothing unsaved. Definitions are few and small: comparing them on each edit is cheap.
 */
export function comparable(definitions: readonly EditedDefinition[]): string {
  return JSON.stringify(
    definitions.map(({ validation, defaultValue, allowRawHtml, ...rest }) => {
      const rules = Object.fromEntries(
        Object.entries(validation ?? {}).filter(([key, value]) => value !== undefined && !(key === 'required' && value === false)),
      );
      return {
        ...rest,
        ...(defaultValue === undefined || defaultValue === '' ? {} : { defaultValue }),
        ...(allowRawHtml ? { allowRawHtml } : {}),
        ...(Object.keys(rules).length > 0 ? { validation: rules } : {}),
      };
    }),
  );
}

/** Each field the API's rule refuses, by its path inside the list (`3.validation.maxLength`). */
export function definitionProblems(definitions: readonly EditedDefinition[]): Map<string, string> {
  const result = VariableDefinitions.safeParse(definitions);
  const problems = new Map<string, string>();
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!problems.has(path)) problems.set(path, issue.message);
  }
  return problems;
}
