import type { RequestHandler } from 'express';
import { createHash } from 'node:crypto';
import { ProblemError } from '@pressroom/problem';
import { authenticateApiKey, isWellFormedApiKey, type Account, type Db, type OwnerPlan } from '@pressroom/db';

/** Exactly `Bearer <token>`: one space, no surrounding whitespace. */
const BEARER = /^Bearer ([^\s]+)$/;

export interface AuthContext {
  account: Account;
  keyId: string;
  /** Whose resources this key sees: the team's when the account has one. */
  ownerId: string;
  /** The owner's plan, once the rate-limit middleware has resolved it. */
  plan?: OwnerPlan;
}

export function authOf(res: { locals: Record<string, unknown> }): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw new Error('authenticate middleware did not run');
  return auth;
}

/**
 * Verifies `Authorization: Bearer <key>`. Verified keys are cached for
 * `cacheMs` (by hash, never by plain key) so hot paths skip the lookup; a
 * revoked key stops working within that time on every replica.
 */
export function authenticate(options: { db: Db; cacheMs: number }): RequestHandler {
  const cache = new Map<string, { auth: AuthContext; until: number }>();
  return async (req, res, next) => {
    const header = req.headers.authorization;
    const match = header === undefined ? null : BEARER.exec(header);
    if (!match) {
      throw new ProblemError('missing-auth', {
        detail:
          header === undefined
            ? 'Send your API key as `Authorization: Bearer <API key>`.'
            : 'The Authorization header must be exactly `Bearer <API key>` (check the `Bearer` word and whitespace).',
      });
    }
    const key = match[1]!;
    const invalid = () => new ProblemError('invalid-api-key', { detail: 'The provided API key is invalid or has been revoked.' });
    if (!isWellFormedApiKey(key)) throw invalid();
    const digest = createHash('sha256').update(key.toLowerCase()).digest('hex');
    const now = Date.now();
    const cached = cache.get(digest);
    if (cached && cached.until > now) {
      res.locals.auth = cached.auth;
      return next();
    }
    const found = await authenticateApiKey(options.db, key);
    if (!found) {
      cache.delete(digest);
      throw invalid();
    }
    const auth: AuthContext = { account: found.account, keyId: found.keyId, ownerId: found.account.ownerId };
    if (options.cacheMs > 0) {
      if (cache.size > 10_000) cache.clear();
      cache.set(digest, { auth, until: now + options.cacheMs });
    }
    res.locals.auth = auth;
    next();
  };
}
