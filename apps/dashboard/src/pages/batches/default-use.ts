import { isAbsentValue, type ValueRules } from '@pressroom/contracts';

/** Longest default shown in a warning before it is cut with an ellipsis. */
const MAX_CHARS = 40;

/** A variable no column fills: each file gets its default (`fallback`, or empty when it has none). */
export interface UnmappedVariable {
  variable: string;
  fallback: string | null;
}

/** A row whose cell for a mapped variable is empty (or only spaces): that file gets the default instead, if any. `row` counts from 1. */
export interface EmptyCell extends UnmappedVariable {
  row: number;
}

/**
 * Where a batch's files would silently take the template's defaults instead of the rows' values (the starter's
 * sample name on every certificate): variables no column is mapped to, and empty cells of mapped ones. A required
 * variable without a default that no column fills is `blocked`: every render would refuse it. An empty cell of
 * such a variable is left out here, as the row check already names it ("Required.").
 */
export function defaultUse(input: {
  definitions: readonly ValueRules[];
  variables: ReadonlyArray<{ name: string; mapped: boolean }>;
  variableSets: ReadonlyArray<Record<string, unknown>>;
}): { unmapped: UnmappedVariable[]; blocked: string[]; emptyCells: EmptyCell[] } {
  const definitionOf = (name: string) => input.definitions.find((d) => d.name === name);
  const fallbackOf = (name: string) => textOf(definitionOf(name)?.defaultValue);
  const requiredWithoutDefault = (name: string) =>
    definitionOf(name)?.validation?.required === true && isAbsentValue(definitionOf(name)?.defaultValue);
  const unmappedNames = input.variables.filter((v) => !v.mapped).map((v) => v.name);
  const mappedNames = input.variables.filter((v) => v.mapped && !requiredWithoutDefault(v.name)).map((v) => v.name);
  return {
    unmapped: unmappedNames
      .filter((name) => !requiredWithoutDefault(name))
      .map((variable) => ({ variable, fallback: fallbackOf(variable) })),
    blocked: unmappedNames.filter(requiredWithoutDefault),
    emptyCells: input.variableSets.flatMap((values, index) =>
      mappedNames
        .filter((name) => isEmpty(values[name]))
        // Only a cell with nothing in it takes the default: spaces are a value (the file shows it blank).
        .map((variable) => ({ row: index + 1, variable, fallback: isAbsentValue(values[variable]) ? fallbackOf(variable) : null })),
    ),
  };
}

const isEmpty = (value: unknown) => isAbsentValue(value) || (typeof value === 'string' && value.trim() === '');

function textOf(value: unknown): string | null {
  if (isAbsentValue(value)) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text;
}
