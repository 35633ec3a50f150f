import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Webhook subscriptions and their deliveries. Re-exported by schema.ts (drizzle-kit reads it from there).
// This file must only import drizzle-orm: drizzle-kit loads it on its own.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type WebhookSubscriptionStatus = 'active' | 'paused' | 'failed';
export type WebhookDeliveryState = 'pending' | 'sending' | 'delivered' | 'failed' | 'cancelled';

/** The subscription's most recent attempt, as the API shows it. */
export interface WebhookLastDeliveryRecord {
  deliveryId: string;
  event: string;
  status: 'success' | 'failed';
  timestamp: string;
  responseCode: number | null;
  attempt: number;
  nextRetryAt: string | null;
  error: string | null;
}

export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    uid: text('uid').primaryKey(),
    /** The account id, or the team id when the account belongs to a team (events route by it). */
    ownerId: text('owner_id').notNull(),
    accountId: text('account_id').notNull(),
    event: text('event').notNull(),
    targetUrl: text('target_url').notNull(),
    platform: text('platform').notNull().default('custom'),
    status: text('status').$type<WebhookSubscriptionStatus>().notNull().default('active'),
    /** The signing secret, sealed with the server key (AES-256-GCM); it must stay recoverable to sign. */
    secretCiphertext: text('secret_ciphertext').notNull(),
    filterTemplateId: text('filter_template_id'),
    filterBindingId: text('filter_binding_id'),
    filterType: text('filter_type'),
    /** Attempts sent, and how many of them failed. */
    deliveryCount: integer('delivery_count').notNull().default(0),
    failureCount: integer('failure_count').notNull().default(0),
    lastDeliveryAt: at('last_delivery_at'),
    lastDelivery: jsonb('last_delivery').$type<WebhookLastDeliveryRecord>(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_subscriptions_owner_idx').on(t.ownerId, t.createdAt),
    index('webhook_subscriptions_match_idx').on(t.ownerId, t.event, t.status),
  ],
);

/**
 * One event to one receiver. The payload is fixed at enqueue time, so every
 * retry sends the same bytes under the same delivery id; `attempt` counts the
 * tries, and a try is claimed (state `sending`, lease) by exactly one dispatcher.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** Sent as X-Service-Delivery-Id. */
    id: text('id').primaryKey(),
    /** Null for a batch's own webhook (then batchId and targetUrl are set). */
    subscriptionUid: text('subscription_uid').references(() => webhookSubscriptions.uid, { onDelete: 'cascade' }),
    batchId: text('batch_id'),
    ownerId: text('owner_id').notNull(),
    event: text('event').notNull(),
    /** Batch webhooks only; subscription deliveries go to the subscription's current targetUrl. */
    targetUrl: text('target_url'),
    /** One delivery per (receiver, source event): a redelivered bus event enqueues nothing new. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    payload: text('payload').notNull(),
    state: text('state').$type<WebhookDeliveryState>().notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    /** While `sending`: when the claim lapses (the dispatcher holding it died) and another may retry. */
    leaseUntil: at('lease_until'),
    lastResponseCode: integer('last_response_code'),
    lastError: text('last_error'),
    /** When the latest attempt's outcome was recorded (with it, in one statement); null while none has been. */
    lastAttemptAt: at('last_attempt_at'),
    /**
     * The delivery a redelivery repeats (the dashboard's Redeliver). No foreign key: the original's history is
     * purged a week after it finished, and the redelivery should still say which one it repeated.
     */
    redeliveryOf: text('redelivery_of'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('webhook_deliveries_subscription_idx').on(t.subscriptionUid, t.state),
  ],
);
