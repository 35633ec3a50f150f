import type { RequestHandler, Response } from 'express';
import { ProblemError } from '@pressroom/problem';
import {
  countPlanRequest,
  dashboardCounterId,
  dashboardSessionLimits,
  getOwnerPlan,
  pruneRateCounters,
  secondsUntil,
  type Db,
  type OwnerPlan,
  type WindowCount,
} from '@pressroom/db';
import type { OwnerCache } from '@pressroom/service-runner';
import { getMeter } from '@pressroom/telemetry';
import { authOf, type AuthContext } from './auth.js';
import type { PlanRequestCounter } from './local-plan-counter.js';

const refused = getMeter().createCounter('rate_limited_requests', { description: 'Requests refused with 429 by a rate limit' });

/** Counts a 429 by which limit refused it (`plan` or `endpoint:<scope>`). */
export function countRateLimited(labels: { limit: string; window: string; plan?: string }): void {
  refused.add(1, labels);
}

/**
 * Sets the rate-limit headers every authenticated response carries (docs/limits.md): the
 * IETF `RateLimit-Policy` (quota `q` per window `w` seconds) and `RateLimit` (remaining
 * `r`, seconds to reset `t`) structured fields, beside the older X-RateLimit-* trio.
 */
export function setRateLimitHeaders(res: Response, reported: WindowCount, now: Date = new Date()): void {
  const remaining = Math.max(0, reported.limit - reported.count);
  const windowSeconds = Math.round((reported.window.end.getTime() - reported.window.start.getTime()) / 1000);
  const policy = JSON.stringify(reported.scope);
  res.setHeader('RateLimit-Policy', `${policy};q=${reported.limit};w=${windowSeconds}`);
  res.setHeader('RateLimit', `${policy};r=${remaining};t=${secondsUntil(reported.window.end, now)}`);
  res.setHeader('X-RateLimit-Limit', String(reported.limit));
  res.setHeader('X-RateLimit-Remaining', String(remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.floor(reported.window.end.getTime() / 1000)));
}

/** The plan in force for the caller (its team's plan for a team member), set by `rateLimit`. */
export function ownerPlanOf(res: { locals: Record<string, unknown> }): OwnerPlan {
  const { plan } = authOf(res);
  if (!plan) throw new Error('ownerPlanOf called on a route without the rate-limit middleware');
  return plan;
}

/**
 * Plan request limits per owner (team or account), counted in PostgreSQL/PGlite so every
 * gateway replica shares them. The owner's plan comes from the process's plan cache: dropped at
 * once when the plan changes through the admin CLI (owner.changed), else read again after
 * `cacheMs` like the auth cache.
 */
export function rateLimit(options: {
  db: Db;
  cacheMs: number;
  plans: OwnerCache<OwnerPlan>;
  /** How a request is counted (default: one statement per request, shared by every replica). */
  count?: PlanRequestCounter;
  now?: () => Date;
}): RequestHandler {
  const now = options.now ?? (() => new Date());
  const count: PlanRequestCounter = options.count ?? ((input) => countPlanRequest(options.db, input));
  let requests = 0;
  return async (_req, res, next) => {
    const auth = authOf(res);
    const { ownerId } = auth;
    const at = now();
    const plan = await options.plans.get(ownerId, () => getOwnerPlan(options.db, ownerId), options.cacheMs);
    res.locals.auth = { ...auth, plan } satisfies AuthContext;
    // A dashboard session has a bucket of its own, so a person clicking around never spends the API's share.
    const dashboard = auth.session !== undefined;
    const { allowed, reported } = await count({
      ownerId: dashboard ? dashboardCounterId(ownerId) : ownerId,
      limits: dashboard ? dashboardSessionLimits(plan.limits) : plan.limits,
      now: at,
    });
    setRateLimitHeaders(res, reported, at);
    // Old windows are useless; any replica sweeps them now and then.
    if (++requests % 5_000 === 0) void pruneRateCounters(options.db, at).catch(() => undefined);
    if (!allowed) {
      const retryAfter = secondsUntil(reported.window.end, at);
      countRateLimited({ limit: dashboard ? 'dashboard' : 'plan', window: reported.scope, plan: plan.plan });
      const who = dashboard ? `The dashboard on the ${plan.plan} plan allows` : `The ${plan.plan} plan allows`;
      throw new ProblemError('rate-limit', {
        detail: `${who} ${reported.limit} requests per ${reported.scope}. Retry in ${retryAfter} seconds.`,
        headers: { 'Retry-After': String(retryAfter) },
        extensions: { limit: reported.limit, window: reported.scope, plan: plan.plan },
      });
    }
    next();
  };
}
