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
  errors?: FieldError[];
  [extension: string]: unknown;
}

export interface ToProblemBodyOptions {
  /** `<errors base>`, for example `http://localhost:8080/errors`. */
  errorsBaseUrl: string;
  /** The request path. */
  instance: string;
}

export function toProblemBody(error: ProblemError, options: ToProblemBodyOptions): ProblemBody {
  const body: ProblemBody = {
    ...(error.extensions ?? {}),
    type: `${options.errorsBaseUrl.replace(/\/+$/, '')}/${error.slug}`,
    title: error.title,
    status: error.status,
    detail: error.detail,
    instance: options.instance,
  };
  if (error.code !== undefined) body.code = error.code;
  if (error.errors !== undefined) body.errors = error.errors;
  return body;
}
