/**
 * The input rule every request passes at the door (docs/input-rules.md): JSON
 * nested at most INPUT_MAX_DEPTH levels, and no text the database cannot store
 * or a UTF-8 encoder cannot encode (NUL, lone UTF-16 surrogates) in any string
 * or object key. Checked once, before anything recurses over the value, so
 * every later stage (zod, JSON columns, JSON.stringify, the template language)
 * only ever sees shallow, storable values.
 */

/** Levels of objects and arrays: `{"a": {"b": 1}}` is 2 deep; a bare string or number is 0. */
export const INPUT_MAX_DEPTH = 64;

export interface InputViolation {
  /** Dotted path of the offending value or key (`variables.items.3.name`); `(body)` for the root. */
  field: string;
  message: string;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one
// (no `u` flag: the pattern must see UTF-16 code units, not code points).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why this text cannot be stored (PostgreSQL refuses NUL; a lone surrogate is not Unicode), or null when it can. */
export function unstorableText(text: string): string | null {
  const nul = text.indexOf('\0');
  if (nul >= 0) return `contains a NUL character (\\u0000) at position ${nul}, which cannot be stored; remove it`;
  const match = LONE_SURROGATE.exec(text);
  if (!match) return null;
  return `contains a lone UTF-16 surrogate (\\u${match[0].charCodeAt(0).toString(16)}) at position ${match.index}, which is not valid Unicode text`;
}

function joinPath(parent: string, key: string | number): string {
  return parent === '' ? String(key) : `${parent}.${key}`;
}

/**
 * Every violation of the input rule in `value` (at most `limit` of them), found
 * by an explicit stack, so a value nested 100,000 levels costs no call stack.
 * `prefix` names the root (`variables` for one field, '' for a whole body).
 */
export function inputViolations(value: unknown, options: { prefix?: string; maxDepth?: number; limit?: number } = {}): InputViolation[] {
  const maxDepth = options.maxDepth ?? INPUT_MAX_DEPTH;
  const limit = options.limit ?? 20;
  const violations: InputViolation[] = [];
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: options.prefix ?? '', depth: 0 }];
  while (stack.length > 0 && violations.length < limit) {
    const item = stack.pop()!;
    const field = item.path === '' ? '(body)' : item.path;
    if (typeof item.value === 'string') {
      const problem = unstorableText(item.value);
      if (problem) violations.push({ field, message: `The text ${problem}.` });
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > maxDepth) {
      violations.push({ field, message: `JSON nests deeper than ${maxDepth} levels of objects and arrays.` });
      continue;
    }
    if (Array.isArray(item.value)) {
      for (let i = item.value.length - 1; i >= 0; i--)
        stack.push({ value: (item.value as unknown[])[i], path: joinPath(item.path, i), depth });
      continue;
    }
    const entries = Object.entries(item.value as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const keyProblem = unstorableText(key);
      if (keyProblem) violations.push({ field: joinPath(item.path, JSON.stringify(key).slice(1, -1)), message: `The key ${keyProblem}.` });
      else stack.push({ value: child, path: joinPath(item.path, key), depth });
    }
  }
  return violations.slice(0, limit);
}

/** True when `value` nests objects and arrays deeper than `maxDepth` levels (found without recursion). */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth + 1 > maxDepth) return true;
    for (const child of Object.values(item.value)) stack.push({ value: child, depth: item.depth + 1 });
  }
  return false;
}
