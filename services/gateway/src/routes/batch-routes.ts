import { Router } from 'express';
import { BatchRenderRequest, CATALOG, type BatchCancelled } from '@pressroom/contracts';
import { cancelBatch, countBatchItems } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { authOf } from '../http/auth.js';
import { ownerPlanOf } from '../http/rate-limit.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { batchNotFound, batchResults, recentBatches, retryBatch, startBatch, type BatchDeps } from '../batches/start-batch.js';
import { plural } from '@pressroom/contracts/plural';

/** Batch rendering: start (rows or CSV), results, cancel, retry of the failed items. The scheduler does the rendering. */
export function batchRoutes(deps: BatchDeps): Router {
  const router = Router();
  const retentionMs = deps.retentionMs;

  defineRoute(router, '/templates/:uid/batch-render', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(BatchRenderRequest, req.body);
      const auth = authOf(res);
      const answer = await startBatch(deps, { auth, plan: ownerPlanOf(res).plan, templateUid: String(req.params.uid), body });
      res.status(202).location(`/templates/batch/${answer.batchId}/results`).json(answer);
    }),
  });

  defineRoute(router, '/batches', {
    get: handler(async (_req, res) => {
      res.json({ batches: await recentBatches(deps, authOf(res).ownerId) });
    }),
  });

  defineRoute(router, '/templates/batch/:batchId/results', {
    get: handler(async (req, res) => {
      const id = String(req.params.batchId);
      res.json(await batchResults(deps, { ownerId: authOf(res).ownerId, id }));
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
      const body: BatchCancelled = {
        batchId: id,
        status: 'cancelled',
        message: `Batch cancelled: ${plural(counts.cancelled, 'item')} will not render; ${counts.rendering} already rendering will finish.`,
      };
      res.json(body);
    }),
  });

  defineRoute(router, '/templates/batch/:batchId/retry', {
    post: handler(async (req, res) => {
      const answer = await retryBatch(deps, { auth: authOf(res), plan: ownerPlanOf(res).plan, id: String(req.params.batchId) });
      res.status(202).location(`/templates/batch/${answer.batchId}/results`).json(answer);
    }),
  });

  return router;
}
