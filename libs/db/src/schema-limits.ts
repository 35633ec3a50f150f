import { boolean, doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Plans, rate limits and credits (docs/limits.md). Re-exported by schema.ts (drizzle-kit reads it from there).
// This file must only import drizzle-orm: drizzle-kit loads it on its own.

/**
 * Fixed-window request counters, one row per owner (team or account), window kind and
 * window start. Every gateway process increments the same row with one atomic
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING count`, so the limit holds exactly across replicas.
 * `scope` is 'minute' / 'day' for the plan limits, or e.g. 'endpoint:url-render' for per-endpoint limits.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    ownerId: text('owner_id').notNull(),
    scope: text('scope').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.scope, t.windowStart] })],
);

/**
 * Per-owner settings beyond the plan name: enterprise custom limits (null = the plan's
 * default) and overage on paid plans. Set with the admin CLI (`accounts plan`, `teams plan`).
 */
export const planSettings = pgTable('plan_settings', {
  ownerId: text('owner_id').primaryKey(),
  perMinute: integer('per_minute'),
  perDay: integer('per_day'),
  renderCredits: doublePrecision('render_credits'),
  aiCredits: doublePrecision('ai_credits'),
  overage: boolean('overage').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * URL renders (`GET /r/{uid}.{ext}`, docs/url-rendering.md): the cache key (owner, template
 * updatedAt, sorted parameters) → the render that answered it, shared by every gateway replica.
 */
export const urlRenderCache = pgTable(
  'url_render_cache',
  {
    ownerId: text('owner_id').notNull(),
    cacheKey: text('cache_key').notNull(),
    renderId: text('render_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.cacheKey] })],
);

/**
 * Render credits used per owner and calendar month (UTC), kept beside the `renders` ledger so a
 * credit check reads one row instead of summing the month's renders. Reserved in the transaction
 * that inserts a render, released when that render fails (docs/limits.md).
 */
export const creditUsage = pgTable(
  'credit_usage',
  {
    ownerId: text('owner_id').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    used: doublePrecision('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.periodStart] })],
);

/**
 * AI credits used per owner and calendar month (UTC): the second, independent pool. Checked
 * before an AI operation and spent after it succeeds, so failures are never charged.
 */
export const aiCreditUsage = pgTable(
  'ai_credit_usage',
  {
    ownerId: text('owner_id').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    used: doublePrecision('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.periodStart] })],
);
