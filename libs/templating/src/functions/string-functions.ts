import { integerArg, textArg } from './args.js';
import type { CallContext, FunctionSpec } from './spec.js';
import { LIMITS } from '../limits.js';

/** Text argument, charging steps for its length (string work is linear). */
function text(ctx: CallContext, args: unknown[], n: number, fallback?: string): string {
  const value = textArg(ctx, args, n, fallback);
  ctx.spend(Math.ceil(value.length / 100));
  return value;
}

function pad(ctx: CallContext, args: unknown[], side: 'start' | 'end'): string {
  const value = text(ctx, args, 0);
  const length = integerArg(ctx, args, 1, { min: 0, max: LIMITS.stringLength });
  const fill = text(ctx, args, 2, ' ');
  if (fill === '') ctx.fail(`${ctx.name}: the padding text must not be empty.`);
  return side === 'start' ? value.padStart(length, fill) : value.padEnd(length, fill);
}

export const STRING_FUNCTIONS: FunctionSpec[] = [
  {
    name: 'uppercase',
    category: 'string',
    signature: 'uppercase(text)',
    description: 'The text in upper case.',
    example: "uppercase('hello')",
    result: 'HELLO',
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => text(ctx, args, 0).toUpperCase(),
  },
  {
    name: 'lowercase',
    category: 'string',
    signature: 'lowercase(text)',
    description: 'The text in lower case.',
    example: "lowercase('HeLLo')",
    result: 'hello',
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => text(ctx, args, 0).toLowerCase(),
  },
  {
    name: 'capitalize',
    category: 'string',
    signature: 'capitalize(text)',
    description: 'The first character in upper case; the rest unchanged.',
    example: "capitalize('hello world')",
    result: 'Hello world',
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => {
      const value = text(ctx, args, 0);
      const first = value.codePointAt(0);
      if (first === undefined) return value;
      const char = String.fromCodePoint(first);
      return char.toUpperCase() + value.slice(char.length);
    },
  },
  {
    name: 'titleCase',
    category: 'string',
    signature: 'titleCase(text)',
    description: 'Every word starting with an upper-case letter, the rest of each word in lower case.',
    example: "titleCase('the QUICK brown fox')",
    result: 'The Quick Brown Fox',
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) =>
      text(ctx, args, 0)
        .toLowerCase()
        .replace(/(^|[^\p{L}\p{N}'’])(\p{L})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase()),
  },
  {
    name: 'trim',
    category: 'string',
    signature: 'trim(text)',
    description: 'The text without leading and trailing white space.',
    example: "trim('  hi  ')",
    result: 'hi',
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => text(ctx, args, 0).trim(),
  },
  {
    name: 'truncate',
    category: 'string',
    signature: "truncate(text, length, suffix = '...')",
    description: 'The first `length` characters followed by `suffix` when the text is longer than `length`; otherwise the text unchanged.',
    example: "truncate('Hello world', 5)",
    result: 'Hello...',
    minArgs: 2,
    maxArgs: 3,
    call: (args, ctx) => {
      const value = text(ctx, args, 0);
      const length = integerArg(ctx, args, 1, { min: 0, max: LIMITS.stringLength });
      const suffix = text(ctx, args, 2, '...');
      const chars = Array.from(value);
      return chars.length <= length ? value : chars.slice(0, length).join('') + suffix;
    },
  },
  {
    name: 'replace',
    category: 'string',
    signature: 'replace(text, search, replacement)',
    description: 'The text with every occurrence of `search` (plain text, not a pattern) replaced by `replacement`.',
    example: "replace('a-b-c', '-', ' + ')",
    result: 'a + b + c',
    minArgs: 3,
    maxArgs: 3,
    call: (args, ctx) => {
      const value = text(ctx, args, 0);
      const search = text(ctx, args, 1);
      const replacement = text(ctx, args, 2);
      if (search === '') return value;
      const parts = value.split(search);
      ctx.spend(parts.length);
      ctx.checkLength(value.length + (parts.length - 1) * (replacement.length - search.length));
      return parts.join(replacement);
    },
  },
  {
    name: 'split',
    category: 'string',
    signature: "split(text, separator = ',')",
    description: 'An array of the pieces of the text between separators; an empty separator splits into characters.',
    example: "split('a,b,c', ',')",
    result: ['a', 'b', 'c'],
    minArgs: 1,
    maxArgs: 2,
    call: (args, ctx) => {
      const value = text(ctx, args, 0);
      const separator = text(ctx, args, 1, ',');
      const parts = separator === '' ? Array.from(value) : value.split(separator);
      ctx.spend(parts.length);
      return parts;
    },
  },
  {
    name: 'padStart',
    category: 'string',
    signature: "padStart(text, length, fill = ' ')",
    description: 'The text padded at the start with `fill` up to `length` characters.',
    example: "padStart('7', 3, '0')",
    result: '007',
    minArgs: 2,
    maxArgs: 3,
    call: (args, ctx) => pad(ctx, args, 'start'),
  },
  {
    name: 'padEnd',
    category: 'string',
    signature: "padEnd(text, length, fill = ' ')",
    description: 'The text padded at the end with `fill` up to `length` characters.',
    example: "padEnd('ab', 4, '.')",
    result: 'ab..',
    minArgs: 2,
    maxArgs: 3,
    call: (args, ctx) => pad(ctx, args, 'end'),
  },
  {
    name: 'startsWith',
    category: 'string',
    signature: 'startsWith(text, prefix)',
    description: 'true when the text starts with `prefix`.',
    example: "startsWith('Pressroom', 'Press')",
    result: true,
    minArgs: 2,
    maxArgs: 2,
    call: (args, ctx) => text(ctx, args, 0).startsWith(text(ctx, args, 1)),
  },
  {
    name: 'endsWith',
    category: 'string',
    signature: 'endsWith(text, suffix)',
    description: 'true when the text ends with `suffix`.',
    example: "endsWith('photo.png', '.png')",
    result: true,
    minArgs: 2,
    maxArgs: 2,
    call: (args, ctx) => text(ctx, args, 0).endsWith(text(ctx, args, 1)),
  },
  {
    name: 'slugify',
    category: 'string',
    signature: 'slugify(text)',
    description: 'Lower-case ASCII letters and digits joined by hyphens, accents removed: a URL-safe slug.',
    example: "slugify('Héllo, World!')",
    result: 'hello-world',
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) =>
      text(ctx, args, 0)
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
  },
  {
    name: 'repeat',
    category: 'string',
    signature: 'repeat(text, count)',
    description: 'The text repeated `count` times.',
    example: "repeat('ab', 3)",
    result: 'ababab',
    minArgs: 2,
    maxArgs: 2,
    call: (args, ctx) => {
      const value = text(ctx, args, 0);
      const count = integerArg(ctx, args, 1, { min: 0, max: LIMITS.stringLength });
      ctx.checkLength(value.length * count);
      ctx.spend(Math.ceil((value.length * count) / 100));
      return value.repeat(count);
    },
  },
];
