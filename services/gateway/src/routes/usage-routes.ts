import { Router } from 'express';
import { OverageBody, UsageQuery, type UsageView } from '@pressroom/contracts';
import { aiCreditsUsed, getMembership, getOwnerPlan, renderCreditsUsed, setOverage, usageCounts, type Db } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import type { OwnerCaches } from '@pressroom/service-runner';
import { authOf, sessionOf } from '../http/auth.js';
import { defineRoute } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';

/** The usage page: credits, AI credits, rate tier, renders per day and the month's renders, charged and free (docs/dashboard-api.md). */
export function usageRoutes(deps: { db: Db; owners: Pick<OwnerCaches, 'changed'>; now?: () => Date }): Router {
  const router = Router();
  const now = deps.now ?? (() => new Date());

  defineRoute(router, '/usage', {
    get: async (req, res) => {
      const { days } = parseOrThrow(UsageQuery, req.query, 'query');
      const { ownerId } = authOf(res);
      const at = now();
      const owner = await getOwnerPlan(deps.db, ownerId);
      const credits = await renderCreditsUsed(deps.db, { ownerId, now: at });
      const ai = await aiCreditsUsed(deps.db, { ownerId, now: at });
      const counts = await usageCounts(deps.db, { ownerId, days, now: at });
      const body: UsageView = {
        period: { start: credits.period.start.toISOString(), end: credits.period.end.toISOString() },
        credits: { used: credits.used, limit: owner.limits.renderCredits, overage: owner.overage, overageAllowed: owner.plan !== 'free' },
        aiCredits: { used: ai.used, limit: owner.limits.aiCredits },
        rate: { perMinute: owner.limits.perMinute, perDay: owner.limits.perDay, tier: owner.plan },
        perDay: counts.perDay,
        renders: counts.period,
      };
      res.json(body);
    },
  });

  defineRoute(router, '/usage/overage', {
    put: async (req, res) => {
      const session = sessionOf(res);
      const { enabled } = parseOrThrow(OverageBody, req.body);
      const { account, ownerId } = authOf(res);
      if (account.teamId !== null) {
        const membership = await getMembership(deps.db, { teamId: account.teamId, userId: session.user.id });
        if (membership?.role !== 'owner' && membership?.role !== 'admin') {
          throw new ProblemError('forbidden', { detail: "Only the team's owners and admins can change its overage setting." });
        }
      }
      await setOverage(deps.db, { ownerId, enabled });
      // Renders read the owner's plan from a cache: every process drops it now (docs/adr/0046).
      await deps.owners.changed(ownerId, ['plan']);
      res.json({ enabled });
    },
  });
  return router;
}
