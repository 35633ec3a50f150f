import { errorCodeOfSlug } from '@pressroom/contracts';
import {
  getBatchById,
  getTemplate,
  listActiveBatchIds,
  listItemsWithFinishedRenders,
  listUnannouncedBatches,
  listUnpublishedBatchItems,
  purgeExpiredBatches,
  purgeExpiredIdempotencyKeys,
  settleBatchItem,
  type Db,
} from '@pressroom/db';
import type { Logger } from '@pressroom/telemetry';
import type { AuditRetention } from './audit-retention.js';
import type { BatchPump } from './batch-pump.js';
import { failItemBeforeRender, startItem, type ItemRenderDeps } from './item-render.js';
import { failAbandonedRenders, failNeverTakenRenders, withdrawUnpublishedRenders } from './render-sweeps.js';

export interface SweepDeps extends ItemRenderDeps {
  db: Db;
  logger: Logger;
  pump: BatchPump;
  /** Finished batches are deleted this long after they finished. */
  retentionMs: number;
  /** Deletes audit events past PRESSROOM_AUDIT_RETENTION_DAYS. */
  audit: AuditRetention;
  /** See RenderSweepDeps.inProcessBusSince. */
  inProcessBusSince?: Date | undefined;
}

/** Started but unpublished for this long: the starter died in between (well inside the bus's 2-minute de-duplication window). */
const UNPUBLISHED_GRACE_MS = 10_000;
/** A finished render whose event has not settled its item after this long: the event was missed. */
const MISSED_EVENT_GRACE_MS = 5_000;
const BATCH = 200;

/**
 * The periodic pass that makes the scheduler self-healing: start batches
 * nobody woke, republish items whose command may not have gone out, settle
 * items whose render event was missed, announce finished batches, fail
 * renders whose renderer died on their last delivery and withdraw renders
 * whose gateway died before publishing them (render-sweeps.ts), and delete
 * batch results, idempotency keys and audit events past their retention. Every step is idempotent. Resolves true
 * when there was anything to do (a batch in progress counts), so the poll keeps its quick pace.
 */
export async function sweep(deps: SweepDeps): Promise<boolean> {
  const now = deps.now();
  // Renders the bus gave up on or never took (ADR 0064, 0065); a batch item among them advances on its render.failed.
  const crashed = await failAbandonedRenders(deps, BATCH);
  const withdrawn = await withdrawUnpublishedRenders(deps, BATCH);
  const neverTaken = await failNeverTakenRenders(deps, BATCH);
  const active = await listActiveBatchIds(deps.db, { limit: BATCH });
  let found = active.length > 0 || crashed > 0 || withdrawn > 0 || neverTaken > 0;
  for (const batchId of active) await deps.pump.pump(batchId);

  for (const item of await listUnpublishedBatchItems(deps.db, {
    startedBefore: new Date(now.getTime() - UNPUBLISHED_GRACE_MS),
    limit: BATCH,
  })) {
    found = true;
    const batch = await getBatchById(deps.db, item.batchId);
    if (!batch) continue;
    if (batch.status === 'cancelled') {
      await failItemBeforeRender(deps, batch, item, {
        error: 'The batch was cancelled before this item was sent to a renderer.',
        errorCode: 'CANCELLED',
      });
      continue;
    }
    const template = await getTemplate(deps.db, { ownerId: batch.ownerId, uid: batch.templateId });
    await startItem(deps, batch, item, template);
    deps.logger.warn({ batchId: batch.id, renderId: item.renderId }, 'republished a batch item whose command may have been lost');
  }

  for (const render of await listItemsWithFinishedRenders(deps.db, {
    finishedBefore: new Date(now.getTime() - MISSED_EVENT_GRACE_MS),
    limit: BATCH,
  })) {
    found = true;
    const outcome =
      render.state === 'done' && render.url
        ? { ok: true as const, url: render.url, width: render.width, height: render.height }
        : {
            ok: false as const,
            error: render.error?.detail ?? 'The render failed.',
            errorCode: errorCodeOfSlug(render.error?.slug ?? 'render-failed'),
          };
    const batchId = await settleBatchItem(deps.db, { renderId: render.renderId, outcome, at: now });
    if (batchId) await deps.pump.pump(batchId);
  }

  for (const batch of await listUnannouncedBatches(deps.db, { limit: BATCH })) {
    found = true;
    await deps.pump.announce(batch);
  }

  const purged = await purgeExpiredBatches(deps.db, { completedBefore: new Date(now.getTime() - deps.retentionMs) });
  if (purged > 0) deps.logger.info({ purged }, 'expired batch results deleted');

  const forgotten = await purgeExpiredIdempotencyKeys(deps.db, { now });
  if (forgotten > 0) deps.logger.info({ forgotten }, 'expired idempotency keys deleted');

  // A full batch may leave more: found, so the next pass comes at the quick pace and takes the next batch.
  const moreAudit = await deps.audit.pass(now);
  return found || purged > 0 || forgotten > 0 || moreAudit;
}
