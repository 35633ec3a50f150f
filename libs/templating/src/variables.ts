import type { VariableDefinition } from '@pressroom/contracts';
import { ProblemError, type FieldError } from '@pressroom/problem';
import { isValidColor } from './colors.js';
import { imageUrlProblem } from './image-url.js';
import { typeName } from './values.js';

type Coerced = { ok: true; value: unknown } | { ok: false; message: string };

const TRUE_TEXT = new Set(['true', '1', 'yes', 'on']);
const FALSE_TEXT = new Set(['false', '0', 'no', 'off']);

function coerce(definition: VariableDefinition, value: unknown): Coerced {
  switch (definition.type) {
    case 'number': {
      if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value };
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return { ok: true, value: Number(value) };
      return { ok: false, message: `Must be a number; got ${describe(value)}.` };
    }
    case 'boolean': {
      if (typeof value === 'boolean') return { ok: true, value };
      if (value === 1 || value === 0) return { ok: true, value: value === 1 };
      const text = typeof value === 'string' ? value.trim().toLowerCase() : null;
      if (text !== null && TRUE_TEXT.has(text)) return { ok: true, value: true };
      if (text !== null && FALSE_TEXT.has(text)) return { ok: true, value: false };
      return { ok: false, message: `Must be true or false; got ${describe(value)}.` };
    }
    case 'color':
      if (typeof value === 'string' && isValidColor(value)) return { ok: true, value: value.trim() };
      return {
        ok: false,
        message: `Must be a CSS colour (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a colour name); got ${describe(value)}.`,
      };
    case 'image': {
      if (typeof value !== 'string') return { ok: false, message: `Must be an image URL; got ${describe(value)}.` };
      const problem = imageUrlProblem(value);
      return problem ? { ok: false, message: problem } : { ok: true, value: value.trim() };
    }
    default:
      return { ok: true, value };
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeName(value);
}

function lengthOf(value: unknown): number | null {
  if (typeof value === 'string') {
    let count = 0;
    for (const _char of value) count++;
    return count;
  }
  return Array.isArray(value) ? value.length : null;
}

function lengthProblem(definition: VariableDefinition, value: unknown): string | null {
  const { minLength, maxLength } = definition.validation ?? {};
  const length = lengthOf(value);
  if (length === null) return null;
  const unit = typeof value === 'string' ? 'characters' : 'items';
  if (minLength !== undefined && length < minLength) return `Must be at least ${minLength} ${unit}; got ${length}.`;
  if (maxLength !== undefined && length > maxLength) return `Must be at most ${maxLength} ${unit}; got ${length}.`;
  return null;
}

function ownValue(record: Record<string, unknown>, name: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(record, name);
  return descriptor && 'value' in descriptor ? descriptor.value : undefined;
}

function setOwn(record: Record<string, unknown>, name: string, value: unknown): void {
  // defineProperty, not assignment: a variable called `__proto__` must stay a plain key.
  Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
}

const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The variables a render sees: the supplied ones, plus `defaultValue` for
 * defined variables not supplied, coerced to their type (number and boolean
 * from text) and validated (required, minLength, maxLength, colour and image
 * syntax). Throws a 400 validation-error with one `variables.<name>` entry
 * per failing variable.
 */
export function resolveVariables(definitions: VariableDefinition[], supplied: Record<string, unknown>): Record<string, unknown> {
  const resolved: Record<string, unknown> = {};
  for (const name of Object.keys(supplied)) setOwn(resolved, name, ownValue(supplied, name));
  const errors: FieldError[] = [];
  for (const definition of definitions) {
    const field = `variables.${definition.name}`;
    const given = ownValue(supplied, definition.name);
    const fromDefault = isAbsent(given) && definition.defaultValue !== undefined && definition.defaultValue !== null;
    const value = fromDefault ? definition.defaultValue : given;
    if (isAbsent(value)) {
      if (definition.validation?.required) errors.push({ field, message: 'Required.' });
      continue;
    }
    const coerced = coerce(definition, value);
    if (!coerced.ok) {
      errors.push({ field, message: fromDefault ? `The default value is invalid: ${coerced.message}` : coerced.message });
      continue;
    }
    const problem = lengthProblem(definition, coerced.value);
    if (problem) {
      errors.push({ field, message: problem });
      continue;
    }
    setOwn(resolved, definition.name, coerced.value);
  }
  if (errors.length > 0) {
    throw new ProblemError('validation-error', {
      detail: `Invalid template variables: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
      errors,
    });
  }
  return resolved;
}
