import type { FieldError } from './problem-error.js';
import { type ProblemError } from './problem-error.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The RFC 9457 body as the API sends it. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code?: string;
  errors?: Array<FieldError & { code: string }>;
  /** Same text as `detail`: the member the hosted service's clients read for their messages. */
  message: string;
  /** Seconds, on a rate-limit 429 only (the `Retry-After` header stays); `retry_after` is the same for snake_case clients. */
  retryAfter?: number;
  retry_after?: number;
  [extension: string]: unknown;
}

export interface ToProblemBodyOptions {
  /** `<errors base>`, for example `http://localhost:8080/errors`. */
  errorsBaseUrl: string;
  /** The request path. */
  instance: string;
}

/** A field error without its own code is a plain invalid value. */
const DEFAULT_FIELD_CODE = 'invalid_value';

/**
 * The one writer of error bodies. Beside the RFC 9457 members it adds what the
 * hosted service's published clients read: `message` (= detail), a `code` on
 * every field error, and `retryAfter` on a rate-limit 429. A quota 429 carries
 * `code: quota_exceeded` and no retry hint, as the contract says, so clients
 * keep telling the two apart by `code`.
 */
export function toProblemBody(error: ProblemError, options: ToProblemBodyOptions): ProblemBody {
  const body: ProblemBody = {
    ...(error.extensions ?? {}),
    type: `${options.errorsBaseUrl.replace(/\/+$/, '')}/${error.slug}`,
    title: error.title,
    status: error.status,
    detail: error.detail,
    instance: options.instance,
    message: error.detail,
  };
  if (error.code !== undefined) body.code = error.code;
  if (error.errors !== undefined) body.errors = error.errors.map((e) => ({ ...e, code: e.code ?? DEFAULT_FIELD_CODE }));
  const retryAfter = retryAfterSeconds(error);
  if (retryAfter !== undefined) {
    body.retryAfter = retryAfter;
    body.retry_after = retryAfter;
  }
  return body;
}

function retryAfterSeconds(error: ProblemError): number | undefined {
  if (error.status !== 429 || error.code === 'quota_exceeded') return undefined;
  const header = Object.entries(error.headers ?? {}).find(([name]) => name.toLowerCase() === 'retry-after')?.[1];
  const seconds = header === undefined ? NaN : Number(header);
  return Number.isFinite(seconds) ? seconds : undefined;
}
