import type { z } from 'zod';
import type { FieldError } from '@pressroom/problem';

/*
 * Unknown body fields (docs/api.md#requests, ADR 0060). A body key no schema names is dropped by
 * zod and otherwise ignored: newer official clients send fields this version does not know yet,
 * and refusing every unknown key would break them. But a key that is almost a field of that body
 * (`widht`, `Width`, `file_extension`) is a typo, and ignoring it renders at the default with no
 * sign of the mistake; such a key is refused at that key, naming the field it most likely meant.
 * Only top-level keys are read: nested objects are the schemas' own business (some are strict).
 */

/** The schema kinds whose value is the inner schema's, for the question "which keys does it take". */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);

interface Def {
  type: string;
  shape?: Record<string, unknown>;
  catchall?: { _zod: { def: Def } };
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The keys `schema` reads from an object, or null when it takes any key (a record, a loose object) or is no object. */
function fieldNamesOf(schema: z.ZodType, depth = 0): Set<string> | null {
  if (depth > 20) return null;
  const def = defOf(schema);
  if (def.type === 'object') {
    const catchall = def.catchall?._zod.def.type;
    if (catchall !== undefined && catchall !== 'never') return null;
    return new Set(Object.keys(def.shape ?? {}));
  }
  if (WRAPPERS.has(def.type) && def.innerType) return fieldNamesOf(def.innerType, depth + 1);
  if (def.type === 'lazy' && def.getter) return fieldNamesOf(def.getter(), depth + 1);
  // A preprocessor's input is the raw body: the keys are those of what it feeds; a transform's are its input's.
  if (def.type === 'pipe' && def.in && def.out) return fieldNamesOf(defOf(def.in).type === 'transform' ? def.out : def.in, depth + 1);
  const parts = def.type === 'union' ? def.options : def.type === 'intersection' ? [def.left, def.right] : undefined;
  if (parts) {
    const names = new Set<string>();
    for (const part of parts) {
      const own = part ? fieldNamesOf(part, depth + 1) : null;
      if (!own) return null;
      for (const name of own) names.add(name);
    }
    return names;
  }
  return null;
}

const cache = new WeakMap<z.ZodType, readonly string[] | null>();

/** The top-level fields a body schema accepts (in schema order), or null when it takes any key. */
export function bodyFieldNames(schema: z.ZodType): readonly string[] | null {
  if (!cache.has(schema)) {
    const names = fieldNamesOf(schema);
    cache.set(schema, names ? [...names] : null);
  }
  return cache.get(schema) ?? null;
}

/** `file_extension`, `File-Extension` and `fileExtension` all read `fileextension`. */
const normalise = (key: string): string => key.toLowerCase().replace(/[_-]/g, '');

/** Edits (insert, delete, substitute, swap two neighbours) between a and b, or more than `limit` once it is sure. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * How many edits still read as a typo of a field of this length: none for names of up to 3 letters (only
 * their case or `_` variants: `URL`), one up to 7 (`widht`, `heigth`, `fromat`), two beyond
 * (`fileExtention`, `deviceScaleFacter`). A longer name sent beside a shorter one (`variableSets` beside
 * `variables`, three edits) stays an unknown field, not a typo.
 */
function typoLimit(length: number): number {
  return length <= 3 ? 0 : length <= 7 ? 1 : 2;
}

/**
 * The known field an unknown key most likely meant, or null when it is not a near miss of any: the same
 * name in another case or with `_`/`-` (a snake_case or kebab-case spelling of a camelCase field), or a
 * small edit away (`typoLimit`). The nearest wins; between equals, the first in `known`.
 */
export function nearMissOf(key: string, known: readonly string[]): string | null {
  if (known.includes(key)) return null;
  const typed = normalise(key);
  let best: { field: string; distance: number } | null = null;
  for (const field of known) {
    const target = normalise(field);
    const limit = typoLimit(target.length);
    const distance = editDistance(typed, target, limit);
    if (distance <= limit && (best === null || distance < best.distance)) best = { field, distance };
  }
  return best?.field ?? null;
}

/** The message at a refused key. */
export function nearMissMessage(key: string, field: string): string {
  return `Unknown field \`${key}\`; did you mean \`${field}\`?`;
}

/**
 * One error per top-level key of `body` that `schema` does not accept and that is a near miss of a field
 * it does accept (`nearMissOf`). Other unknown keys are left alone (they are ignored, as before); a body
 * that is not an object, or a schema taking any key, has none.
 */
export function nearMissFieldErrors(schema: z.ZodType, body: unknown): FieldError[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const known = bodyFieldNames(schema);
  if (!known) return [];
  const errors: FieldError[] = [];
  for (const key of Object.keys(body)) {
    const field = nearMissOf(key, known);
    if (field !== null) errors.push({ field: key, message: nearMissMessage(key, field), code: 'unrecognized_keys' });
  }
  return errors;
}
