import { isForbiddenKey, isPlainObject, looselyEqual, readProperty, toText, typeName } from '../values.js';
import { arrayArg, integerArg, numberArg, sequenceArg, textArg } from './args.js';
import type { CallContext, FunctionSpec } from './spec.js';

const MAX_RANGE = 10_000;

function position(ctx: CallContext, args: unknown[], n: number, length: number): number | undefined {
  if (args[n] === undefined) return undefined;
  const index = integerArg(ctx, args, n, { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
  return Math.max(-length - 1, Math.min(index, length + 1));
}

function find(ctx: CallContext, args: unknown[]): number {
  const haystack = sequenceArg(ctx, args, 0);
  if (typeof haystack === 'string') return haystack.indexOf(textArg(ctx, args, 1));
  return haystack.findIndex((item) => looselyEqual(item, args[1]));
}

function compareForSort(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [toText(a), toText(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

export const ARRAY_FUNCTIONS: FunctionSpec[] = [
  {
    name: 'length',
    category: 'array',
    signature: 'length(value)',
    description: 'Items in an array, characters in a text, keys in an object; 0 for null.',
    example: "length(['a', 'b', 'c'])",
    result: 3,
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => {
      const value = args[0];
      if (value === null || value === undefined) return 0;
      if (typeof value === 'string') return Array.from(value).length;
      if (Array.isArray(value)) return value.length;
      if (isPlainObject(value)) return Object.keys(value).length;
      return ctx.fail(`length: needs an array, a text or an object; got ${typeName(value)}.`);
    },
  },
  {
    name: 'first',
    category: 'array',
    signature: 'first(arrayOrText)',
    description: 'The first item (or character); null when empty.',
    example: 'first([10, 20, 30])',
    result: 10,
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => {
      const value = sequenceArg(ctx, args, 0);
      return value.length === 0 ? null : typeof value === 'string' ? Array.from(value)[0] : value[0];
    },
  },
  {
    name: 'last',
    category: 'array',
    signature: 'last(arrayOrText)',
    description: 'The last item (or character); null when empty.',
    example: 'last([10, 20, 30])',
    result: 30,
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => {
      const value = sequenceArg(ctx, args, 0);
      return value.length === 0 ? null : typeof value === 'string' ? Array.from(value).at(-1) : value.at(-1);
    },
  },
  {
    name: 'join',
    category: 'array',
    signature: "join(array, separator = ', ')",
    description: 'The items printed and joined with `separator`.',
    example: "join(['a', 'b', 'c'], ' / ')",
    result: 'a / b / c',
    minArgs: 1,
    maxArgs: 2,
    call: (args, ctx) => {
      const items = arrayArg(ctx, args, 0);
      const separator = textArg(ctx, args, 1, ', ');
      let length = 0;
      const texts = items.map((item) => {
        const text = toText(item);
        length += text.length + separator.length;
        ctx.checkLength(length);
        return text;
      });
      return texts.join(separator);
    },
  },
  {
    name: 'slice',
    category: 'array',
    signature: 'slice(arrayOrText, start, end?)',
    description: 'The part from index `start` up to (not including) `end`; negative indexes count from the end.',
    example: 'slice([1, 2, 3, 4], 1, 3)',
    result: [2, 3],
    minArgs: 2,
    maxArgs: 3,
    call: (args, ctx) => {
      const value = sequenceArg(ctx, args, 0);
      const start = position(ctx, args, 1, value.length);
      const end = position(ctx, args, 2, value.length);
      return value.slice(start, end);
    },
  },
  {
    name: 'contains',
    category: 'array',
    signature: 'contains(arrayOrText, value)',
    description: 'true when the array has the item (numbers equal numeric texts) or the text contains the value.',
    example: "contains(['sale', 'new'], 'sale')",
    result: true,
    minArgs: 2,
    maxArgs: 2,
    call: (args, ctx) => find(ctx, args) !== -1,
  },
  {
    name: 'indexOf',
    category: 'array',
    signature: 'indexOf(arrayOrText, value)',
    description: 'The index of the first matching item (or of the text), -1 when absent.',
    example: "indexOf('banana', 'nan')",
    result: 2,
    minArgs: 2,
    maxArgs: 2,
    call: (args, ctx) => find(ctx, args),
  },
  {
    name: 'reverse',
    category: 'array',
    signature: 'reverse(arrayOrText)',
    description: 'The items (or characters) in reverse order.',
    example: 'reverse([1, 2, 3])',
    result: [3, 2, 1],
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => {
      const value = sequenceArg(ctx, args, 0);
      return typeof value === 'string' ? Array.from(value).reverse().join('') : [...value].reverse();
    },
  },
  {
    name: 'sort',
    category: 'array',
    signature: 'sort(array)',
    description: 'A sorted copy: numbers in numeric order, anything else by its text.',
    example: "sort(['pear', 'apple', 'fig'])",
    result: ['apple', 'fig', 'pear'],
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => {
      const items = arrayArg(ctx, args, 0);
      ctx.spend(Math.ceil(items.length * Math.log2(items.length + 1)));
      return [...items].sort(compareForSort);
    },
  },
  {
    name: 'unique',
    category: 'array',
    signature: 'unique(array)',
    description: 'The items without repeats (first occurrence kept).',
    example: 'unique([1, 2, 1, 3, 2])',
    result: [1, 2, 3],
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => [...new Set(arrayArg(ctx, args, 0))],
  },
  {
    name: 'pluck',
    category: 'array',
    signature: 'pluck(array, key)',
    description: 'The value of `key` from each object in the array (null where absent).',
    example: 'pluck(parseJson(\'[{"n":1},{"n":2}]\'), \'n\')',
    result: [1, 2],
    minArgs: 2,
    maxArgs: 2,
    call: (args, ctx) => {
      const items = arrayArg(ctx, args, 0);
      const key = textArg(ctx, args, 1);
      if (isForbiddenKey(key)) ctx.fail(`pluck: the key ${JSON.stringify(key)} is not accessible.`);
      return items.map((item) => {
        const found = readProperty(item, key);
        return found.found ? found.value : null;
      });
    },
  },
  {
    name: 'range',
    category: 'array',
    signature: 'range(start, end, step = 1)',
    description: `Numbers from \`start\` up to (not including) \`end\`; at most ${MAX_RANGE}. Handy with _for.`,
    example: 'range(1, 4)',
    result: [1, 2, 3],
    minArgs: 2,
    maxArgs: 3,
    call: (args, ctx) => {
      const [start, end, step] = [numberArg(ctx, args, 0), numberArg(ctx, args, 1), numberArg(ctx, args, 2, 1)];
      if (step === 0 || !Number.isFinite(step)) ctx.fail('range: the step must be a non-zero number.');
      const count = Math.max(0, Math.ceil((end - start) / step));
      if (!(count <= MAX_RANGE)) ctx.fail(`range: would make ${count} numbers; the limit is ${MAX_RANGE}.`);
      ctx.spend(count);
      return Array.from({ length: count }, (_, i) => start + i * step);
    },
  },
];
