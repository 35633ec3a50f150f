import { PROBLEM_KINDS, type ProblemSlug } from './slugs.js';

export interface FieldError {
  /** Dotted path of the failing field, for example `width` or `variables.name`. */
  field: string;
  message: string;
  /** Machine-readable reason (zod's issue code, or a rule's own); the body always carries one. */
  code?: string;
}

export interface ProblemErrorOptions {
  /** Public text returned to the caller in `detail`. */
  detail: string;
  /** Overrides the slug's default status (rarely needed). */
  status?: number;
  /** Machine-readable `code` member where the contract names one. */
  code?: string;
  /** Per-field validation errors. */
  errors?: FieldError[];
  /** Extra members placed in the problem body. */
  extensions?: Record<string, unknown>;
  /** Extra response headers (Retry-After, Allow, ...). */
  headers?: Record<string, string>;
  /** Internal message for logs only; never sent to the caller. */
  logMessage?: string;
  cause?: unknown;
}

/** A typed error that the HTTP error middleware turns into problem+json. */
export class ProblemError extends Error {
  readonly slug: ProblemSlug;
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly code: string | undefined;
  readonly errors: FieldError[] | undefined;
  readonly extensions: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(slug: ProblemSlug, options: ProblemErrorOptions) {
    super(options.logMessage ?? options.detail, { cause: options.cause });
    this.name = 'ProblemError';
    this.slug = slug;
    this.status = options.status ?? PROBLEM_KINDS[slug].status;
    this.title = PROBLEM_KINDS[slug].title;
    this.detail = options.detail;
    this.code = options.code;
    this.errors = options.errors;
    this.extensions = options.extensions;
    this.headers = options.headers;
  }
}

export function isProblemError(value: unknown): value is ProblemError {
  return value instanceof ProblemError;
}

/**
 * Field errors as one sentence for a problem's `detail`: `The request body is invalid: width: Must be at least 1;
 * email: Enter a valid email address.` Each message's own closing full stop is dropped, so the list reads as one
 * sentence with one at its end (none after a closing question: `did you mean \`width\`?`). A field refused by
 * several checks with the same message (`bucket` "b": too short and not a bucket name) is named once.
 */
export function describeFieldErrors(lead: string, errors: readonly FieldError[]): string {
  const listed = [...new Set(errors.map((e) => `${e.field}: ${e.message.trim().replace(/\.$/, '')}`))].join('; ');
  return `${lead}: ${listed}${listed.endsWith('?') ? '' : '.'}`;
}
