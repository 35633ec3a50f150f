import type { Request, Response } from 'express';
import { recordRefusedRequest, type Db } from '@pressroom/db';
import type { ProblemError } from '@pressroom/problem';
import type { Logger } from '@pressroom/telemetry';
import type { AuthContext } from './auth.js';

/**
 * The "not set yet" answers of optional settings: a 404 is how the API says none is saved (an SDK script
 * checking for one, a dashboard tab opened before ADR 0076), not a refused request a developer should look
 * into. Today's dashboard asks with `?ifNone=empty` and gets a 200 instead.
 */
const NOT_SET_ANSWERS = new Set(['GET /custom-storage', 'GET /account/url-signing-secret']);

/** A client retrying into a 429 would fill the log with copies of one refusal: one per workspace per this long. */
const RATE_LIMIT_REPEAT_MS = 10_000;

/** What the log keeps of a refusal, or null when it is not one to keep (docs/adr/0071-refused-requests-log.md). */
export function refusalToKeep(
  request: { method: string; path: string; auth: AuthContext | undefined },
  problem: Pick<ProblemError, 'status' | 'slug'>,
): { auth: AuthContext } | null {
  const { auth } = request;
  // Only refusals: a 5xx is ours, not the caller's, and without an account there is no workspace to show it to.
  if (problem.status < 400 || problem.status > 499 || !auth) return null;
  const route = `${request.method} ${request.path.replace(/^\/v1(?=\/|$)/, '').replace(/(.)\/+$/, '$1')}`;
  if (problem.status === 404 && NOT_SET_ANSWERS.has(route)) return null;
  // The dashboard's own reads (a search longer than GET /renders takes, typed into the address; a deleted render's
  // link): the person saw that refusal on the page that asked, beside its field, so listing it again is noise. A
  // refused write made in the dashboard stays: it is an action someone took that made nothing (a render, a save).
  if (auth.keyId === null && (request.method === 'GET' || request.method === 'HEAD')) return null;
  return { auth };
}

/**
 * Records the 4xx answers of known callers in the workspace's refused-requests log. Fire and forget: the answer
 * never waits for the write, and a failed write is logged and dropped, never thrown into the response.
 */
export function refusalRecorder(deps: { db: Db; logger: Logger; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const lastRateLimit = new Map<string, number>();
  return (req: Request, res: Response, problem: ProblemError): void => {
    try {
      const path = req.originalUrl.split('?')[0]!;
      const keep = refusalToKeep({ method: req.method, path, auth: res.locals.auth as AuthContext | undefined }, problem);
      if (!keep) return;
      const { account, ownerId, keyId } = keep.auth;
      if (problem.status === 429) {
        const at = now();
        if ((lastRateLimit.get(ownerId) ?? -Infinity) > at - RATE_LIMIT_REPEAT_MS) return;
        if (lastRateLimit.size > 10_000) lastRateLimit.clear();
        lastRateLimit.set(ownerId, at);
      }
      recordRefusedRequest(deps.db, {
        ownerId,
        accountId: account.id,
        method: req.method,
        path,
        status: problem.status,
        slug: problem.slug,
        title: problem.title,
        detail: problem.detail,
        errors: problem.errors,
        keyId,
      }).catch((error: unknown) => {
        deps.logger.warn({ err: error, slug: problem.slug }, 'refused request not recorded');
      });
    } catch (error) {
      deps.logger.warn({ err: error }, 'refused request not recorded');
    }
  };
}
