import { z } from 'zod';
import { numberBound } from '../issue-messages.js';
import { textTooLong } from '../too-long.js';
import { NAME_SEARCH_MAX } from './name-search-limit.js';

export const ImageFormat = z.enum(['png', 'jpeg', 'webp']);
export type ImageFormat = z.infer<typeof ImageFormat>;

/** `jpg` is accepted everywhere and means `jpeg`. */
export const FileExtension = z.enum(['png', 'jpg', 'jpeg', 'webp']);
export type FileExtension = z.infer<typeof FileExtension>;

export function formatOfExtension(ext: FileExtension): ImageFormat {
  return ext === 'jpg' ? 'jpeg' : ext;
}

/** A body's `format`, where `jpg` means `jpeg` too. */
export const ImageFormatOrJpg = z.preprocess((v) => (v === 'jpg' ? 'jpeg' : v), ImageFormat);

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * A text field of a body, with a message for each way it can be wrong: a check without its own message takes the
 * schema's, and a schema-wide "`name` is required." then also answered a value that was too long.
 */
export function textField(field: string, options: { max: number; trim?: boolean; required?: string }) {
  const required = options.required ?? `\`${field}\` is required.`;
  const base = z.string({ error: (issue) => (issue.input === undefined ? required : `\`${field}\` must be a string.`) });
  return (options.trim === false ? base : base.trim()).min(1, required).max(options.max, textTooLong(options.max));
}

/** A JSON object of template variables. */
export const Variables = z.record(z.string(), z.unknown());
export type Variables = z.infer<typeof Variables>;

/** Query-string integer with bounds and default. */
export function queryInt(options: { min: number; max?: number; default: number }) {
  let schema = z.coerce.number().int().min(options.min);
  if (options.max !== undefined) schema = schema.max(options.max);
  return schema.default(options.default);
}

export const PageQuery = z.object({
  page: queryInt({ min: 1, default: 1 }),
  limit: queryInt({ min: 1, max: 100, default: 12 }),
});

/**
 * A list's `search`: only the items whose name contains this text, in any case. Every character is itself (`%` and
 * `_` too, not wildcards); trimmed, and blank is no search. The pagination counts only the items it keeps.
 */
export const NameSearch = z
  .string()
  .trim()
  .max(NAME_SEARCH_MAX)
  .optional()
  .describe(
    'Only the templates whose name contains this text, in any case (`%` and `_` are plain characters, not wildcards). Trimmed; blank: no search. The pagination counts the matches.',
  );

/** The pagination object of every list response (plus offset/hasMore for clients of the older list shape). */
export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrev: boolean;
  offset: number;
  hasMore: boolean;
}

export function paginate(options: { page: number; limit: number; total: number }): Pagination {
  const { page, limit, total } = options;
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const offset = (page - 1) * limit;
  return {
    page,
    limit,
    total,
    totalPages,
    hasNext: page < totalPages,
    hasPrev: page > 1,
    offset,
    hasMore: offset + limit < total,
  };
}

/**
 * When an object-level refinement runs: even when some fields failed, so one
 * response lists every problem (zod skips refinements after field errors by
 * default), but only on an object, and never when a field whose value it reads
 * failed its own type check: a refinement sees raw input in failed fields, so
 * `layouts: 1` would reach `new Set(body.layouts)`. Name in `reads` every field
 * the refinement looks inside; testing a field for `undefined` needs no entry.
 */
export function refineWhenTyped(...reads: string[]) {
  return {
    when: (payload: { value: unknown; issues: ReadonlyArray<{ readonly path?: ReadonlyArray<PropertyKey> | undefined }> }) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !Array.isArray(payload.value) &&
      !payload.issues.some((issue) => reads.includes(String(issue.path?.[0]))),
  };
}

/**
 * A body that takes its source from exactly one of several fields (`html`, `url`, a template): `given`
 * names those present, in the order of `names`. None is an issue on `missingPath`; several, an issue on
 * the second one given (the field to drop), naming them.
 */
export function requireOneSource(
  ctx: z.RefinementCtx,
  source: { given: readonly string[]; names: readonly string[]; missingPath: string },
): void {
  const { given, names, missingPath } = source;
  if (given.length === 1) return;
  const quoted = names.map((name) => `\`${name}\``);
  const choices = `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
  ctx.addIssue({
    code: 'custom',
    path: [given.length === 0 ? missingPath : given[1]!],
    message:
      given.length === 0
        ? `One of ${choices} is required.`
        : `Give exactly one of ${choices}; got ${given.map((g) => `\`${g}\``).join(' and ')}.`,
  });
}

/**
 * An integer in [min, max]. (zod's `.int()` aborts the whole object on
 * failure, which would hide the object-level checks from the same response.)
 * `unit` is said with the bounds ("Must be at most 4000 px"), for fields whose
 * number means nothing without it (a size in pixels, a wait in milliseconds).
 */
export function boundedInt(min: number, max: number, options: { unit?: string } = {}) {
  const { unit } = options;
  return z
    .number()
    .min(min, unit ? numberBound({ small: true, limit: min, unit }) : undefined)
    .max(max, unit ? numberBound({ small: false, limit: max, unit }) : undefined)
    .refine(Number.isInteger, { message: 'Must be a whole number' });
}

/**
 * The contract's `userStorageUrl`: present only when the owner has custom storage and the copy
 * there worked; `userStorageError` (an extension) only when it has custom storage and the copy failed.
 */
export interface UserStorageFields {
  userStorageUrl?: string;
  userStorageError?: string;
}
