import { typeName } from '../values.js';
import { integerArg, numberArg, textArg } from './args.js';
import { formatDate, parseDate } from './date-format.js';
import { roundTo } from './number-functions.js';
import type { CallContext, FunctionSpec } from './spec.js';

/** Intl formatters are costly to build; the same few locales and currencies recur. */
const formatters = new Map<string, Intl.NumberFormat>();
const FORMATTER_CACHE = 200;

function numberFormat(ctx: CallContext, locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    if (locale.length > 50) ctx.fail(`${ctx.name}: ${JSON.stringify(locale.slice(0, 50))}… is not a locale.`);
    try {
      formatter = new Intl.NumberFormat(locale, options);
    } catch {
      const what =
        options.currency !== undefined
          ? `the currency code ${JSON.stringify(options.currency)} or the locale ${JSON.stringify(locale)}`
          : `the locale ${JSON.stringify(locale)}`;
      return ctx.fail(
        `${ctx.name}: ${what} is not valid (currency codes are ISO 4217 such as USD or EUR; locales are BCP 47 such as en-US or de-DE).`,
      );
    }
    if (formatters.size >= FORMATTER_CACHE) formatters.delete(formatters.keys().next().value!);
    formatters.set(key, formatter);
  }
  return formatter;
}

function dateArg(ctx: CallContext, args: unknown[]): Date {
  const date = parseDate(args[0]);
  if (!date) {
    const shown = typeof args[0] === 'string' ? JSON.stringify(args[0].slice(0, 60)) : typeName(args[0]);
    return ctx.fail(
      `${ctx.name}: ${shown} is not a date; give an ISO 8601 date such as '2024-03-15' or '2024-03-15T14:30:00Z', or milliseconds since 1970.`,
    );
  }
  return date;
}

function patternArg(ctx: CallContext, args: unknown[], fallback: string): string {
  const pattern = textArg(ctx, args, 1, fallback);
  if (pattern.length > 200) ctx.fail(`${ctx.name}: the pattern is longer than 200 characters.`);
  return pattern;
}

export const FORMAT_FUNCTIONS: FunctionSpec[] = [
  {
    name: 'currency',
    category: 'format',
    signature: "currency(number, code = 'USD', locale = 'en-US')",
    description: 'The number as an amount of money in the ISO 4217 currency `code`, formatted for `locale`.',
    example: "currency(1234.5, 'USD')",
    result: '$1,234.50',
    minArgs: 1,
    maxArgs: 3,
    call: (args, ctx) => {
      const value = numberArg(ctx, args, 0);
      const code = textArg(ctx, args, 1, 'USD').toUpperCase();
      if (!/^[A-Z]{3}$/.test(code))
        ctx.fail(`currency: ${JSON.stringify(code.slice(0, 20))} is not a currency code; give three letters such as USD, EUR or JPY.`);
      return numberFormat(ctx, textArg(ctx, args, 2, 'en-US'), { style: 'currency', currency: code }).format(value);
    },
  },
  {
    name: 'number',
    category: 'format',
    signature: "number(number, locale = 'en-US')",
    description: 'The number with the digit grouping and decimal mark of `locale` (up to 3 decimals).',
    example: 'number(1234567.891)',
    result: '1,234,567.891',
    minArgs: 1,
    maxArgs: 2,
    call: (args, ctx) => numberFormat(ctx, textArg(ctx, args, 1, 'en-US'), {}).format(numberArg(ctx, args, 0)),
  },
  {
    name: 'percent',
    category: 'format',
    signature: 'percent(fraction, decimals = 0)',
    description: 'A fraction shown as a percentage: 0.256 is 26%, or 25.6% with one decimal.',
    example: 'percent(0.256, 1)',
    result: '25.6%',
    minArgs: 1,
    maxArgs: 2,
    call: (args, ctx) => {
      const decimals = integerArg(ctx, args, 1, { min: 0, max: 10, fallback: 0 });
      return `${roundTo(numberArg(ctx, args, 0) * 100, decimals).toFixed(decimals)}%`;
    },
  },
  {
    name: 'date',
    category: 'format',
    signature: "date(value, pattern = 'YYYY-MM-DD')",
    description:
      'An ISO 8601 date (or milliseconds since 1970) formatted with a pattern, in UTC. Tokens: YYYY YY MMMM MMM MM M DD D dddd ddd dd d HH H hh h mm m ss s SSS A a; [text] is literal.',
    example: "date('2024-03-15', 'MMM D, YYYY')",
    result: 'Mar 15, 2024',
    minArgs: 1,
    maxArgs: 2,
    call: (args, ctx) => formatDate(dateArg(ctx, args), patternArg(ctx, args, 'YYYY-MM-DD')),
  },
  {
    name: 'time',
    category: 'format',
    signature: "time(value, pattern = 'HH:mm')",
    description: "The time of day of an ISO 8601 date-time (or a time such as '14:30'), formatted like date(), in UTC.",
    example: "time('2024-03-15T14:05:00Z', 'h:mm A')",
    result: '2:05 PM',
    minArgs: 1,
    maxArgs: 2,
    call: (args, ctx) => formatDate(dateArg(ctx, args), patternArg(ctx, args, 'HH:mm')),
  },
];
