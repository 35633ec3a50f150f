import { Router } from 'express';
import { RenderHistoryQuery } from '@pressroom/contracts';
import { decodeRenderCursor, encodeRenderCursor, getRender, listRenderHistory, PREVIEW_ORIGIN, type Db } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { renderDetail, renderHistoryItem } from '../views/render-history-view.js';

/** GET /renders and GET /renders/{id}: every kind of render in one history (the dashboard's Renders page). */
export function renderHistoryRoutes(deps: { db: Db; errorsBaseUrl: string }): Router {
  const router = Router();

  defineRoute(router, '/renders', {
    get: handler(async (req, res) => {
      const query = parseOrThrow(RenderHistoryQuery, req.query, 'query');
      const after = query.cursor === undefined ? undefined : decodeRenderCursor(query.cursor);
      if (after === null) {
        throw new ProblemError('validation-error', {
          detail: 'The request query is invalid: cursor: not a cursor from a previous page (use its `nextCursor`).',
          errors: [{ field: 'cursor', message: 'Not a cursor from a previous page.' }],
        });
      }
      const { rows, next } = await listRenderHistory(deps.db, {
        ownerId: authOf(res).ownerId,
        kind: query.kind,
        templateId: query.templateUid,
        state: query.status,
        from: query.from,
        to: query.to,
        after,
        limit: query.limit,
      });
      res.json({
        items: rows.map(renderHistoryItem),
        pagination: { limit: query.limit, nextCursor: next ? encodeRenderCursor(next) : null, hasMore: next !== null },
      });
    }),
  });

  defineRoute(router, '/renders/:id', {
    get: handler(async (req, res) => {
      const row = await getRender(deps.db, { ownerId: authOf(res).ownerId, id: String(req.params.id) });
      if (!row || row.origin === PREVIEW_ORIGIN) {
        throw new ProblemError('not-found', { detail: `No render with id ${JSON.stringify(req.params.id)} exists for this account.` });
      }
      res.json({ render: renderDetail(row, deps.errorsBaseUrl) });
    }),
  });

  return router;
}
