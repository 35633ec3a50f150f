import { Router } from 'express';
import type { CallerView } from '@pressroom/contracts';
import { authOf } from '../http/auth.js';
import { defineRoute } from '../http/routes.js';

/**
 * `GET /api/users/`: who the key belongs to. The hosted service's MCP server
 * (remote mode) checks a key with this call and only reads the status, so the
 * answer is the caller's account; a bad key never gets here (401 from auth).
 */
export function callerRoutes(): Router {
  const router = Router();
  defineRoute(router, '/api/users', {
    get: (_req, res) => {
      const { account, ownerId } = authOf(res);
      const body: CallerView = {
        user: {
          id: account.id,
          name: account.name,
          plan: account.plan,
          teamId: account.teamId,
          ownerId,
          createdAt: account.createdAt.toISOString(),
        },
      };
      res.json(body);
    },
  });
  return router;
}
