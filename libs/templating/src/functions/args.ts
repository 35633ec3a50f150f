import { numericValue, typeName } from '../values.js';
import type { CallContext } from './spec.js';

function ordinal(n: number): string {
  return ['first', 'second', 'third', 'fourth', 'fifth'][n] ?? `#${n + 1}`;
}

/** Text argument: strings as they are, numbers and booleans printed, null and undefined as ''. */
export function textArg(ctx: CallContext, args: unknown[], n: number, fallback?: string): string {
  const value = args[n];
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return ctx.fail(`${ctx.name}: the ${ordinal(n)} argument must be text; got ${typeName(value)}.`);
}

export function numberArg(ctx: CallContext, args: unknown[], n: number, fallback?: number): number {
  const value = args[n];
  if (value === undefined && fallback !== undefined) return fallback;
  const number = numericValue(value);
  if (number === null) return ctx.fail(`${ctx.name}: the ${ordinal(n)} argument must be a number; got ${typeName(value)}.`);
  return number;
}

export function integerArg(ctx: CallContext, args: unknown[], n: number, options: { min: number; max: number; fallback?: number }): number {
  const number = numberArg(ctx, args, n, options.fallback);
  if (!Number.isInteger(number) || number < options.min || number > options.max) {
    return ctx.fail(`${ctx.name}: the ${ordinal(n)} argument must be a whole number from ${options.min} to ${options.max}; got ${number}.`);
  }
  return number;
}

export function arrayArg(ctx: CallContext, args: unknown[], n: number): unknown[] {
  const value = args[n];
  if (!Array.isArray(value)) return ctx.fail(`${ctx.name}: the ${ordinal(n)} argument must be an array; got ${typeName(value)}.`);
  ctx.spend(value.length);
  return value;
}

/** An array or a string (functions such as length, first, slice accept both). */
export function sequenceArg(ctx: CallContext, args: unknown[], n: number): unknown[] | string {
  const value = args[n];
  if (typeof value === 'string') {
    ctx.spend(Math.ceil(value.length / 100));
    return value;
  }
  if (Array.isArray(value)) {
    ctx.spend(value.length);
    return value;
  }
  return ctx.fail(`${ctx.name}: the ${ordinal(n)} argument must be an array or text; got ${typeName(value)}.`);
}
