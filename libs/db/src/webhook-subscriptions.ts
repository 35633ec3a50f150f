// Webhook subscriptions: the rows, their CRUD and which ones an event reaches.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { type Db } from './open.js';
import type { WebhookRoute } from './webhook-matching.js';
import {
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

function filtersOf(r: Pick<SubscriptionRecord, 'filterTemplateId' | 'filterBindingId' | 'filterType'>): WebhookFiltersRecord {
  const filters: WebhookFiltersRecord = {};
  if (r.filterTemplateId !== null) filters.templateId = r.filterTemplateId;
  if (r.filterBindingId !== null) filters.bindingId = r.filterBindingId;
  if (r.filterType !== null) filters.type = r.filterType;
  return filters;
}

function toSubscription(r: SubscriptionRecord): WebhookSubscriptionRow {
  return {
    uid: r.uid,
    ownerId: r.ownerId,
    accountId: r.accountId,
    event: r.event,
    targetUrl: r.targetUrl,
    platform: r.platform,
    status: r.status,
    filters: filtersOf(r),
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

/**
 * The owner's active subscriptions as matching reads them (`matchingSubscriptions`): one statement per
 * owner, kept in memory by the dispatcher until owner.changed `webhooks` or its TTL (docs/adr/0046).
 */
export async function listActiveWebhookRoutes(db: Db, ownerId: string): Promise<WebhookRoute[]> {
  const rows = await db.orm
    .select({
      uid: webhookSubscriptions.uid,
      event: webhookSubscriptions.event,
      filterTemplateId: webhookSubscriptions.filterTemplateId,
      filterBindingId: webhookSubscriptions.filterBindingId,
      filterType: webhookSubscriptions.filterType,
    })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.ownerId, ownerId), eq(webhookSubscriptions.status, 'active')));
  return rows.map((r) => ({ uid: r.uid, event: r.event, filters: filtersOf(r) }));
}
