import { nestsDeeperThan } from '@pressroom/contracts';
import { LIMITS } from '../limits.js';
import { textArg } from './args.js';
import type { FunctionSpec } from './spec.js';

const missing = (value: unknown) => value === undefined || value === null;

export const UTILITY_FUNCTIONS: FunctionSpec[] = [
  {
    name: 'default',
    category: 'utility',
    signature: 'default(value, fallback)',
    description: 'The value, or `fallback` when the value is an undefined variable, null or empty text.',
    example: "default('', 'Anonymous')",
    result: 'Anonymous',
    minArgs: 2,
    maxArgs: 2,
    lenient: true,
    call: (args) => (missing(args[0]) || args[0] === '' ? args[1] : args[0]),
  },
  {
    name: 'coalesce',
    category: 'utility',
    signature: 'coalesce(a, b, ...)',
    description: 'The first argument that is neither an undefined variable nor null (null when none is).',
    example: "coalesce(null, 'x', 'y')",
    result: 'x',
    minArgs: 1,
    maxArgs: 100,
    lenient: true,
    call: (args) => args.find((value) => !missing(value)) ?? null,
  },
  {
    name: 'json',
    category: 'utility',
    signature: 'json(value, indent = 0)',
    description: 'The value as JSON text.',
    example: "json(split('a,b', ','))",
    result: '["a","b"]',
    minArgs: 1,
    maxArgs: 2,
    call: (args, ctx) => {
      const indent = args[1] === undefined ? 0 : Number(args[1]);
      if (!Number.isInteger(indent) || indent < 0 || indent > 10) ctx.fail('json: the indent must be a whole number from 0 to 10.');
      // Values from a data source never passed the API's door; JSON.stringify would overflow the stack on them.
      if (nestsDeeperThan(args[0], LIMITS.depth)) ctx.fail(`json: the value nests deeper than ${LIMITS.depth} levels.`);
      const text = JSON.stringify(args[0] ?? null, null, indent);
      ctx.spend(Math.ceil(text.length / 100));
      ctx.checkLength(text.length);
      return text;
    },
  },
  {
    name: 'parseJson',
    category: 'utility',
    signature: 'parseJson(text)',
    description: 'The value a JSON text describes.',
    example: 'parseJson(\'{"a": [1, 2]}\').a[1]',
    result: 2,
    minArgs: 1,
    maxArgs: 1,
    call: (args, ctx) => {
      const text = textArg(ctx, args, 0);
      if (text.length > LIMITS.stringLength) ctx.fail('parseJson: the text is longer than the string limit.');
      ctx.spend(Math.ceil(text.length / 100));
      let value: unknown;
      try {
        value = JSON.parse(text) as unknown;
      } catch (error) {
        return ctx.fail(`parseJson: not valid JSON (${error instanceof Error ? error.message.slice(0, 120) : 'parse error'}).`);
      }
      // Values nest no deeper than expressions do, so whatever serialises them later cannot overflow the stack.
      if (nestsDeeperThan(value, LIMITS.depth)) ctx.fail(`parseJson: the JSON nests deeper than ${LIMITS.depth} levels.`);
      return value;
    },
  },
  {
    name: 'now',
    category: 'utility',
    signature: 'now()',
    description: 'The current time as an ISO 8601 UTC date-time; format it with date() or time().',
    example: 'length(now())',
    result: 24,
    minArgs: 0,
    maxArgs: 0,
    call: () => new Date().toISOString(),
  },
];
