/** A header or variable name as a person may write it: any case, spaces, underscores and hyphens aside ("Course name" ~ course_name). */
const looseName = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * The column each variable takes by itself, before anyone picks one: a column named exactly like the variable
 * first, then one named like it loosely (a spreadsheet's "Name" for `name`, "Course name" for `course_name`).
 * A column goes to one variable only, and an exact match is never taken by another variable's loose one.
 */
export function autoColumns(variables: readonly string[], columns: readonly string[]): Record<string, string> {
  const chosen: Record<string, string> = {};
  const taken = new Set<string>();
  for (const variable of variables)
    if (columns.includes(variable)) {
      chosen[variable] = variable;
      taken.add(variable);
    }
  for (const variable of variables) {
    if (variable in chosen) continue;
    const column = columns.find((c) => !taken.has(c) && looseName(c) === looseName(variable));
    if (column === undefined) continue;
    chosen[variable] = column;
    taken.add(column);
  }
  return chosen;
}
