import type { RequestHandler, Response } from 'express';
import {
  IDEMPOTENCY_RENEW_MS,
  abandonIdempotencyKey,
  claimIdempotencyKey,
  completeIdempotencyKey,
  linkIdempotencyRender,
  readIdempotencyKey,
  releaseIdempotencyKey,
  renewIdempotencyLease,
  type Db,
  type IdempotencyClaim,
  type IdempotencyHold,
} from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { authOf } from './auth.js';
import { idempotencyRequestHash, isValidIdempotencyKey } from './idempotency-hash.js';
import { runWithIdempotentRender, type IdempotentRender } from './idempotent-render.js';
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
 * gateway replicas agree: the claim is an INSERT … ON CONFLICT DO NOTHING, held by a lease
 * the request renews while it runs, so a gateway that dies loses its claims within seconds.
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
      const claim = () => claimIdempotencyKey(options.db, { ...ids, now: options.now?.() });
      let state: IdempotencyClaim = await claim();
      const deadline = Date.now() + options.waitMs;
      while ((state.kind === 'in-progress' || state.kind === 'render-running') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        state = await readIdempotencyKey(options.db, { ...ids, now: options.now?.() });
        // Released after a 5xx, or its holder died: this request takes over.
        if (state.kind === 'absent' || state.kind === 'orphaned') state = await claim();
      }
      if (state.kind === 'mismatch') {
        throw new ProblemError('idempotency-key-reuse', {
          detail:
            'This Idempotency-Key was already used with a different request (method, path or body) in the last 24 hours. Use a new key for a new request.',
        });
      }
      if (state.kind === 'render-running') {
        throw new ProblemError('idempotency-in-progress', {
          detail: `The request with this Idempotency-Key started render ${state.renderId}, which is still running. Retry in a moment with the same key to get its response.`,
          headers: { 'Retry-After': '2' },
        });
      }
      if (state.kind !== 'claimed' && state.kind !== 'completed') {
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
      const hold = state.hold;
      const stopRenewing = renewWhileRunning(options.db, hold);
      record(res, options.db, hold, stopRenewing);
      runWithIdempotentRender(renderOfClaim(options.db, hold), () => next());
    } catch (error) {
      next(error);
    }
  };
}

/** Renew the claim's lease until the answer is settled (or the claim turns out lost). */
function renewWhileRunning(db: Db, hold: IdempotencyHold): () => void {
  const timer = setInterval(() => {
    renewIdempotencyLease(db, hold).then(
      (held) => held || clearInterval(timer),
      () => undefined, // a missed renewal is retried on the next tick; the lease outlasts two misses
    );
  }, IDEMPOTENCY_RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The first render of the request reuses the dead holder's render, or is recorded on the claim before it starts. */
function renderOfClaim(db: Db, hold: IdempotencyHold): IdempotentRender {
  let first = true;
  return {
    async renderId(fresh) {
      if (!first) return { id: fresh, resumed: false };
      first = false;
      if (hold.renderId !== null) return { id: hold.renderId, resumed: true };
      if (!(await linkIdempotencyRender(db, hold, fresh))) {
        throw new ProblemError('idempotency-in-progress', {
          detail:
            'Another request with this Idempotency-Key took over while this one was stalled. Retry with the same key to get its response.',
          headers: { 'Retry-After': '2' },
        });
      }
      return { id: fresh, resumed: false };
    },
  };
}

/**
 * Capture the answer; store it when it is not a 5xx, release the key after a 5xx, and give
 * the claim up (keeping its render for the retry) when the client hung up before the answer.
 */
function record(res: Response, db: Db, hold: IdempotencyHold, stopRenewing: () => void): void {
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
    stopRenewing();
    if (!finished) {
      void abandonIdempotencyKey(db, hold).catch(() => undefined);
      return;
    }
    if (res.statusCode >= 500) {
      void releaseIdempotencyKey(db, hold).catch(() => undefined);
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const v = res.getHeader(name);
      if (v !== undefined) headers[name] = Array.isArray(v) ? v.join(', ') : String(v);
    }
    void completeIdempotencyKey(db, hold, { status: res.statusCode, headers, body: Buffer.concat(chunks).toString('base64') }).catch(
      () => undefined,
    );
  };
  res.on('finish', () => settle(true));
  res.on('close', () => settle(res.writableFinished));
}
