import type { Request, RequestHandler } from 'express';
import { createHash } from 'node:crypto';
import { ProblemError } from '@pressroom/problem';
import { authenticateApiKey, isWellFormedApiKey, resolveSession, type Account, type Db, type OwnerPlan, type User } from '@pressroom/db';
import { readCookie, SESSION_COOKIE } from './cookies.js';
import { assertCsrf, assertSameOrigin } from './same-origin.js';

/**
 * `Bearer <token>`: one space, no surrounding whitespace. The scheme's case is free (RFC 9110 §11.1: auth schemes are
 * case-insensitive, and some HTTP clients send `bearer`); the spacing stays strict, as the contract's 401 causes say.
 */
const BEARER = /^Bearer ([^\s]+)$/i;

/** The token of an `Authorization: Bearer <token>` header, or null when the header has another shape. */
export function bearerToken(header: string): string | null {
  return BEARER.exec(header)?.[1] ?? null;
}

export interface SessionContext {
  tokenHash: string;
  /** The raw token, for re-issuing cookies; never logged. */
  token: string;
  user: User;
}

export interface AuthContext {
  account: Account;
  /** The API key used, or null for a dashboard session. */
  keyId: string | null;
  /** Whose resources this caller sees: the team's when the account has one. */
  ownerId: string;
  /** The owner's plan, once the rate-limit middleware has resolved it. */
  plan?: OwnerPlan;
  /** Set when the request came with the dashboard session cookie instead of a key. */
  session?: SessionContext;
}

export function authOf(res: { locals: Record<string, unknown> }): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw new Error('authenticate middleware did not run');
  return auth;
}

/** The session of a dashboard-only route; a key gets 403 (the contract keeps these operations in the dashboard). */
export function sessionOf(res: { locals: Record<string, unknown> }): SessionContext {
  const { session } = authOf(res);
  if (!session)
    throw new ProblemError('forbidden', { detail: 'This operation is available in the dashboard only: sign in there to use it.' });
  return session;
}

/** Route guard form of `sessionOf`. */
export const requireSession: RequestHandler = (_req, res, next) => {
  sessionOf(res);
  next();
};

/**
 * The dashboard session of a request, checked for same origin and CSRF; null when there is
 * no session cookie. An unknown or expired cookie is 401 (the dashboard then signs in again).
 */
export async function sessionAuth(req: Request, options: { db: Db; publicBaseUrl: string }): Promise<AuthContext | null> {
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return null;
  assertSameOrigin(req, options.publicBaseUrl);
  const found = await resolveSession(options.db, token);
  if (!found) throw new ProblemError('not-signed-in', { detail: 'The dashboard session has expired or was signed out. Sign in again.' });
  assertCsrf(req, token);
  return {
    account: found.account,
    keyId: null,
    ownerId: found.account.ownerId,
    session: { tokenHash: found.tokenHash, token, user: found.user },
  };
}

/**
 * Verifies `Authorization: Bearer <key>`, or else the dashboard session cookie (docs/auth.md).
 * Verified keys are cached for `cacheMs` (by hash, never by plain key) so hot paths skip
 * the lookup; a revoked key stops working within that time on every replica, and at once
 * on this replica when revoked through it (`forget`).
 */
export function authenticate(options: {
  db: Db;
  cacheMs: number;
  publicBaseUrl: string;
}): RequestHandler & { forget(): void; verifyKey(key: string): Promise<AuthContext | null> } {
  const cache = new Map<string, { auth: AuthContext; until: number }>();
  /** A well-formed key's account through the cache (also used by GET /r/, which takes the key from the query). */
  async function verifyKey(key: string): Promise<AuthContext | null> {
    if (!isWellFormedApiKey(key)) return null;
    const digest = createHash('sha256').update(key.toLowerCase()).digest('hex');
    const now = Date.now();
    const cached = cache.get(digest);
    if (cached && cached.until > now) return cached.auth;
    const found = await authenticateApiKey(options.db, key);
    if (!found) {
      cache.delete(digest);
      return null;
    }
    const auth: AuthContext = { account: found.account, keyId: found.keyId, ownerId: found.account.ownerId };
    if (options.cacheMs > 0) {
      if (cache.size > 10_000) cache.clear();
      cache.set(digest, { auth, until: now + options.cacheMs });
    }
    return auth;
  }
  const middleware: RequestHandler = async (req, res, next) => {
    // Already verified by a route ahead of this one that had to know first (GET /auth/session): not looked up twice.
    if (res.locals.auth) return next();
    const header = req.headers.authorization;
    if (header === undefined) {
      const fromSession = await sessionAuth(req, options);
      if (fromSession) {
        res.locals.auth = fromSession;
        return next();
      }
    }
    const token = header === undefined ? null : bearerToken(header);
    if (token === null) {
      throw new ProblemError('missing-auth', {
        detail:
          header === undefined
            ? 'Send your API key as `Authorization: Bearer <API key>`.'
            : 'The Authorization header must be exactly `Bearer <API key>` (check the `Bearer` word and whitespace).',
      });
    }
    const auth = await verifyKey(token);
    if (!auth) throw new ProblemError('invalid-api-key', { detail: 'The provided API key is invalid or has been revoked.' });
    res.locals.auth = auth;
    next();
  };
  return Object.assign(middleware, { forget: () => cache.clear(), verifyKey });
}
