import { Router } from 'express';
import { RenderHistoryQuery } from '@pressroom/contracts';
import {
  batchItemOfRender,
  decodeRenderCursor,
  deleteRender,
  encodeRenderCursor,
  getRender,
  getRenderOfHistory,
  listRenderHistory,
  PREVIEW_ORIGIN,
  type Db,
} from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { removeRenderFiles, type CustomStorageCopies, type Storage } from '@pressroom/storage';
import type { Logger } from '@pressroom/telemetry';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { answerStoredFile } from '../http/stored-file-answer.js';
import { parseOrThrow } from '../http/validate.js';
import { fileGone, openRenderDownload } from '../renders/render-download.js';
import { renderDetail, renderHistoryItem } from '../views/render-history-view.js';

/**
 * GET /renders, GET and DELETE /renders/{id}: every kind of render in one history (the dashboard's Renders page).
 * GET /renders/{id}/file: the render's file to save, from this origin (the dashboard's Download links; docs/adr/0078).
 */
export function renderHistoryRoutes(deps: {
  db: Db;
  errorsBaseUrl: string;
  storage: Storage;
  customStorage?: CustomStorageCopies | undefined;
}): Router {
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
        search: query.q || undefined,
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
      const row = await getRenderOfHistory(deps.db, { ownerId: authOf(res).ownerId, id: String(req.params.id) });
      if (!row || row.origin === PREVIEW_ORIGIN) {
        throw new ProblemError('not-found', { detail: `No render with id ${JSON.stringify(req.params.id)} exists for this account.` });
      }
      // The row does not keep the size; the store knows it (a head, no bytes read). Gone after retention, or the store
      // not answering: null, and the rest of the render's page still shows.
      const file = row.state === 'done' && row.storageKey ? await deps.storage.head(row.storageKey).catch(() => null) : null;
      // A batch row's render says which batch and row made it (the batch's page links to it, it links back).
      const batchRow = row.origin === 'batch' ? await batchItemOfRender(deps.db, row.id) : null;
      res.json({ render: renderDetail(row, deps.errorsBaseUrl, file?.size ?? null, batchRow) });
    }),
    // Deletes the render and its file from every store (ours and the owner's custom storage).
    delete: handler(async (req, res) => {
      const ownerId = authOf(res).ownerId;
      const id = String(req.params.id);
      const row = await getRender(deps.db, { ownerId, id });
      if (!row || row.origin === PREVIEW_ORIGIN) {
        throw new ProblemError('not-found', { detail: `No render with id ${JSON.stringify(id)} exists for this account.` });
      }
      if (row.state === 'queued' || row.state === 'rendering') {
        // Its renderer would store the file after the row is gone: an orphan no one could delete.
        throw new ProblemError('conflict', { detail: `Render ${id} is still ${row.state}; delete it once it has finished.` });
      }
      const removed = await removeRenderFiles(deps, { ownerId, storageKey: row.storageKey, copied: row.userStorageUrl !== null });
      await deleteRender(deps.db, { ownerId, id });
      res.json({ id, deleted: true, ...removed });
    }),
  });

  defineRoute(router, '/renders/:id/file', {
    get: handler(async (req, res) => {
      const id = String(req.params.id);
      const { key, info, disposition } = await openRenderDownload(deps, { ownerId: authOf(res).ownerId, id });
      res.set({
        'Content-Type': info.contentType,
        'Content-Disposition': disposition,
        // Answered to a session or a key, not a public URL: no shared cache may keep it.
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      // With Range: a browser that lost a large save (a video) half-way resumes it instead of starting over.
      await answerStoredFile(req, res, {
        storage: deps.storage,
        key,
        info,
        notFound: fileGone(id),
        whenCutShort: (error: unknown) => (res.locals.log as Logger).warn({ err: error, renderId: id }, 'render download ended early'),
      });
    }),
  });

  return router;
}
