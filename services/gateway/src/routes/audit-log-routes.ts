import { Router } from 'express';
import { AuditLogQuery, type AuditActorList, type AuditLogPage } from '@pressroom/contracts';
import { listAuditActors, listAuditEvents, requireAuditLogReader, type Db } from '@pressroom/db';
import { authOf } from '../http/auth.js';
import { defineRoute } from '../http/routes.js';
import { sendAuditLogCsv } from './audit-log-csv.js';
import { parseOrThrow } from '../http/validate.js';

/** The workspace's audit log, newest first (docs/audit-log.md; the dashboard's Settings → Audit log). */
export function auditLogRoutes(deps: { db: Db }): Router {
  const router = Router();
  defineRoute(router, '/account/audit-log', {
    get: async (req, res) => {
      const { cursor, limit, format, action, actor } = parseOrThrow(AuditLogQuery, req.query, 'query');
      await requireAuditLogReader(deps.db, authOf(res).account);
      const filter = { action, actorId: actor };
      if (format === 'csv') return sendAuditLogCsv(deps.db, authOf(res).ownerId, res, { filter });
      // One more than asked says whether another page follows.
      const rows = await listAuditEvents(deps.db, {
        ownerId: authOf(res).ownerId,
        limit: limit + 1,
        before: cursor === undefined ? undefined : Number(cursor),
        filter,
      });
      const page = rows.slice(0, limit);
      const hasMore = rows.length > limit;
      const body: AuditLogPage = {
        items: page.map((row) => ({ ...row, id: String(row.id), at: row.at.toISOString() })),
        pagination: { limit, nextCursor: hasMore ? String(page.at(-1)!.id) : null, hasMore },
      };
      res.set('Cache-Control', 'no-store').json(body);
    },
  });
  defineRoute(router, '/account/audit-log/actors', {
    get: async (_req, res) => {
      await requireAuditLogReader(deps.db, authOf(res).account);
      const body: AuditActorList = { actors: await listAuditActors(deps.db, authOf(res).ownerId) };
      res.set('Cache-Control', 'no-store').json(body);
    },
  });
  return router;
}
