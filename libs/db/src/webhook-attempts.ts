// One recorded delivery attempt, and the disable rule: a subscription whose last retry failed becomes `failed`.
import { and, eq, sql } from 'drizzle-orm';
import { type Db } from './open.js';
import { webhookDeliveries, webhookSubscriptions, type WebhookDeliveryState, type WebhookLastDeliveryRecord } from './schema.js';

export interface WebhookAttemptResult {
  id: string;
  attempt: number;
  at: Date;
  ok: boolean;
  responseCode: number | null;
  error: string | null;
  /** When to try again; null when this was the last attempt (or it succeeded). */
  nextAttemptAt: Date | null;
}

/**
 * Record one attempt. Guarded by (state 'sending', attempt): a claim that
 * lapsed and was taken over records nothing. The subscription's counters and
 * lastDelivery move in the same transaction; when the last attempt failed the
 * subscription becomes `failed` and its other pending deliveries are cancelled.
 * Returns whether this attempt disabled the subscription.
 */
export async function recordWebhookAttempt(db: Db, result: WebhookAttemptResult): Promise<{ recorded: boolean; disabled: boolean }> {
  return db.orm.transaction(async (tx) => {
    const state: WebhookDeliveryState = result.ok ? 'delivered' : result.nextAttemptAt ? 'pending' : 'failed';
    const [delivery] = await tx
      .update(webhookDeliveries)
      .set({
        state,
        leaseUntil: null,
        lastResponseCode: result.responseCode,
        lastError: result.error,
        lastAttemptAt: result.at,
        ...(result.nextAttemptAt ? { nextAttemptAt: result.nextAttemptAt } : {}),
        ...(state === 'pending' ? {} : { finishedAt: result.at }),
      })
      .where(
        and(eq(webhookDeliveries.id, result.id), eq(webhookDeliveries.state, 'sending'), eq(webhookDeliveries.attempt, result.attempt)),
      )
      .returning({ subscriptionUid: webhookDeliveries.subscriptionUid, event: webhookDeliveries.event });
    if (!delivery) return { recorded: false, disabled: false };
    if (!delivery.subscriptionUid) return { recorded: true, disabled: false };
    const lastDelivery: WebhookLastDeliveryRecord = {
      deliveryId: result.id,
      event: delivery.event,
      status: result.ok ? 'success' : 'failed',
      timestamp: result.at.toISOString(),
      responseCode: result.responseCode,
      attempt: result.attempt,
      nextRetryAt: result.nextAttemptAt?.toISOString() ?? null,
      error: result.error,
    };
    await tx
      .update(webhookSubscriptions)
      .set({
        deliveryCount: sql`${webhookSubscriptions.deliveryCount} + 1`,
        failureCount: result.ok ? webhookSubscriptions.failureCount : sql`${webhookSubscriptions.failureCount} + 1`,
        lastDeliveryAt: result.at,
        lastDelivery,
      })
      .where(eq(webhookSubscriptions.uid, delivery.subscriptionUid));
    if (state !== 'failed') return { recorded: true, disabled: false };
    const disabled = await tx
      .update(webhookSubscriptions)
      .set({ status: 'failed', updatedAt: result.at })
      .where(and(eq(webhookSubscriptions.uid, delivery.subscriptionUid), eq(webhookSubscriptions.status, 'active')))
      .returning({ uid: webhookSubscriptions.uid });
    await tx
      .update(webhookDeliveries)
      .set({ state: 'cancelled', finishedAt: result.at, lastError: 'The subscription was disabled after a delivery failed every attempt.' })
      .where(and(eq(webhookDeliveries.subscriptionUid, delivery.subscriptionUid), eq(webhookDeliveries.state, 'pending')));
    return { recorded: true, disabled: disabled.length > 0 };
  });
}
