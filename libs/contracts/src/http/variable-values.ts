/**
 * What a render makes of the values given for a template's defined variables: the one rule, used by the
 * template language when it renders (libs/templating resolveVariables), by the definition check when a template
 * is saved (a default must be a value a render takes) and by the dashboard before a batch starts (each row is
 * read as its render will read it). Pure, so it runs in the browser as in the server.
 */
import { plural } from '../plural.js';
import { textTooLong } from '../too-long.js';
import { imageUrlProblem } from './url-rules.js';
import { isValidColor } from './variable-rules.js';

/** The fields of a definition that decide how its values are read. */
export interface ValueRules {
  name: string;
  type?: string | undefined;
  defaultValue?: unknown;
  validation?: { required?: boolean | undefined; minLength?: number | undefined; maxLength?: number | undefined } | undefined;
}

export type ReadValue = { ok: true; value: unknown } | { ok: false; message: string };

/** Texts a `boolean` variable reads as true or false (after trimming, any case). */
export const BOOLEAN_TEXTS = { true: ['true', '1', 'yes', 'on'], false: ['false', '0', 'no', 'off'] } as const;
const TRUE_TEXT = new Set<string>(BOOLEAN_TEXTS.true);
const FALSE_TEXT = new Set<string>(BOOLEAN_TEXTS.false);

/** How a value is named in a message: short text quoted, numbers and booleans as they are, anything else by kind. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** The value of a variable of `type` as a render reads it: numbers and booleans from their text, colours and images trimmed. */
export function readTypedValue(type: string | undefined, value: unknown): ReadValue {
  switch (type) {
    case 'number': {
      if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value };
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return { ok: true, value: Number(value) };
      return { ok: false, message: `Must be a number; got ${describeValue(value)}.` };
    }
    case 'boolean': {
      if (typeof value === 'boolean') return { ok: true, value };
      if (value === 1 || value === 0) return { ok: true, value: value === 1 };
      const text = typeof value === 'string' ? value.trim().toLowerCase() : null;
      if (text !== null && TRUE_TEXT.has(text)) return { ok: true, value: true };
      if (text !== null && FALSE_TEXT.has(text)) return { ok: true, value: false };
      return { ok: false, message: `Must be true or false; got ${describeValue(value)}.` };
    }
    case 'color':
      if (typeof value === 'string' && isValidColor(value)) return { ok: true, value: value.trim() };
      return {
        ok: false,
        message: `Must be a CSS colour (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a colour name); got ${describeValue(value)}.`,
      };
    case 'image': {
      if (typeof value !== 'string') return { ok: false, message: `Must be an image URL; got ${describeValue(value)}.` };
      const problem = imageUrlProblem(value);
      return problem ? { ok: false, message: problem } : { ok: true, value: value.trim() };
    }
    default:
      return { ok: true, value };
  }
}

/** Length in characters (code points) for text, in items for arrays; null for values without a length. */
export function valueLength(value: unknown): number | null {
  if (typeof value === 'string') return [...value].length;
  return Array.isArray(value) ? value.length : null;
}

/** Why a read value breaks `minLength` / `maxLength`, or null. */
export function valueLengthProblem(validation: ValueRules['validation'], value: unknown): string | null {
  const { minLength, maxLength } = validation ?? {};
  const length = valueLength(value);
  if (length === null) return null;
  // In the words the API's own checks use for a body's text and lists (issue-messages.ts), with what was sent.
  const text = typeof value === 'string';
  if (minLength !== undefined && length < minLength)
    return `${text ? `Must be at least ${plural(minLength, 'character')} long` : `Must have at least ${plural(minLength, 'item')}`}; got ${length}.`;
  if (maxLength !== undefined && length > maxLength)
    return `${text ? textTooLong(maxLength) : `Must have at most ${plural(maxLength, 'item')}`}; got ${length}.`;
  return null;
}

/** Empty means not given: a render then takes the default, and `required` refuses it. */
export const isAbsentValue = (value: unknown) => value === undefined || value === null || value === '';

function ownValue(record: Record<string, unknown>, name: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(record, name);
  return descriptor && 'value' in descriptor ? descriptor.value : undefined;
}

function setOwn(record: Record<string, unknown>, name: string, value: unknown): void {
  // defineProperty, not assignment: a variable called `__proto__` must stay a plain key.
  Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The variables a render sees and what is wrong with them: the supplied ones, plus `defaultValue` for defined
 * variables not supplied, read as their type and checked (required, minLength, maxLength, colour and image
 * syntax). One error per failing defined variable, in definition order.
 */
export function readVariables(
  definitions: readonly ValueRules[],
  supplied: Record<string, unknown>,
): { values: Record<string, unknown>; errors: Array<{ name: string; message: string }> } {
  const values: Record<string, unknown> = {};
  for (const name of Object.keys(supplied)) setOwn(values, name, ownValue(supplied, name));
  const errors: Array<{ name: string; message: string }> = [];
  for (const definition of definitions) {
    const given = ownValue(supplied, definition.name);
    const fromDefault = isAbsentValue(given) && !isAbsentValue(definition.defaultValue);
    const value = fromDefault ? definition.defaultValue : given;
    if (isAbsentValue(value)) {
      if (definition.validation?.required) errors.push({ name: definition.name, message: 'Required.' });
      continue;
    }
    const read = readTypedValue(definition.type, value);
    const problem = read.ok ? valueLengthProblem(definition.validation, read.value) : read.message;
    if (problem) {
      errors.push({ name: definition.name, message: fromDefault ? `The default value is invalid: ${problem}` : problem });
      continue;
    }
    setOwn(values, definition.name, (read as { value: unknown }).value);
  }
  return { values, errors };
}

/**
 * Why `value` cannot be the default of a variable of `type`, or null when a render takes it: read as a render
 * reads a default (an empty default is no default; numbers and booleans may be given as their text).
 */
export function defaultValueProblem(type: string, value: unknown): string | null {
  if (isAbsentValue(value)) return null;
  const read = readTypedValue(type, value);
  return read.ok ? null : `The default value is invalid: ${read.message}`;
}

/**
 * Why a default that fits its type breaks the definition's own `minLength` / `maxLength`, or null: renders check
 * the default's length as they check a given value's (after the reading above; numbers and booleans have none).
 */
export function defaultLengthProblem(
  type: string,
  value: unknown,
  validation: { minLength?: number | undefined; maxLength?: number | undefined },
): string | null {
  if (isAbsentValue(value)) return null;
  const read = readTypedValue(type, value);
  if (!read.ok) return null;
  const length = valueLength(read.value);
  if (length === null) return null;
  const unit = typeof read.value === 'string' ? 'characters' : 'items';
  const { minLength, maxLength } = validation;
  if (minLength !== undefined && length < minLength) return `The default has ${length} ${unit}; \`minLength\` is ${minLength}.`;
  if (maxLength !== undefined && length > maxLength) return `The default has ${length} ${unit}; \`maxLength\` is ${maxLength}.`;
  return null;
}
