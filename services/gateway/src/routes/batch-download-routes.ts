import { Readable } from 'node:stream';
import { Router } from 'express';
import { DEFAULT_BATCH_EVENTS_POLL_MS } from '@pressroom/config';
import { BatchArchiveQuery } from '@pressroom/contracts';
import { getBatch, getTemplate, type Db } from '@pressroom/db';
import type { Storage } from '@pressroom/storage';
import type { Logger } from '@pressroom/telemetry';
import { zipStream } from '@pressroom/zip';
import { authOf } from '../http/auth.js';
import { openEventStream } from '../http/event-stream.js';
import { defineRoute, handler } from '../http/routes.js';
import { streamBody } from '../http/stream-body.js';
import { parseOrThrow } from '../http/validate.js';
import { archiveDisposition, archiveFileName } from '../batches/archive-file-name.js';
import { batchArchiveEntries } from '../batches/batch-archive.js';
import { batchProgress } from '../batches/batch-progress.js';
import { batchNotFound } from '../batches/start-batch.js';

export interface BatchDownloadDeps {
  db: Db;
  storage: Storage;
  /** How long results are kept after a batch finishes (PRESSROOM_BATCH_RETENTION). */
  retentionMs: number;
  /** How often the event stream looks at the batch (default in libs/config). */
  eventsPollMs?: number | undefined;
}

/** What the dashboard's Batches page reads: every result as one ZIP, and live progress. */
export function batchDownloadRoutes(deps: BatchDownloadDeps): Router {
  const router = Router();
  const retentionMs = deps.retentionMs;
  const pollMs = deps.eventsPollMs ?? DEFAULT_BATCH_EVENTS_POLL_MS;

  defineRoute(router, '/templates/batch/:batchId/archive', {
    get: handler(async (req, res) => {
      const id = String(req.params.batchId);
      const query = parseOrThrow(BatchArchiveQuery, req.query, 'query');
      const batch = await getBatch(deps.db, { ownerId: authOf(res).ownerId, id });
      if (!batch) throw batchNotFound(id, retentionMs);
      const entries = await batchArchiveEntries(deps, batch, { nameBy: query.name });
      const template = await getTemplate(deps.db, { ownerId: batch.ownerId, uid: batch.templateId });
      res.status(200).set({
        'Content-Type': 'application/zip',
        'Content-Disposition': archiveDisposition(batch.id, archiveFileName(template?.name ?? null, batch.createdAt)),
        'Cache-Control': 'no-store',
      });
      // Headers are gone once bytes flow: a failure mid-way can only cut the download short.
      await streamBody(Readable.from(zipStream(entries)), res).catch((error: unknown) => {
        (res.locals.log as Logger).warn({ err: error, batchId: batch.id }, 'batch archive stream ended early');
      });
    }),
  });

  defineRoute(router, '/templates/batch/:batchId/events', {
    get: handler(async (req, res) => {
      const ownerId = authOf(res).ownerId;
      const id = String(req.params.batchId);
      let progress = await batchProgress(deps.db, { ownerId, id });
      if (!progress) throw batchNotFound(id, retentionMs);
      // Starts with the current progress: a client that reconnects (after a shutdown ended its stream) loses nothing.
      const stream = openEventStream(req, res);
      let sent = '';
      while (progress) {
        const { final, ...event } = progress;
        const data = JSON.stringify(event);
        if (data !== sent) stream.send('progress', data);
        sent = data;
        if (final || !(await stream.pause(pollMs))) break;
        progress = await batchProgress(deps.db, { ownerId, id });
      }
      stream.end();
    }),
  });

  return router;
}
