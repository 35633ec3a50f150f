import { Router } from 'express';
import { RefusedRequestsQuery, type RefusedRequestList } from '@pressroom/contracts';
import { listRefusedRequests, type Db } from '@pressroom/db';
import { authOf } from '../http/auth.js';
import { defineRoute } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';

/** The workspace's refused requests, newest first (docs/adr/0071-refused-requests-log.md; the Renders page shows them). */
export function refusedRequestRoutes(deps: { db: Db }): Router {
  const router = Router();
  defineRoute(router, '/account/refused-requests', {
    get: async (req, res) => {
      const { limit } = parseOrThrow(RefusedRequestsQuery, req.query, 'query');
      const rows = await listRefusedRequests(deps.db, { ownerId: authOf(res).ownerId, limit });
      const body: RefusedRequestList = {
        items: rows.map((row) => ({
          id: String(row.id),
          at: row.at.toISOString(),
          method: row.method,
          path: row.path,
          status: row.status,
          type: row.slug,
          title: row.title,
          detail: row.detail,
          errors: row.errors,
          key: row.key,
        })),
      };
      res.set('Cache-Control', 'no-store').json(body);
    },
  });
  return router;
}
