/** Longest value shown for a row before it is cut with an ellipsis (the full row is in the template's render). */
const MAX_CHARS = 40;

/**
 * What tells a batch's result rows apart: the first `count` of the row's values, in the order of the template's
 * variables (`order`; values it does not name follow in the row's order, since the API's JSON object keeps no column
 * order), each as text cut to a readable length. Empty values are skipped: they identify nothing.
 */
export function keyValues(variables: Record<string, unknown>, order: readonly string[], count = 2): Array<readonly [string, string]> {
  const names = [...order.filter((name) => name in variables), ...Object.keys(variables).filter((name) => !order.includes(name))];
  return names
    .map((name) => [name, textOf(variables[name])] as const)
    .filter(([, text]) => text !== '')
    .slice(0, count);
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value.trim() : JSON.stringify(value);
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text;
}
