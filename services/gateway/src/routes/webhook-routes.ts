import { Router } from 'express';
import { WebhookCreate, WebhookListQuery, WebhookUpdate, newId, paginate, type WebhookSubscriptionView } from '@pressroom/contracts';
import {
  deleteWebhookSubscription,
  getWebhookSubscription,
  insertWebhookSubscription,
  listWebhookSubscriptions,
  newSigningSecret,
  updateWebhookSubscription,
  type Db,
  type SecretBox,
  type WebhookSubscriptionPatch,
  type WebhookSubscriptionRow,
} from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import type { OwnerCaches } from '@pressroom/service-runner';
import type { SsrfGuard } from '@pressroom/ssrf';
import { audit } from '../http/audit.js';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { assertWebhookTarget } from './webhook-target.js';

export interface WebhookRouteDeps {
  db: Db;
  guard: SsrfGuard;
  /** Seals signing secrets at rest (the dispatcher opens them with the same key). */
  secretBox: SecretBox;
  /** Every change is announced (owner.changed `webhooks`): the dispatchers match events from memory (docs/adr/0046). */
  owners: Pick<OwnerCaches, 'changed'>;
}

export function webhookSubscriptionView(row: WebhookSubscriptionRow): WebhookSubscriptionView {
  return {
    uid: row.uid,
    event: row.event as WebhookSubscriptionView['event'],
    targetUrl: row.targetUrl,
    platform: row.platform,
    status: row.status,
    filters: row.filters as WebhookSubscriptionView['filters'],
    deliveryCount: row.deliveryCount,
    failureCount: row.failureCount,
    lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
    lastDelivery: row.lastDelivery,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * How the audit log names a subscription: its event and the target's host. Never the whole address: chat
 * webhooks carry their token in the path.
 */
export function webhookLabel(row: { event: string; targetUrl: string }): string {
  let host: string;
  try {
    host = new URL(row.targetUrl).host;
  } catch {
    host = 'an address that is no longer valid';
  }
  return `${row.event} → ${host}`;
}

function notFound(uid: string): ProblemError {
  return new ProblemError('not-found', { detail: `No webhook subscription with uid ${JSON.stringify(uid)} exists for this account.` });
}

/** /webhook-subscriptions: create (the secret is shown once), read, update, delete, list. Never pause or resume. */
export function webhookRoutes(deps: WebhookRouteDeps): Router {
  const router = Router();

  defineRoute(router, '/webhook-subscriptions', {
    get: handler(async (req, res) => {
      const query = parseOrThrow(WebhookListQuery, req.query, 'query');
      const { rows, total } = await listWebhookSubscriptions(deps.db, { ownerId: authOf(res).ownerId, ...query });
      res.json({ subscriptions: rows.map(webhookSubscriptionView), pagination: paginate({ page: query.page, limit: query.limit, total }) });
    }),
    post: handler(async (req, res) => {
      const body = parseOrThrow(WebhookCreate, req.body);
      const auth = authOf(res);
      const targetUrl = await assertWebhookTarget(deps.guard, body.targetUrl, 'targetUrl');
      const secret = newSigningSecret();
      const row = await insertWebhookSubscription(deps.db, {
        uid: newId('whk'),
        ownerId: auth.ownerId,
        accountId: auth.account.id,
        event: body.event,
        targetUrl,
        platform: body.platform,
        filters: body.filters,
        secretCiphertext: deps.secretBox.seal(secret),
      });
      await deps.owners.changed(auth.ownerId, ['webhooks']);
      await audit(req, res, 'webhook.created', { targetId: row.uid, targetLabel: webhookLabel(row) });
      res
        .status(201)
        .location(`/webhook-subscriptions/${row.uid}`)
        .json({ subscription: { ...webhookSubscriptionView(row), secret } });
    }),
  });

  defineRoute(router, '/webhook-subscriptions/:uid', {
    get: handler(async (req, res) => {
      const uid = String(req.params.uid);
      const row = await getWebhookSubscription(deps.db, { ownerId: authOf(res).ownerId, uid });
      if (!row) throw notFound(uid);
      res.json({ subscription: webhookSubscriptionView(row) });
    }),
    put: handler(async (req, res) => {
      const uid = String(req.params.uid);
      const body = parseOrThrow(WebhookUpdate, req.body);
      const ownerId = authOf(res).ownerId;
      // Existence first: another account's uid is a 404 whatever the body says.
      if (!(await getWebhookSubscription(deps.db, { ownerId, uid }))) throw notFound(uid);
      const patch: WebhookSubscriptionPatch = {};
      if (body.event !== undefined) patch.event = body.event;
      if (body.platform !== undefined) patch.platform = body.platform;
      if (body.filters !== undefined) patch.filters = body.filters;
      if (body.targetUrl !== undefined) patch.targetUrl = await assertWebhookTarget(deps.guard, body.targetUrl, 'targetUrl');
      const row = await updateWebhookSubscription(deps.db, { ownerId, uid, patch });
      if (!row) throw notFound(uid);
      await deps.owners.changed(ownerId, ['webhooks']);
      await audit(req, res, 'webhook.updated', { targetId: uid, targetLabel: webhookLabel(row) });
      res.json({ subscription: webhookSubscriptionView(row) });
    }),
    delete: handler(async (req, res) => {
      const uid = String(req.params.uid);
      const { ownerId } = authOf(res);
      // Read first: the audit log names what was deleted, which the uid alone does not tell a person.
      const row = await getWebhookSubscription(deps.db, { ownerId, uid });
      if (!row || !(await deleteWebhookSubscription(deps.db, { ownerId, uid }))) throw notFound(uid);
      await deps.owners.changed(ownerId, ['webhooks']);
      await audit(req, res, 'webhook.deleted', { targetId: uid, targetLabel: webhookLabel(row) });
      res.json({ message: 'Webhook subscription deleted', uid });
    }),
  });

  return router;
}
