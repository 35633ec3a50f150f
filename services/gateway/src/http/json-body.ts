import express, { type RequestHandler } from 'express';
import { ProblemError } from '@pressroom/problem';
import { assertStorableInput } from './validate.js';

function hasBody(req: Parameters<RequestHandler>[0]): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

/** The raw request bytes kept by jsonBody (the Idempotency-Key hash needs them); empty when there was no body. */
export function rawBodyOf(req: Parameters<RequestHandler>[0]): Buffer {
  return (req as { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
}

/**
 * JSON bodies only: a body of another type is a 415 problem; an empty body
 * parses as `{}` so that validation names the missing fields. A parsed body
 * passes the door rule (depth, NUL, lone surrogates) before any handler sees it.
 */
export function jsonBody(options: { maxBodyBytes: number }): RequestHandler[] {
  const parse = express.json({
    limit: options.maxBodyBytes,
    strict: false,
    type: () => true,
    verify: (req, _res, buf) => {
      (req as { rawBody?: Buffer }).rawBody = buf;
    },
  });
  const requireJson: RequestHandler = (req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'DELETE' || req.method === 'OPTIONS') return next();
    if (!hasBody(req)) {
      req.body = {};
      return next();
    }
    if (!req.is('application/json') && !req.is('application/*+json')) {
      return next(
        new ProblemError('unsupported-media-type', {
          detail: `Request bodies must be application/json; got ${req.headers['content-type'] ?? 'no Content-Type'}.`,
        }),
      );
    }
    next();
  };
  const parseWhenPresent: RequestHandler = (req, res, next) => {
    if (req.body !== undefined) return next();
    parse(req, res, next);
  };
  const requireObject: RequestHandler = (req, _res, next) => {
    if (req.method !== 'POST' && req.method !== 'PUT' && req.method !== 'PATCH') return next();
    if (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) {
      return next(
        new ProblemError('validation-error', {
          detail: 'The request body must be a JSON object.',
          errors: [{ field: '(body)', message: 'Expected a JSON object.' }],
        }),
      );
    }
    assertStorableInput(req.body, 'body');
    next();
  };
  return [requireJson, parseWhenPresent, requireObject];
}
