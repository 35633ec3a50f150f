import { numericValue, typeName } from '../values.js';
import { arrayArg, integerArg, numberArg } from './args.js';
import type { CallContext, FunctionSpec } from './spec.js';

/** Round half away from zero at `decimals` places, without binary floating-point surprises (1.005 → 1.01). */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(value)}e${decimals}`);
  if (!Number.isFinite(shifted)) return value;
  const rounded = Number(`${Math.round(shifted)}e-${decimals}`);
  return sign * (Number.isNaN(rounded) ? Math.round(Math.abs(value) * 10 ** decimals) / 10 ** decimals : rounded);
}

function numbersOf(ctx: CallContext, values: unknown[]): number[] {
  return values.map((value, i) => {
    const number = numericValue(value);
    if (number === null) ctx.fail(`${ctx.name}: item ${i} is not a number (${typeName(value)}).`);
    return number;
  });
}

/** min(1, 2, 3) or min(array). */
function spreadNumbers(ctx: CallContext, args: unknown[]): number[] {
  const values = args.length === 1 && Array.isArray(args[0]) ? arrayArg(ctx, args, 0) : args;
  if (values.length === 0) ctx.fail(`${ctx.name}: needs at least one number.`);
  return numbersOf(ctx, values);
}

export const NUMBER_FUNCTIONS: FunctionSpec[] = [
  {
    name: 'round',
    category: 'number',
    signature: 'round(number, decimals = 0)',
    description: 'The number rounded (half away from zero) to `decimals` places (0 to 15).',
    example: 'round(3.14159, 2)',
    result: 3.14,
    minArgs: 1,
    maxArgs: 2,
    call: (args, ctx) => roundTo(numberArg(ctx, args, 0), integerArg(ctx, args, 1, { min: 0, max: 15, fallback: 0 })),
  },
  {
    name: 'floor',
    category: 'number',
    signature: 'floor(number)',
    description: 'The largest whole number not above the number.',
    example: 'floor(4.7)',
    result: 4,
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => Math.floor(numberArg(ctx, args, 0)),
  },
  {
    name: 'ceil',
    category: 'number',
    signature: 'ceil(number)',
    description: 'The smallest whole number not below the number.',
    example: 'ceil(4.2)',
    result: 5,
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => Math.ceil(numberArg(ctx, args, 0)),
  },
  {
    name: 'abs',
    category: 'number',
    signature: 'abs(number)',
    description: 'The number without its sign.',
    example: 'abs(-3)',
    result: 3,
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => Math.abs(numberArg(ctx, args, 0)),
  },
  {
    name: 'min',
    category: 'number',
    signature: 'min(a, b, ...) or min(array)',
    description: 'The smallest of the numbers.',
    example: 'min(3, 1, 2)',
    result: 1,
    minArgs: 1,
    maxArgs: 1000,
    call: (args, ctx) => spreadNumbers(ctx, args).reduce((a, b) => (b < a ? b : a)),
  },
  {
    name: 'max',
    category: 'number',
    signature: 'max(a, b, ...) or max(array)',
    description: 'The largest of the numbers.',
    example: 'max([3, 1, 2])',
    result: 3,
    minArgs: 1,
    maxArgs: 1000,
    call: (args, ctx) => spreadNumbers(ctx, args).reduce((a, b) => (b > a ? b : a)),
  },
  {
    name: 'sum',
    category: 'number',
    signature: 'sum(array)',
    description: 'The sum of the numbers in the array (0 for an empty array).',
    example: 'sum([1, 2, 3.5])',
    result: 6.5,
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => numbersOf(ctx, arrayArg(ctx, args, 0)).reduce((a, b) => a + b, 0),
  },
  {
    name: 'average',
    category: 'number',
    signature: 'average(array)',
    description: 'The arithmetic mean of the numbers in the array (0 for an empty array).',
    example: 'average([2, 4, 9])',
    result: 5,
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => {
      const numbers = numbersOf(ctx, arrayArg(ctx, args, 0));
      return numbers.length === 0 ? 0 : numbers.reduce((a, b) => a + b, 0) / numbers.length;
    },
  },
  {
    name: 'clamp',
    category: 'number',
    signature: 'clamp(number, min, max)',
    description: 'The number limited to the range from `min` to `max`.',
    example: 'clamp(15, 0, 10)',
    result: 10,
    minArgs: 3,
    maxArgs: 3,
    call: (args, ctx) => {
      const [value, low, high] = [numberArg(ctx, args, 0), numberArg(ctx, args, 1), numberArg(ctx, args, 2)];
      if (low > high) ctx.fail(`clamp: min (${low}) is greater than max (${high}).`);
      return Math.min(Math.max(value, low), high);
    },
  },
];
