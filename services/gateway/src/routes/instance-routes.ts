import { Router } from 'express';
import type { DashboardSettings } from '@pressroom/config';
import { InstanceSettingsBody } from '@pressroom/contracts';
import { setSignupMode, signupModeInForce, type Db } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { sessionOf } from '../http/auth.js';
import { defineRoute } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';

/** Instance-wide settings, for the instance owner's dashboard session only. */
export function instanceRoutes(deps: { db: Db; settings: DashboardSettings }): Router {
  const router = Router();
  router.use('/instance', (_req, res, next) => {
    if (sessionOf(res).user.instanceRole !== 'owner') {
      throw new ProblemError('forbidden', { detail: 'Only the owner of this instance can change its settings.' });
    }
    next();
  });
  defineRoute(router, '/instance/settings', {
    get: async (_req, res) => {
      res.json({ signupMode: await signupModeInForce(deps.db, deps.settings.signupMode) });
    },
    put: async (req, res) => {
      const { signupMode } = parseOrThrow(InstanceSettingsBody, req.body);
      await setSignupMode(deps.db, signupMode);
      res.json({ signupMode });
    },
  });
  return router;
}
