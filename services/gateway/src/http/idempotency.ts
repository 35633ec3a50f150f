import type { RequestHandler, Response } from 'express';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  readIdempotencyKey,
  releaseIdempotencyKey,
  type Db,
  type IdempotencyClaim,
} from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { authOf } from './auth.js';
import { idempotencyRequestHash, isValidIdempotencyKey } from './idempotency-hash.js';
import { rawBodyOf } from './json-body.js';

/** Response headers replayed with a stored answer (the body's type and where the resource lives). */
const REPLAYED_HEADERS = ['content-type', 'location', 'retry-after'];

export interface IdempotencyOptions {
  db: Db;
  /** How long a duplicate waits for the first request before answering 409. */
  waitMs: number;
  pollMs?: number;
  /** Injectable clock (tests of the 24 h expiry). */
  now?: () => Date;
}

/**
 * Idempotency-Key on every POST (docs/idempotency.md). Mounted after authentication and
 * the JSON body step (which keeps the raw bytes for the hash), before every route, so new
 * POST endpoints are covered without any change. State lives in the database so several
 * gateway replicas agree: the claim is an INSERT … ON CONFLICT DO NOTHING.
 */
export function idempotency(options: IdempotencyOptions): RequestHandler {
  const pollMs = options.pollMs ?? 100;
  return async (req, res, next) => {
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || key === undefined) return next();
    try {
      const value = Array.isArray(key) ? key.join(',') : key;
      if (!isValidIdempotencyKey(value)) {
        throw new ProblemError('validation-error', {
          detail: `The Idempotency-Key header must be 1 to 255 printable ASCII characters; got ${value.length} characters.`,
          errors: [{ field: 'Idempotency-Key', message: 'Expected 1 to 255 printable ASCII characters.' }],
        });
      }
      const ownerId = authOf(res).ownerId;
      const requestHash = idempotencyRequestHash(req.method, req.path, rawBodyOf(req));
      const ids = { ownerId, key: value, requestHash };
      let state: IdempotencyClaim = await claimIdempotencyKey(options.db, { ...ids, now: options.now?.() });
      const deadline = Date.now() + options.waitMs;
      while ((state.kind === 'in-progress' || state.kind === 'absent') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        state = await readIdempotencyKey(options.db, ids);
        // The first request failed with a 5xx and released the key: this one takes over.
        if (state.kind === 'absent') state = await claimIdempotencyKey(options.db, { ...ids, now: options.now?.() });
      }
      if (state.kind === 'mismatch') {
        throw new ProblemError('idempotency-key-reuse', {
          detail:
            'This Idempotency-Key was already used with a different request (method, path or body) in the last 24 hours. Use a new key for a new request.',
        });
      }
      if (state.kind === 'in-progress' || state.kind === 'absent') {
        throw new ProblemError('idempotency-in-progress', {
          detail: 'A request with this Idempotency-Key is still being processed. Retry later with the same key to get its response.',
          headers: { 'Retry-After': '5' },
        });
      }
      if (state.kind === 'completed') {
        for (const [name, headerValue] of Object.entries(state.response.headers)) res.setHeader(name, headerValue);
        res.setHeader('Idempotent-Replayed', 'true');
        res.status(state.response.status).end(Buffer.from(state.response.body, 'base64'));
        return;
      }
      record(res, options.db, ownerId, value);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Capture the answer; store it when it is not a 5xx, release the key otherwise. */
function record(res: Response, db: Db, ownerId: string, key: string): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'),
    );
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as Response['end'];
  let settled = false;
  const settle = (finished: boolean) => {
    if (settled) return;
    settled = true;
    if (!finished || res.statusCode >= 500) {
      void releaseIdempotencyKey(db, { ownerId, key }).catch(() => undefined);
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const v = res.getHeader(name);
      if (v !== undefined) headers[name] = Array.isArray(v) ? v.join(', ') : String(v);
    }
    void completeIdempotencyKey(db, {
      ownerId,
      key,
      response: { status: res.statusCode, headers, body: Buffer.concat(chunks).toString('base64') },
    }).catch(() => undefined);
  };
  res.on('finish', () => settle(true));
  res.on('close', () => settle(res.writableFinished));
}
