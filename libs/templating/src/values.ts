/** Value rules of the language: truthiness, type names, printing and safe property access. */

/** Names never readable, even as own properties (JSON can create an own `__proto__`). */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** false, null, undefined, 0, NaN, '' and the empty array are falsy; everything else is truthy. */
export function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

/** The `type` reported by the expression tester and used in error messages. */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isNaN(value) ? 'number (NaN)' : 'number';
  if (typeof value === 'object') return isPlainObject(value) ? 'object' : 'unsupported value';
  return typeof value;
}

/** The JSON-ish type of a result, as POST /templates/expression/test reports it. */
export function valueType(value: unknown): 'string' | 'number' | 'boolean' | 'null' | 'undefined' | 'array' | 'object' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'undefined' ? type : 'object';
}

/** How a value prints into a template: null and undefined print nothing, arrays and objects as JSON. */
export function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') return JSON.stringify(value) ?? '';
  return '';
}

export type Lookup = { found: true; value: unknown } | { found: false; reason: 'missing' | 'not-an-object' };

const CANONICAL_INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * Read `key` of `container`: own data properties of plain objects, items and
 * `length` of arrays and strings. Nothing else is reachable (no prototypes,
 * no getters, no functions). Forbidden keys are checked by the caller.
 */
export function readProperty(container: unknown, key: string | number): Lookup {
  const name = typeof key === 'number' ? (Number.isInteger(key) && key >= 0 ? String(key) : null) : key;
  if (Array.isArray(container) || typeof container === 'string') {
    if (name === 'length') return { found: true, value: container.length };
    if (name === null || !CANONICAL_INDEX.test(name)) return { found: false, reason: 'missing' };
    const index = Number(name);
    if (index >= container.length) return { found: false, reason: 'missing' };
    return { found: true, value: container[index] };
  }
  if (isPlainObject(container)) {
    if (name === null) return { found: false, reason: 'missing' };
    const descriptor = Object.getOwnPropertyDescriptor(container, name);
    if (!descriptor || !('value' in descriptor)) return { found: false, reason: 'missing' };
    return { found: true, value: descriptor.value };
  }
  return { found: false, reason: 'not-an-object' };
}

/** JSON numbers and numeric strings as numbers; null when the value is not numeric. */
export function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isNaN(n) ? null : n;
  }
  return null;
}

/** `==`: like `===`, but null equals undefined and a number equals a numeric string. */
export function looselyEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined) return b === null || b === undefined;
  if ((typeof a === 'number' && typeof b === 'string') || (typeof a === 'string' && typeof b === 'number')) {
    return numericValue(a) === numericValue(b);
  }
  return false;
}
