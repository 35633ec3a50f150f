/** A variable definition, as far as the panel needs it (api/templates.ts has the full shape). */
interface VariableDefinition {
  name: string;
  type: 'text' | 'image' | 'color' | 'number' | 'boolean';
}

const PLACEHOLDER = /\{\{([\s\S]*?)\}\}/g;
const IDENTIFIER = /(?<![\w$.'"])([A-Za-z_$][\w$]*)(?![\w$]*\s*\()/g;
const KEYWORDS = new Set(['true', 'false', 'null', 'in']);

/**
 * The variable names a template reads, as the editor guesses them while typing: the first segment of every
 * path inside `{{ }}` and `_if`/`_for` attributes, minus function names, literals and loop variables.
 * (The server's own list is GET /templates/{uid}/variables; this one works on unsaved HTML.)
 */
export function namesInTemplate(html: string): string[] {
  const found = new Set<string>();
  const loopNames = new Set<string>();
  for (const match of html.matchAll(/_for="\s*([A-Za-z_$][\w$]*)(?:\s*,\s*([A-Za-z_$][\w$]*))?\s+in\s+([^"]+)"/g)) {
    loopNames.add(match[1]!);
    if (match[2]) loopNames.add(match[2]);
    collect(match[3]!, found);
  }
  for (const match of html.matchAll(/_if="([^"]+)"/g)) collect(match[1]!, found);
  for (const match of html.matchAll(PLACEHOLDER)) collect(match[1]!, found);
  return [...found].filter((name) => !loopNames.has(name));
}

function collect(expression: string, into: Set<string>): void {
  const withoutStrings = expression.replace(/'(?:\\.|[^'])*'|"(?:\\.|[^"])*"/g, "''");
  for (const match of withoutStrings.matchAll(IDENTIFIER)) if (!KEYWORDS.has(match[1]!)) into.add(match[1]!);
}

/** One panel entry per variable: the definitions first (in order), then names only the HTML mentions (as text). */
export function variablesOf<D extends VariableDefinition>(html: string, definitions: D[]): (D | VariableDefinition)[] {
  const defined = new Set(definitions.map((d) => d.name));
  return [
    ...definitions,
    ...namesInTemplate(html)
      .filter((n) => !defined.has(n))
      .map((name) => ({ name, type: 'text' as const })),
  ];
}
