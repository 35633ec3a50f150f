import { z } from 'zod';
import { plural } from './plural.js';
import { textTooLong } from './too-long.js';
import { nearMissOf } from './http/unknown-fields.js';

/*
 * The words a person reads when a field is refused. Every 400 validation problem lists
 * `errors[].message` per field, the dashboard shows it beside that field, and `detail` joins them:
 * "Must be at least 1" says what to do where zod's own "Too small: expected number to be >=1" says
 * what went wrong in its terms. A schema's own message (`{ message }` / `{ error }`) still wins:
 * zod asks this map only for issues that have none (its order: the schema's, the parse's, then
 * `customError`, then its locale).
 */

type Issue = z.core.$ZodRawIssue;

/** "a number", "an object": the article a type name reads with. */
function withArticle(noun: string): string {
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** What a JSON value is, in the words of `invalid_type` messages. */
function kindOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  return withArticle(typeof input === 'object' ? 'object' : typeof input);
}

const TYPE_NAMES: Record<string, string> = {
  int: 'whole number',
  number: 'number',
  string: 'string',
  boolean: 'boolean (true or false)',
  array: 'array',
  object: 'object',
  record: 'object',
  tuple: 'array',
  date: 'date',
  bigint: 'whole number',
};

const FORMAT_NAMES: Record<string, string> = {
  url: 'a valid URL',
  email: 'a valid email address',
  uuid: 'a UUID',
  datetime: 'an ISO 8601 date and time (2026-01-31T12:00:00Z)',
  date: 'an ISO 8601 date (2026-01-31)',
  time: 'an ISO 8601 time (12:00:00)',
  hostname: 'a host name',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  base64: 'base64',
  base64url: 'base64url',
  hex: 'hexadecimal',
};

function invalidType(issue: Extract<Issue, { code: 'invalid_type' }>): string | undefined {
  if (issue.input === undefined) return 'Is required';
  const name = TYPE_NAMES[issue.expected];
  if (!name) return undefined;
  // NaN and the infinities never come from JSON, but do from a form's number field read in the browser.
  if (typeof issue.input === 'number' && !Number.isFinite(issue.input))
    return issue.expected === 'int' ? 'Must be a whole number' : 'Must be a finite number';
  if (issue.expected === 'int' && typeof issue.input === 'number') return 'Must be a whole number';
  return `Must be ${withArticle(name)}, not ${kindOf(issue.input)}`;
}

/**
 * A number's bound in words, with the field's unit when it has one (`boundedInt(1, 4000, { unit: 'px' })`):
 * "Must be at most 4000 px" beside a width, "Must be at least 1" for a plain count.
 */
export function numberBound(bound: { small: boolean; limit: number | bigint; inclusive?: boolean; unit?: string }): string {
  const { small, limit, unit } = bound;
  const value = unit ? `${limit} ${unit}` : `${limit}`;
  if (bound.inclusive === false) return `Must be ${small ? 'greater' : 'less'} than ${value}`;
  return `Must be at ${small ? 'least' : 'most'} ${value}`;
}

function bound(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string | undefined {
  const small = issue.code === 'too_small';
  const limit = small ? issue.minimum : issue.maximum;
  switch (issue.origin) {
    case 'number':
    case 'int':
    case 'bigint':
      return numberBound({ small, limit, inclusive: issue.inclusive });
    case 'string':
      if (small && Number(limit) === 1) return 'Must not be empty';
      if (issue.exact) return `Must be exactly ${plural(limit, 'character')} long`;
      return small ? `Must be at least ${plural(limit, 'character')} long` : textTooLong(limit);
    case 'array':
    case 'set':
      if (small && Number(limit) === 1) return 'Must have at least one item';
      if (issue.exact) return `Must have exactly ${plural(limit, 'item')}`;
      return `Must have at ${small ? 'least' : 'most'} ${plural(limit, 'item')}`;
    default:
      return undefined;
  }
}

/**
 * A strict object's unknown keys, each with the field it most likely meant when it is a near miss of one
 * (`nearMissOf`, the rule top-level body keys follow: ADR 0060), so `filters: {"templateID": …}` says
 * `templateId` rather than only that `templateID` is unknown. The object's fields come from the schema
 * that raised the issue (`inst`); without it (an issue rebuilt after parsing), the keys alone.
 */
function unknownKeys(issue: Extract<Issue, { code: 'unrecognized_keys' }>): string {
  const shape = (issue.inst as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def?.shape;
  const known = shape ? Object.keys(shape) : [];
  const meant = issue.keys.map((key) => ({ key, field: nearMissOf(key, known) }));
  const [only] = meant;
  if (meant.length === 1 && only?.field) return `Unknown field \`${only.key}\`; did you mean \`${only.field}\`?`;
  if (meant.every((m) => m.field === null)) return `Unknown ${issue.keys.length === 1 ? 'field' : 'fields'}: ${issue.keys.join(', ')}`;
  return `Unknown fields: ${meant.map((m) => (m.field ? `${m.key} (did you mean \`${m.field}\`?)` : m.key)).join(', ')}`;
}

function oneOf(values: readonly unknown[]): string {
  const shown = values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return shown.length === 1 ? `Must be ${shown[0]}` : `Must be one of: ${shown.join(', ')}`;
}

/** zod's `customError`: a plain message for the issues people meet, undefined (zod's own) for the rest. */
export function issueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(issue);
    case 'too_small':
    case 'too_big':
      return bound(issue);
    case 'invalid_value':
      return oneOf(issue.values);
    case 'invalid_format': {
      if (issue.format === 'regex') return 'Has an invalid format';
      const name = FORMAT_NAMES[issue.format];
      return name ? `Must be ${name}` : undefined;
    }
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return unknownKeys(issue);
    case 'invalid_union':
      return 'Does not match any of the accepted forms';
    default:
      return undefined;
  }
}

z.config({ customError: issueMessage });
