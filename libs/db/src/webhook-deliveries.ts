// The webhook delivery queue: enqueue, claim due attempts, cancel, purge, list.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { sqlRows, type Db } from './open.js';
import { batches, webhookDeliveries, webhookSubscriptions, type WebhookDeliveryState } from './schema.js';

export interface NewWebhookDelivery {
  id: string;
  subscriptionUid: string | null;
  batchId: string | null;
  ownerId: string;
  event: string;
  targetUrl: string | null;
  dedupeKey: string;
  payload: string;
  nextAttemptAt: Date;
}

/**
 * Insert deliveries; one whose dedupe key exists already is skipped, and so is one for a subscription
 * that is gone or no longer active: the dispatcher matches against its in-memory copy of the owner's
 * subscriptions (docs/adr/0046), which a delete, pause or disable may have overtaken. The check is
 * part of the same statement, so no delivery is ever stored for a subscription deleted or disabled
 * before it (and a deleted one cannot fail the insert on its foreign key). Returns the ids inserted.
 */
export async function enqueueWebhookDeliveries(db: Db, deliveries: NewWebhookDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const values = sql.join(
    deliveries.map(
      (d) =>
        sql`(${d.id}::text, ${d.subscriptionUid}::text, ${d.batchId}::text, ${d.ownerId}::text, ${d.event}::text, ${d.targetUrl}::text, ${d.dedupeKey}::text, ${d.payload}::text, ${d.nextAttemptAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`INSERT INTO webhook_deliveries (id, subscription_uid, batch_id, owner_id, event, target_url, dedupe_key, payload, state, next_attempt_at)
        SELECT v.id, v.subscription_uid, v.batch_id, v.owner_id, v.event, v.target_url, v.dedupe_key, v.payload, 'pending', v.next_attempt_at
        FROM (VALUES ${values}) AS v (id, subscription_uid, batch_id, owner_id, event, target_url, dedupe_key, payload, next_attempt_at)
        WHERE v.subscription_uid IS NULL
           OR EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.uid = v.subscription_uid AND s.status = 'active')
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING id`,
  );
  return rows.map((r) => r.id);
}

export interface ClaimedWebhookDelivery {
  id: string;
  subscriptionUid: string | null;
  batchId: string | null;
  ownerId: string;
  event: string;
  payload: string;
  /** 1 for the first try. */
  attempt: number;
  /** Where to send it and the sealed secret; null when the subscription or batch is gone. */
  target: { url: string; secretCiphertext: string } | null;
}

/**
 * Take up to `limit` deliveries that are due (or whose previous claim lapsed)
 * for one attempt each. The row lock (SKIP LOCKED) plus the guarded UPDATE
 * make two dispatchers never claim the same attempt. Deliveries of paused
 * subscriptions wait.
 */
export async function claimDueWebhookDeliveries(
  db: Db,
  input: { now: Date; limit: number; leaseMs: number },
): Promise<ClaimedWebhookDelivery[]> {
  const now = input.now.toISOString();
  const leaseUntil = new Date(input.now.getTime() + input.leaseMs).toISOString();
  const due = sql`((d.state = 'pending' AND d.next_attempt_at <= ${now}::timestamptz) OR (d.state = 'sending' AND d.lease_until < ${now}::timestamptz))`;
  const claimed = await sqlRows<{
    id: string;
    subscription_uid: string | null;
    batch_id: string | null;
    owner_id: string;
    event: string;
    payload: string;
    attempt: number;
  }>(
    db,
    sql`UPDATE webhook_deliveries AS d
        SET state = 'sending', attempt = d.attempt + 1, lease_until = ${leaseUntil}::timestamptz
        WHERE d.id IN (
          SELECT w.id FROM webhook_deliveries w
          LEFT JOIN webhook_subscriptions s ON s.uid = w.subscription_uid
          WHERE ((w.state = 'pending' AND w.next_attempt_at <= ${now}::timestamptz) OR (w.state = 'sending' AND w.lease_until < ${now}::timestamptz))
            AND (w.subscription_uid IS NULL OR s.status = 'active')
          ORDER BY w.next_attempt_at
          LIMIT ${input.limit}
          FOR UPDATE OF w SKIP LOCKED
        ) AND ${due}
        RETURNING d.id, d.subscription_uid, d.batch_id, d.owner_id, d.event, d.payload, d.attempt`,
  );
  if (claimed.length === 0) return [];
  const subscriptionUids = [...new Set(claimed.flatMap((c) => (c.subscription_uid ? [c.subscription_uid] : [])))];
  const batchIds = [...new Set(claimed.flatMap((c) => (c.batch_id && !c.subscription_uid ? [c.batch_id] : [])))];
  const [subscriptions, batchTargets] = await Promise.all([
    subscriptionUids.length === 0
      ? []
      : db.orm
          .select({ uid: webhookSubscriptions.uid, url: webhookSubscriptions.targetUrl, secret: webhookSubscriptions.secretCiphertext })
          .from(webhookSubscriptions)
          .where(inArray(webhookSubscriptions.uid, subscriptionUids)),
    batchIds.length === 0
      ? []
      : db.orm
          .select({ id: batches.id, url: batches.webhookUrl, secret: batches.webhookSecretCiphertext })
          .from(batches)
          .where(inArray(batches.id, batchIds)),
  ]);
  const bySubscription = new Map(subscriptions.map((s) => [s.uid, { url: s.url, secretCiphertext: s.secret }]));
  const byBatch = new Map(
    batchTargets.flatMap((b) => (b.url && b.secret ? [[b.id, { url: b.url, secretCiphertext: b.secret }] as const] : [])),
  );
  return claimed.map((c) => ({
    id: c.id,
    subscriptionUid: c.subscription_uid,
    batchId: c.batch_id,
    ownerId: c.owner_id,
    event: c.event,
    payload: c.payload,
    attempt: Number(c.attempt),
    target: (c.subscription_uid ? bySubscription.get(c.subscription_uid) : c.batch_id ? byBatch.get(c.batch_id) : undefined) ?? null,
  }));
}

/** A claimed delivery whose receiver no longer exists (subscription deleted, batch purged). */
export async function cancelWebhookDelivery(db: Db, input: { id: string; attempt: number; at: Date; reason: string }): Promise<void> {
  await db.orm
    .update(webhookDeliveries)
    .set({ state: 'cancelled', leaseUntil: null, finishedAt: input.at, lastError: input.reason })
    .where(and(eq(webhookDeliveries.id, input.id), eq(webhookDeliveries.state, 'sending'), eq(webhookDeliveries.attempt, input.attempt)));
}

/** Delete finished deliveries older than `before` (delivery history is kept for a while, then dropped). */
export async function purgeFinishedWebhookDeliveries(db: Db, input: { before: Date }): Promise<number> {
  const rows = await db.orm
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.state, ['delivered', 'failed', 'cancelled']), lt(webhookDeliveries.finishedAt, input.before)))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

export interface WebhookDeliveryRow {
  id: string;
  subscriptionUid: string | null;
  batchId: string | null;
  event: string;
  state: WebhookDeliveryState;
  attempt: number;
  nextAttemptAt: Date;
  lastResponseCode: number | null;
  lastError: string | null;
  payload: string;
}

/** Deliveries of a subscription or a batch, oldest first (tests and diagnostics). */
export async function listWebhookDeliveries(db: Db, input: { subscriptionUid?: string; batchId?: string }): Promise<WebhookDeliveryRow[]> {
  const where =
    input.subscriptionUid !== undefined
      ? eq(webhookDeliveries.subscriptionUid, input.subscriptionUid)
      : eq(webhookDeliveries.batchId, input.batchId ?? '');
  return db.orm
    .select({
      id: webhookDeliveries.id,
      subscriptionUid: webhookDeliveries.subscriptionUid,
      batchId: webhookDeliveries.batchId,
      event: webhookDeliveries.event,
      state: webhookDeliveries.state,
      attempt: webhookDeliveries.attempt,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastResponseCode: webhookDeliveries.lastResponseCode,
      lastError: webhookDeliveries.lastError,
      payload: webhookDeliveries.payload,
    })
    .from(webhookDeliveries)
    .where(where)
    .orderBy(webhookDeliveries.createdAt, webhookDeliveries.id);
}
