import { Router } from 'express';
import { z } from 'zod';
import {
  enqueueTestDelivery,
  getWebhookSubscription,
  listDeliveryLog,
  pauseWebhookSubscription,
  redeliverWebhookDelivery,
  resumeWebhookSubscription,
  type AuditAction,
  type Db,
} from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import type { OwnerCaches } from '@pressroom/service-runner';
import { audit } from '../http/audit.js';
import { authOf, requireSession } from '../http/auth.js';
import { defineRoute } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { webhookLabel, webhookSubscriptionView } from './webhook-routes.js';

const DeliveryLogQuery = z.object({
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

function notFound(uid: string): ProblemError {
  return new ProblemError('not-found', { detail: `No webhook subscription with uid ${JSON.stringify(uid)} exists for this account.` });
}

/**
 * Dashboard controls of webhook subscriptions (docs/webhooks.md): pause and resume are for the
 * dashboard session only (a key gets 403; the API's PUT still refuses `status`); the delivery
 * log, test event and redelivery answer a session or a key. Pause and resume are announced
 * (owner.changed `webhooks`): the dispatchers match events from memory (docs/adr/0046).
 */
export function webhookControlRoutes(deps: { db: Db; owners: Pick<OwnerCaches, 'changed'> }): Router {
  const router = Router();

  /** Changes the status; `changed` says which audit action it was (a resume of a failed subscription is a re-enable). */
  const setStatus = (change: (db: Db, input: { ownerId: string; uid: string }) => Promise<AuditAction | null>) =>
    [
      requireSession,
      async (req, res) => {
        const { ownerId } = authOf(res);
        const uid = String(req.params.uid);
        const action = await change(deps.db, { ownerId, uid });
        if (!action) throw notFound(uid);
        await deps.owners.changed(ownerId, ['webhooks']);
        const row = await getWebhookSubscription(deps.db, { ownerId, uid });
        await audit(req, res, action, { targetId: uid, targetLabel: webhookLabel(row!) });
        res.json({ subscription: webhookSubscriptionView(row!) });
      },
    ] satisfies Parameters<typeof defineRoute>[2]['post'];

  const pause = async (db: Db, input: { ownerId: string; uid: string }) =>
    (await pauseWebhookSubscription(db, input)) ? ('webhook.paused' as const) : null;
  const resume = async (db: Db, input: { ownerId: string; uid: string }) => {
    const was = await resumeWebhookSubscription(db, input);
    return was === 'reenabled' ? ('webhook.reenabled' as const) : was === 'resumed' ? ('webhook.resumed' as const) : null;
  };
  defineRoute(router, '/webhook-subscriptions/:uid/pause', { post: setStatus(pause) });
  defineRoute(router, '/webhook-subscriptions/:uid/resume', { post: setStatus(resume) });

  defineRoute(router, '/webhook-subscriptions/:uid/deliveries', {
    get: async (req, res) => {
      const uid = String(req.params.uid);
      const query = parseOrThrow(DeliveryLogQuery, req.query, 'query');
      if (!(await getWebhookSubscription(deps.db, { ownerId: authOf(res).ownerId, uid }))) throw notFound(uid);
      let page: Awaited<ReturnType<typeof listDeliveryLog>>;
      try {
        page = await listDeliveryLog(deps.db, { subscriptionUid: uid, cursor: query.cursor, limit: query.limit });
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        throw new ProblemError('validation-error', {
          detail: 'The cursor is not one this API returned.',
          errors: [{ field: 'cursor', message: 'Use nextCursor from the previous page.' }],
        });
      }
      res.json({
        items: page.items.map((d) => ({
          id: d.id,
          event: d.event,
          createdAt: d.createdAt.toISOString(),
          status: d.state,
          responseCode: d.responseCode,
          attempt: d.attempt,
          lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
          nextRetryAt: d.nextRetryAt?.toISOString() ?? null,
          error: d.error,
          test: d.test,
          redeliveryOf: d.redeliveryOf,
        })),
        nextCursor: page.nextCursor,
      });
    },
  });

  defineRoute(router, '/webhook-subscriptions/:uid/test', {
    post: async (req, res) => {
      const uid = String(req.params.uid);
      const deliveryId = await enqueueTestDelivery(deps.db, { ownerId: authOf(res).ownerId, uid });
      if (!deliveryId) throw notFound(uid);
      res.status(202).json({ deliveryId });
    },
  });

  defineRoute(router, '/webhook-deliveries/:id/redeliver', {
    post: async (req, res) => {
      const id = String(req.params.id);
      const deliveryId = await redeliverWebhookDelivery(deps.db, { ownerId: authOf(res).ownerId, deliveryId: id });
      if (!deliveryId)
        throw new ProblemError('not-found', { detail: `No webhook delivery ${JSON.stringify(id)} exists for this account.` });
      res.status(202).json({ deliveryId });
    },
  });
  return router;
}
