/**
 * Plain `{{name}}` interpolation (foundation). Values are HTML-escaped; a
 * placeholder whose variable was not supplied stays literally in the output.
 * Single braces are untouched. The full expression language replaces this.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\}\}/g;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function lookup(variables: Record<string, unknown>, path: string): { found: boolean; value: unknown } {
  let current: unknown = variables;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, part)) {
      return { found: false, value: undefined };
    }
    current = (current as Record<string, unknown>)[part];
  }
  return { found: true, value: current };
}

function stringify(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function interpolate(template: string, variables: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (whole, path: string) => {
    const { found, value } = lookup(variables, path);
    return found ? escapeHtml(stringify(value)) : whole;
  });
}

/** The variable names a template refers to, in order of first appearance. */
export function placeholderNames(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) names.add(match[1]!);
  return [...names];
}
