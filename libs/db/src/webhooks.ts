import { and, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { sqlRows, type Db } from './open.js';
import {
  batches,
  webhookDeliveries,
  webhookSubscriptions,
  type WebhookDeliveryState,
  type WebhookLastDeliveryRecord,
  type WebhookSubscriptionStatus,
} from './schema.js';

export type { WebhookDeliveryState, WebhookLastDeliveryRecord, WebhookSubscriptionStatus };

export interface WebhookFiltersRecord {
  templateId?: string;
  bindingId?: string;
  type?: string;
}

export interface WebhookSubscriptionRow {
  uid: string;
  ownerId: string;
  accountId: string;
  event: string;
  targetUrl: string;
  platform: string;
  status: WebhookSubscriptionStatus;
  filters: WebhookFiltersRecord;
  deliveryCount: number;
  failureCount: number;
  lastDeliveryAt: Date | null;
  lastDelivery: WebhookLastDeliveryRecord | null;
  createdAt: Date;
  updatedAt: Date;
}

type SubscriptionRecord = typeof webhookSubscriptions.$inferSelect;

function toSubscription(r: SubscriptionRecord): WebhookSubscriptionRow {
  const filters: WebhookFiltersRecord = {};
  if (r.filterTemplateId !== null) filters.templateId = r.filterTemplateId;
  if (r.filterBindingId !== null) filters.bindingId = r.filterBindingId;
  if (r.filterType !== null) filters.type = r.filterType;
  return {
    uid: r.uid,
    ownerId: r.ownerId,
    accountId: r.accountId,
    event: r.event,
    targetUrl: r.targetUrl,
    platform: r.platform,
    status: r.status,
    filters,
    deliveryCount: r.deliveryCount,
    failureCount: r.failureCount,
    lastDeliveryAt: r.lastDeliveryAt,
    lastDelivery: r.lastDelivery,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

function filterColumns(filters: WebhookFiltersRecord | null | undefined) {
  return {
    filterTemplateId: filters?.templateId ?? null,
    filterBindingId: filters?.bindingId ?? null,
    filterType: filters?.type ?? null,
  };
}

const ownedSubscription = (ownerId: string, uid: string) =>
  and(eq(webhookSubscriptions.ownerId, ownerId), eq(webhookSubscriptions.uid, uid));

export async function insertWebhookSubscription(
  db: Db,
  input: {
    uid: string;
    ownerId: string;
    accountId: string;
    event: string;
    targetUrl: string;
    platform: string;
    filters?: WebhookFiltersRecord | undefined;
    secretCiphertext: string;
  },
): Promise<WebhookSubscriptionRow> {
  const { filters, ...rest } = input;
  const [row] = await db.orm
    .insert(webhookSubscriptions)
    .values({ ...rest, ...filterColumns(filters), status: 'active' })
    .returning();
  return toSubscription(row!);
}

/** Owner-scoped: another owner's uid behaves as not found. */
export async function getWebhookSubscription(db: Db, input: { ownerId: string; uid: string }): Promise<WebhookSubscriptionRow | null> {
  const [row] = await db.orm.select().from(webhookSubscriptions).where(ownedSubscription(input.ownerId, input.uid)).limit(1);
  return row ? toSubscription(row) : null;
}

/** Newest first; `page` is 1-based. */
export async function listWebhookSubscriptions(
  db: Db,
  query: { ownerId: string; status?: string | undefined; event?: string | undefined; page: number; limit: number },
): Promise<{ rows: WebhookSubscriptionRow[]; total: number }> {
  const filters: SQL[] = [eq(webhookSubscriptions.ownerId, query.ownerId)];
  if (query.status !== undefined) filters.push(eq(webhookSubscriptions.status, query.status as WebhookSubscriptionStatus));
  if (query.event !== undefined) filters.push(eq(webhookSubscriptions.event, query.event));
  const where = and(...filters);
  const [rows, [counted]] = await Promise.all([
    db.orm
      .select()
      .from(webhookSubscriptions)
      .where(where)
      .orderBy(desc(webhookSubscriptions.createdAt), desc(webhookSubscriptions.uid))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.orm.select({ total: count() }).from(webhookSubscriptions).where(where),
  ]);
  return { rows: rows.map(toSubscription), total: counted?.total ?? 0 };
}

export interface WebhookSubscriptionPatch {
  event?: string;
  targetUrl?: string;
  platform?: string;
  /** null clears every filter; an object replaces them. */
  filters?: WebhookFiltersRecord | null;
}

export async function updateWebhookSubscription(
  db: Db,
  input: { ownerId: string; uid: string; patch: WebhookSubscriptionPatch },
): Promise<WebhookSubscriptionRow | null> {
  const { filters, ...rest } = input.patch;
  const values: Partial<typeof webhookSubscriptions.$inferInsert> = { ...rest, updatedAt: new Date() };
  if (filters !== undefined) Object.assign(values, filterColumns(filters));
  const [row] = await db.orm.update(webhookSubscriptions).set(values).where(ownedSubscription(input.ownerId, input.uid)).returning();
  return row ? toSubscription(row) : null;
}

/** Pending deliveries of the subscription go with it (foreign key cascade). */
export async function deleteWebhookSubscription(db: Db, input: { ownerId: string; uid: string }): Promise<boolean> {
  const rows = await db.orm
    .delete(webhookSubscriptions)
    .where(ownedSubscription(input.ownerId, input.uid))
    .returning({ uid: webhookSubscriptions.uid });
  return rows.length > 0;
}

/** Test and dashboard use: set a subscription's status directly (the API never does). */
export async function setWebhookSubscriptionStatus(db: Db, input: { uid: string; status: WebhookSubscriptionStatus }): Promise<boolean> {
  const rows = await db.orm
    .update(webhookSubscriptions)
    .set({ status: input.status, updatedAt: new Date() })
    .where(eq(webhookSubscriptions.uid, input.uid))
    .returning({ uid: webhookSubscriptions.uid });
  return rows.length > 0;
}

/** What an event offers to filters; a filter that is set must equal it. */
export interface EventRouting {
  ownerId: string;
  event: string;
  templateId: string | null;
  bindingId: string | null;
  type: string | null;
}

/** Active subscriptions of the event's owner whose event and filters match it. */
export async function matchingSubscriptions(db: Db, routing: EventRouting): Promise<string[]> {
  type FilterColumn =
    typeof webhookSubscriptions.filterTemplateId | typeof webhookSubscriptions.filterBindingId | typeof webhookSubscriptions.filterType;
  const filterMatches = (column: FilterColumn, value: string | null) =>
    value === null ? isNull(column) : or(isNull(column), eq(column, value))!;
  const rows = await db.orm
    .select({ uid: webhookSubscriptions.uid })
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.ownerId, routing.ownerId),
        eq(webhookSubscriptions.event, routing.event),
        eq(webhookSubscriptions.status, 'active'),
        filterMatches(webhookSubscriptions.filterTemplateId, routing.templateId),
        filterMatches(webhookSubscriptions.filterBindingId, routing.bindingId),
        filterMatches(webhookSubscriptions.filterType, routing.type),
      ),
    );
  return rows.map((r) => r.uid);
}

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

/** Insert deliveries; one whose dedupe key exists already is skipped. Returns the ids inserted. */
export async function enqueueWebhookDeliveries(db: Db, deliveries: NewWebhookDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const rows = await db.orm
    .insert(webhookDeliveries)
    .values(deliveries.map((d) => ({ ...d, state: 'pending' as const })))
    .onConflictDoNothing({ target: webhookDeliveries.dedupeKey })
    .returning({ id: webhookDeliveries.id });
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
