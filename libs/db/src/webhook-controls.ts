import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { newId } from '@pressroom/contracts';
import type { Db } from './open.js';
import { webhookDeliveries, webhookSubscriptions, type WebhookDeliveryState } from './schema.js';

// What the dashboard does to a subscription besides the API's CRUD: pause/resume (the
// contract keeps them out of the API), the delivery log, a test event and redelivery.
// The dispatcher sends the rows enqueued here like any other.

type SubscriptionStatus = 'active' | 'paused' | 'failed';

/** One conditional update: the caller's subscription to `to`, only from one of `from`. Whether it moved. */
async function moveStatus(
  db: Db,
  input: { ownerId: string; uid: string },
  to: SubscriptionStatus,
  from: readonly SubscriptionStatus[],
): Promise<boolean> {
  const rows = await db.orm
    .update(webhookSubscriptions)
    .set({ status: to, updatedAt: new Date() })
    .where(
      and(
        eq(webhookSubscriptions.ownerId, input.ownerId),
        eq(webhookSubscriptions.uid, input.uid),
        inArray(webhookSubscriptions.status, [...from]),
      ),
    )
    .returning({ uid: webhookSubscriptions.uid });
  return rows.length > 0;
}

/** active → paused (paused stays paused). Its deliveries wait until it resumes. */
export function pauseWebhookSubscription(db: Db, input: { ownerId: string; uid: string }): Promise<boolean> {
  return moveStatus(db, input, 'paused', ['active', 'paused']);
}

/**
 * paused or failed → active. What it was matters to the audit log: a subscription the dispatcher disabled after a failed
 * delivery is re-enabled (the dashboard's Re-enable), a paused one resumed. Each is one conditional update, so two
 * requests at once never both call it a re-enable. Null when there is no such subscription.
 */
export async function resumeWebhookSubscription(db: Db, input: { ownerId: string; uid: string }): Promise<'reenabled' | 'resumed' | null> {
  if (await moveStatus(db, input, 'active', ['failed'])) return 'reenabled';
  return (await moveStatus(db, input, 'active', ['active', 'paused'])) ? 'resumed' : null;
}

export interface DeliveryLogEntry {
  id: string;
  event: string;
  createdAt: Date;
  state: WebhookDeliveryState;
  attempt: number;
  /** When the latest attempt's outcome was recorded; null while none has been (or before this was kept, migration 0020). */
  lastAttemptAt: Date | null;
  responseCode: number | null;
  /** When the next try is due; null once finished. */
  nextRetryAt: Date | null;
  error: string | null;
  /** A test event (its body's `data.test` is true): sent from the dashboard, or a redelivery of one. */
  test: boolean;
  /** The delivery this one repeats (Redeliver); null for an event's own delivery or a test event. */
  redeliveryOf: string | null;
}

/** Whether a delivery's body is a test event's, as a receiver tells: `data.test === true`. */
function isTestPayload(payload: string): boolean {
  try {
    const body = JSON.parse(payload) as { data?: { test?: unknown } } | null;
    return body?.data?.test === true;
  } catch {
    return false;
  }
}

/** Opaque keyset cursor: the last entry's (createdAt, id). */
function encodeCursor(entry: { createdAt: Date; id: string }): string {
  return Buffer.from(`${entry.createdAt.toISOString()}|${entry.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  return id && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : null;
}

/** Newest first, `limit` per page; `nextCursor` is null on the last page. Throws TypeError on a malformed cursor. */
export async function listDeliveryLog(
  db: Db,
  input: { subscriptionUid: string; cursor?: string | undefined; limit: number },
): Promise<{ items: DeliveryLogEntry[]; nextCursor: string | null }> {
  const after = input.cursor === undefined ? null : decodeCursor(input.cursor);
  if (input.cursor !== undefined && !after) throw new TypeError('cursor');
  const mine = eq(webhookDeliveries.subscriptionUid, input.subscriptionUid);
  const rows = await db.orm
    .select()
    .from(webhookDeliveries)
    .where(
      after
        ? and(
            mine,
            or(
              lt(webhookDeliveries.createdAt, after.createdAt),
              and(eq(webhookDeliveries.createdAt, after.createdAt), lt(webhookDeliveries.id, after.id)),
            ),
          )
        : mine,
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((r) => ({
      id: r.id,
      event: r.event,
      createdAt: r.createdAt,
      state: r.state,
      attempt: r.attempt,
      lastAttemptAt: r.lastAttemptAt,
      responseCode: r.lastResponseCode,
      nextRetryAt: r.state === 'pending' || r.state === 'sending' ? r.nextAttemptAt : null,
      error: r.lastError,
      test: isTestPayload(r.payload),
      redeliveryOf: r.redeliveryOf,
    })),
    nextCursor: rows.length > input.limit ? encodeCursor(page.at(-1)!) : null,
  };
}

async function enqueueOne(
  db: Db,
  input: { subscriptionUid: string; ownerId: string; event: string; payload: string; now: Date; redeliveryOf?: string },
): Promise<string> {
  const id = newId('whd');
  await db.orm.insert(webhookDeliveries).values({
    id,
    subscriptionUid: input.subscriptionUid,
    batchId: null,
    ownerId: input.ownerId,
    event: input.event,
    targetUrl: null,
    dedupeKey: `dashboard:${id}`,
    payload: input.payload,
    state: 'pending',
    nextAttemptAt: input.now,
    redeliveryOf: input.redeliveryOf ?? null,
  });
  return id;
}

/** A test delivery of the subscription's event with `data.test = true`, sent (signed) like a real one. */
export async function enqueueTestDelivery(db: Db, input: { ownerId: string; uid: string; now?: Date }): Promise<string | null> {
  const [sub] = await db.orm
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.ownerId, input.ownerId), eq(webhookSubscriptions.uid, input.uid)));
  if (!sub) return null;
  const now = input.now ?? new Date();
  const payload = JSON.stringify({
    event: sub.event,
    timestamp: now.toISOString(),
    data: { test: true, message: 'A test event sent from the Pressroom dashboard.', subscriptionUid: sub.uid },
  });
  return enqueueOne(db, { subscriptionUid: sub.uid, ownerId: sub.ownerId, event: sub.event, payload, now });
}

/** Sends a past delivery's exact payload again as a new delivery (new id, fresh retries) that names the one it repeats. */
export async function redeliverWebhookDelivery(db: Db, input: { ownerId: string; deliveryId: string; now?: Date }): Promise<string | null> {
  const [old] = await db.orm
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.ownerId, input.ownerId), eq(webhookDeliveries.id, input.deliveryId)));
  if (!old?.subscriptionUid) return null;
  return enqueueOne(db, {
    subscriptionUid: old.subscriptionUid,
    ownerId: old.ownerId,
    event: old.event,
    payload: old.payload,
    now: input.now ?? new Date(),
    redeliveryOf: old.id,
  });
}
