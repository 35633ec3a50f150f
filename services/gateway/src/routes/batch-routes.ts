import { Router } from 'express';
import {
  BatchRenderRequest,
  CATALOG,
  batchLimitsOf,
  newId,
  type BatchItemResult,
  type BatchResultsView,
  type BatchStartResponse,
} from '@pressroom/contracts';
import type { Bus } from '@pressroom/bus';
import {
  ConcurrentBatchLimitError,
  cancelBatch,
  countBatchItems,
  assertCreditsAvailable,
  createBatch,
  getBatch,
  listBatchItems,
  newSigningSecret,
  type BatchItemRow,
  type BatchRow,
  type Db,
  type NewBatchItem,
  type SecretBox,
} from '@pressroom/db';
import { withQuotaProblem } from '../http/quota-problem.js';
import { ProblemError, type FieldError } from '@pressroom/problem';
import { layoutKeys } from '@pressroom/render-requests';
import type { SsrfGuard } from '@pressroom/ssrf';
import { authOf } from '../http/auth.js';
import { ownerPlanOf } from '../http/rate-limit.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { loadTemplate } from '../renders/load-template.js';
import { csvVariableSets } from './batch-csv-input.js';
import { assertWebhookTarget } from './webhook-target.js';

export interface BatchRouteDeps {
  db: Db;
  bus: Bus;
  guard: SsrfGuard;
  /** Seals the per-batch webhook secret. */
  secretBox: SecretBox;
  /** Largest CSV accepted (PRESSROOM_BATCH_CSV_MAX_BYTES). */
  csvMaxBytes: number;
  /** How long results are kept after a batch finishes (PRESSROOM_BATCH_RETENTION). */
  retentionMs: number;
}

/** A hint for clients at the concurrent-batch cap: batches finish in seconds to minutes. */
const RETRY_AFTER_SECONDS = 30;

export function batchNotFound(id: string, retentionMs: number): ProblemError {
  return new ProblemError('not-found', {
    detail: `No batch with id ${JSON.stringify(id)} exists for this account (results are kept for ${Math.round(retentionMs / 86_400_000)} days after a batch finishes).`,
  });
}

function itemResult(item: BatchItemRow, withLayout: boolean): BatchItemResult {
  const success = item.state === 'completed';
  return {
    index: item.rowIndex,
    success,
    url: success ? item.url : null,
    width: success ? item.width : null,
    height: success ? item.height : null,
    error: success ? null : item.error,
    errorCode: success ? null : item.errorCode,
    imageId: item.publishedAt ? item.renderId : null,
    ...(withLayout ? { layout: item.layout ?? 'default' } : {}),
  };
}

async function resultsView(db: Db, batch: BatchRow, retentionMs: number): Promise<BatchResultsView> {
  const counts = await countBatchItems(db, batch.id);
  const finished = await listBatchItems(db, batch.id, { states: ['completed', 'failed'] });
  const done = counts.completed + counts.failed + counts.cancelled;
  const results = finished.map((item) => itemResult(item, batch.layouts !== null));
  return {
    batchId: batch.id,
    templateId: batch.templateId,
    status: batch.status,
    progress: batch.totalItems === 0 ? 100 : Math.floor((100 * done) / batch.totalItems),
    totalItems: batch.totalItems,
    completedItems: counts.completed,
    failedItems: counts.failed,
    cancelledItems: counts.cancelled,
    results,
    errors: results.filter((result) => !result.success),
    createdAt: batch.createdAt.toISOString(),
    startedAt: batch.startedAt?.toISOString() ?? null,
    completedAt: batch.completedAt?.toISOString() ?? null,
    expiresAt: batch.completedAt ? new Date(batch.completedAt.getTime() + retentionMs).toISOString() : null,
  };
}

/** Batch rendering: start (rows or CSV), results, cancel. The scheduler does the rendering. */
export function batchRoutes(deps: BatchRouteDeps): Router {
  const router = Router();
  const csvMaxBytes = deps.csvMaxBytes;
  const retentionMs = deps.retentionMs;

  defineRoute(router, '/templates/:uid/batch-render', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(BatchRenderRequest, req.body);
      const auth = authOf(res);
      const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: String(req.params.uid) });

      const layouts = body.layouts ?? (body.layout !== undefined ? [body.layout] : null);
      const unknown: FieldError[] = (layouts ?? [])
        .map((layout, i) => ({ layout, field: body.layouts ? `layouts.${i}` : 'layout' }))
        .filter(({ layout }) => !layoutKeys(template).includes(layout))
        .map(({ layout, field }) => ({
          field,
          message: `Template ${template.uid} has no layout ${JSON.stringify(layout)}; its layouts are ${layoutKeys(template).join(', ')}.`,
        }));
      if (unknown.length > 0) {
        throw new ProblemError('validation-error', { detail: unknown.map((e) => `${e.field}: ${e.message}`).join('; '), errors: unknown });
      }
      const webhookUrl = body.webhookUrl === undefined ? null : await assertWebhookTarget(deps.guard, body.webhookUrl, 'webhookUrl');

      const rows: Array<Record<string, unknown>> =
        body.variableSets ?? (await csvVariableSets(deps.guard, { csvUrl: body.csvUrl!, mappings: body.mappings, maxBytes: csvMaxBytes }));
      const items: NewBatchItem[] = rows.flatMap((variables, rowIndex) =>
        (layouts ?? [null]).map((layout) => ({ rowIndex, layout, variables })),
      );

      const { plan } = ownerPlanOf(res);
      const limits = batchLimitsOf(plan);
      if (items.length > limits.itemsPerJob) {
        throw new ProblemError('plan-limit', {
          code: 'batch_limit',
          detail: `This batch has ${items.length} items (${rows.length} rows × ${(layouts ?? [null]).length} layouts); the ${plan} plan allows at most ${limits.itemsPerJob} items per batch.`,
          extensions: { limit: limits.itemsPerJob, plan, items: items.length },
        });
      }

      // Every item is one credit: refuse up front a batch that cannot fit this month (each item is checked again when it renders).
      await withQuotaProblem(() => assertCreditsAvailable(deps.db, { ownerId: auth.ownerId, needed: items.length }));

      const secret = webhookUrl ? newSigningSecret() : null;
      let batch: BatchRow;
      try {
        batch = await createBatch(deps.db, {
          batch: {
            id: newId('bat'),
            ownerId: auth.ownerId,
            accountId: auth.account.id,
            templateId: template.uid,
            format: body.format,
            quality: body.quality,
            concurrency: body.concurrency,
            layouts,
            csvUrl: body.csvUrl ?? null,
            webhookUrl,
            webhookSecretCiphertext: secret ? deps.secretBox.seal(secret) : null,
          },
          items,
          maxActive: limits.concurrentBatches,
        });
      } catch (error) {
        if (error instanceof ConcurrentBatchLimitError) {
          throw new ProblemError('too-many-batches', {
            code: 'batch_limit',
            detail: `The ${plan} plan runs at most ${error.limit} batch${error.limit === 1 ? '' : 'es'} at a time and ${error.active} ${error.active === 1 ? 'is' : 'are'} still running. Retry when one finishes.`,
            extensions: { limit: error.limit, plan },
            headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
          });
        }
        throw error;
      }
      await deps.bus.notify(CATALOG.batchWake, batch.id, { batchId: batch.id }).catch(() => {
        // The scheduler's poll starts it anyway.
      });
      const answer: BatchStartResponse = {
        batchId: batch.id,
        status: 'pending',
        totalItems: batch.totalItems,
        message: `Batch of ${batch.totalItems} item${batch.totalItems === 1 ? '' : 's'} accepted; follow it at GET /templates/batch/${batch.id}/results.`,
        ...(secret ? { webhookSecret: secret } : {}),
      };
      res.status(202).location(`/templates/batch/${batch.id}/results`).json(answer);
    }),
  });

  defineRoute(router, '/templates/batch/:batchId/results', {
    get: handler(async (req, res) => {
      const id = String(req.params.batchId);
      const batch = await getBatch(deps.db, { ownerId: authOf(res).ownerId, id });
      if (!batch) throw batchNotFound(id, retentionMs);
      res.json(await resultsView(deps.db, batch, retentionMs));
    }),
  });

  defineRoute(router, '/templates/batch/:batchId/cancel', {
    post: handler(async (req, res) => {
      const id = String(req.params.batchId);
      const result = await cancelBatch(deps.db, { ownerId: authOf(res).ownerId, id, at: new Date() });
      if (!result) throw batchNotFound(id, retentionMs);
      if (result.outcome === 'final') {
        throw new ProblemError('conflict', {
          detail: `Batch ${id} has already finished (status ${result.batch.status}); only pending or processing batches can be cancelled.`,
          extensions: { status: result.batch.status },
        });
      }
      // Lets the scheduler announce batch.completed (status cancelled) now rather than at its next poll.
      await deps.bus.notify(CATALOG.batchWake, id, { batchId: id }).catch(() => {});
      const counts = await countBatchItems(deps.db, id);
      res.json({
        batchId: id,
        status: 'cancelled',
        message: `Batch cancelled: ${counts.cancelled} item${counts.cancelled === 1 ? '' : 's'} will not render; ${counts.rendering} already rendering will finish.`,
      });
    }),
  });

  return router;
}
