import { isAbsentValue, readVariables, type ValueRules } from '@pressroom/contracts';

/** One value of one row that its render would refuse. `row` counts from 1, as the results table does. */
export interface RowProblem {
  row: number;
  variable: string;
  message: string;
}

/**
 * What the batch's renders would refuse, found before it starts: each row's values read as a render reads them
 * (contracts' readVariables: types, required, lengths, colour and image syntax, defaults for what is not given),
 * and, for a template with strict variables, the variables no column gives and no default fills (every row fails).
 */
export function checkBatchRows(input: {
  definitions: readonly ValueRules[];
  strictVariables: boolean;
  /** The variables the template reads, and whether a column is mapped to each. */
  variables: ReadonlyArray<{ name: string; mapped: boolean }>;
  variableSets: ReadonlyArray<Record<string, unknown>>;
}): { rows: RowProblem[]; unfilled: string[] } {
  const rows = input.variableSets.flatMap((values, index) =>
    readVariables(input.definitions, values).errors.map((e) => ({ row: index + 1, variable: e.name, message: e.message })),
  );
  const defaults = new Map(input.definitions.map((d) => [d.name, d.defaultValue]));
  const unfilled = input.strictVariables
    ? input.variables.filter((v) => !v.mapped && isAbsentValue(defaults.get(v.name))).map((v) => v.name)
    : [];
  return { rows, unfilled };
}
