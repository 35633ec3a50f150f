import { Router } from 'express';
import type { DashboardSettings } from '@pressroom/config';
import { InstanceSettingsBody, PlanChangeBody } from '@pressroom/contracts';
import {
  changeHolderPlan,
  getInstanceSettings,
  getOwnerPlan,
  listPlanHolders,
  PLAN_LIMITS,
  updateInstanceSettings,
  type Db,
} from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import type { OwnerCaches } from '@pressroom/service-runner';
import { audit } from '../http/audit.js';
import { sessionOf } from '../http/auth.js';
import { defineRoute } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';

/** Instance-wide settings and every workspace's plan, for the instance owner's dashboard session only. */
export function instanceRoutes(deps: { db: Db; settings: DashboardSettings; owners: Pick<OwnerCaches, 'changed'> }): Router {
  const router = Router();
  router.use('/instance', (_req, res, next) => {
    if (sessionOf(res).user.instanceRole !== 'owner') {
      throw new ProblemError('forbidden', { detail: 'Only the owner of this instance can change its settings.' });
    }
    next();
  });
  const defaults = { configuredSignupMode: deps.settings.signupMode };
  defineRoute(router, '/instance/settings', {
    get: async (_req, res) => {
      res.json(await getInstanceSettings(deps.db, defaults));
    },
    put: async (req, res) => {
      const change = parseOrThrow(InstanceSettingsBody, req.body);
      const settings = await updateInstanceSettings(deps.db, change, defaults);
      const said = Object.entries(change).map(([name, value]) => `${name}: ${String(value)}`);
      await audit(req, res, 'instance.settings_changed', { targetLabel: said.join(', ') });
      res.json(settings);
    },
  });
  // Every team and every account outside a team, each with the plan it is on (docs/limits.md).
  defineRoute(router, '/instance/workspaces', {
    get: async (_req, res) => {
      // The plans' own limits beside the list: what a holder moved to a plan gets unless enterprise sets its own.
      res.json({ items: await listPlanHolders(deps.db), plans: PLAN_LIMITS });
    },
  });
  defineRoute(router, '/instance/workspaces/:id/plan', {
    put: async (req, res) => {
      const change = parseOrThrow(PlanChangeBody, req.body);
      const id = String(req.params.id);
      const kind = await changeHolderPlan(deps.db, id, change);
      // Every gateway and service drops its cached plan for this owner now, not after the cache's TTL.
      await deps.owners.changed(id, ['plan']);
      const now = await getOwnerPlan(deps.db, id);
      // Logged in the workspace whose plan changed: its people see who moved them.
      await audit(req, res, 'instance.workspace_plan_changed', { ownerId: id, targetId: id, targetLabel: now.plan });
      res.json({ id, kind, plan: now.plan, overage: now.overage, limits: now.limits });
    },
  });
  return router;
}
