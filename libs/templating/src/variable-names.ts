import { compileExpression } from './parse-cache.js';
import { stripBraces } from './evaluate-expression.js';
import { templateExpressions } from './template-expressions.js';

function variablesOf(source: string): string[] {
  try {
    return compileExpression(stripBraces(source)).variables;
  } catch {
    return []; // a broken expression names nothing; rendering reports it
  }
}

/**
 * The variables a template reads, in order of first appearance: roots of
 * `{{ }}` expressions and of `_if` / `_for` attributes. Loop variables bound
 * by `_for` are not template variables and are left out; so are function
 * names and expressions that do not parse.
 */
export function templateVariableNames(source: string): string[] {
  const found = templateExpressions(source).map((e) => ({ at: e.at, names: variablesOf(e.source), binds: e.binds ?? [] }));
  const bound = new Set(found.flatMap((e) => e.binds));
  found.sort((a, b) => a.at - b.at);
  const names = new Set<string>();
  for (const entry of found) for (const name of entry.names) if (!bound.has(name)) names.add(name);
  return [...names];
}
