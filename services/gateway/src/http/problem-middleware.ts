import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { PROBLEM_CONTENT_TYPE, ProblemError, isProblemError, toProblemBody } from '@pressroom/problem';
import type { Logger } from '@pressroom/telemetry';
import { fromAccountError } from './account-problems.js';

/** 5242880 → "5 MiB", 1536 → "1.5 KiB": the limit as a person reads it, beside the exact byte count. */
export function sizeInWords(bytes: number): string {
  const units: Array<[string, number]> = [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ];
  for (const [unit, size] of units) if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  return `${bytes} bytes`;
}

/** Body-parser errors carry a `type`; map the ones a client can cause. */
function fromBodyParser(error: unknown, maxBodyBytes: number): ProblemError | null {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.parse.failed') {
    return new ProblemError('malformed-json', { detail: 'The request body is not valid JSON.' });
  }
  if (type === 'entity.too.large') {
    const message =
      `The request body is larger than the limit of ${maxBodyBytes} bytes (${sizeInWords(maxBodyBytes)}). ` +
      'Link large pictures and files by URL instead of embedding them as data: URLs.';
    // The body was never parsed, so no field inside it can be named: the error is the body's.
    return new ProblemError('payload-too-large', { detail: message, errors: [{ field: '(body)', message }] });
  }
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new ProblemError('unsupported-media-type', { detail: 'The body must be UTF-8 encoded JSON.' });
  }
  if (type === 'request.aborted' || type === 'request.size.invalid' || type === 'stream.encoding.set') {
    return new ProblemError('validation-error', { detail: 'The request body could not be read completely.' });
  }
  return null;
}

/**
 * Errors from express and its helpers (http-errors: static files, `send`, routing) carry a 4xx `status`.
 * They are the client's doing, so they keep their status instead of becoming a 500; the message is
 * public only when the error says so (`expose`).
 */
function fromHttpError(error: unknown): ProblemError | null {
  const { status, statusCode, expose, message } = (error ?? {}) as {
    status?: unknown;
    statusCode?: unknown;
    expose?: unknown;
    message?: unknown;
  };
  const code = typeof status === 'number' ? status : statusCode;
  if (typeof code !== 'number' || code < 400 || code > 499) return null;
  const detail = expose === true && typeof message === 'string' && message ? message : `The request was refused (HTTP ${code}).`;
  if (code === 404) return new ProblemError('not-found', { detail });
  if (code === 405) return new ProblemError('method-not-allowed', { detail });
  return new ProblemError('validation-error', { detail, status: code });
}

export function sendProblem(res: Response, error: ProblemError, options: { errorsBaseUrl: string; instance: string }): void {
  if (error.headers) for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  if (error.status === 413) res.setHeader('Connection', 'close');
  res
    .status(error.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify(toProblemBody(error, options)));
}

/**
 * The one place errors become responses: typed ProblemErrors keep their
 * public detail; anything else is logged in full and answered as a bare 500.
 */
export function problemMiddleware(options: {
  errorsBaseUrl: string;
  maxBodyBytes: number;
  logger: Logger;
  /** Told of every problem answered, once sent (the refused-requests log, refusal-log.ts); must not throw. */
  onAnswered?: (req: Request, res: Response, problem: ProblemError) => void;
}): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const log = (res.locals.log as Logger | undefined) ?? options.logger;
    let problem = isProblemError(error)
      ? error
      : (fromBodyParser(error, options.maxBodyBytes) ?? fromAccountError(error) ?? fromHttpError(error));
    if (!problem) {
      log.error({ err: error }, 'unhandled error');
      problem = new ProblemError('internal-error', { detail: 'An unexpected error occurred. It has been logged.' });
    } else if (problem.status >= 500) {
      log.error({ err: problem, slug: problem.slug }, problem.message);
    } else {
      log.info({ slug: problem.slug, status: problem.status, reason: problem.message }, 'request rejected');
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    sendProblem(res, problem, { errorsBaseUrl: options.errorsBaseUrl, instance: pathAsSent(req) });
    options.onAnswered?.(req, res, problem);
  };
}

/** The path the client sent (before the `/v1` prefix was taken off). */
function pathAsSent(req: { originalUrl: string }): string {
  return req.originalUrl.split('?')[0]!;
}

/** Last handler: no route matched the path. */
export const routeNotFound: RequestHandler = (req, _res, next) => {
  next(new ProblemError('route-not-found', { detail: `No endpoint exists at ${req.method} ${pathAsSent(req)}.` }));
};
