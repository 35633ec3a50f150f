import { Router } from 'express';
import type { PlanDetails } from '@pressroom/contracts';
import { aiCreditsUsed, getOwnerPlan, renderCreditsUsed, type Db } from '@pressroom/db';
import { authOf } from '../http/auth.js';
import { defineRoute } from '../http/routes.js';

/**
 * The caller's plan, request limits and this month's credit usage (docs/limits.md). The
 * reference service's path is not known, so both `/user/plan-details` and `/plan-details` answer.
 */
export function planRoutes(deps: { db: Db; now?: () => Date }): Router {
  const router = Router();
  const now = deps.now ?? (() => new Date());
  const details: Parameters<typeof defineRoute>[2]['get'] = async (_req, res) => {
    const auth = authOf(res);
    // Fresh, not the rate limiter's cached copy: this is where a plan change is confirmed.
    const owner = await getOwnerPlan(deps.db, auth.ownerId);
    const { used, period } = await renderCreditsUsed(deps.db, { ownerId: auth.ownerId, now: now() });
    const ai = await aiCreditsUsed(deps.db, { ownerId: auth.ownerId, now: now() });
    const body: PlanDetails = {
      plan: owner.plan,
      ownerId: auth.ownerId,
      team: auth.account.teamId !== null,
      requestLimits: { perMinute: owner.limits.perMinute, perDay: owner.limits.perDay },
      renders: {
        used,
        limit: owner.limits.renderCredits,
        overageEnabled: owner.overage,
        periodStart: period.start.toISOString(),
        periodEnd: period.end.toISOString(),
      },
      aiCredits: { used: ai.used, limit: owner.limits.aiCredits },
    };
    res.json(body);
  };
  defineRoute(router, '/user/plan-details', { get: details });
  defineRoute(router, '/plan-details', { get: details });
  return router;
}
