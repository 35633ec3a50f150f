import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Data bindings (docs/bindings.md). Re-exported by schema.ts (drizzle-kit reads it from there).
// This file must only import drizzle-orm: drizzle-kit loads it on its own.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type BindingStatusValue = 'active' | 'paused' | 'error';

/** The data source without its secret (that is sealed in `credentials_ciphertext`). */
export interface BindingSourceRecord {
  type: 'http';
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
}

export interface BindingRefreshPolicyRecord {
  type: 'ttl' | 'etag' | 'webhook' | 'manual';
  ttlSeconds: number;
  onError: 'serve_stale' | 'serve_error';
}

export interface BindingOutputRecord {
  format: 'png' | 'jpeg' | 'webp';
  quality: number;
}

export const bindings = pgTable(
  'bindings',
  {
    uid: text('uid').primaryKey(),
    /** The account id, or the team id when the account belongs to a team. */
    ownerId: text('owner_id').notNull(),
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    templateId: text('template_id').notNull(),
    dataSource: jsonb('data_source').$type<BindingSourceRecord>().notNull(),
    /** The whole credentials object as JSON, sealed with the server key (AES-256-GCM); null without credentials. */
    credentialsCiphertext: text('credentials_ciphertext'),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    defaults: jsonb('defaults').$type<Record<string, unknown>>().notNull(),
    refreshPolicy: jsonb('refresh_policy').$type<BindingRefreshPolicyRecord>().notNull(),
    outputConfig: jsonb('output_config').$type<BindingOutputRecord>().notNull(),
    status: text('status').$type<BindingStatusValue>().notNull().default('active'),
    /** The secret of the trigger URL (webhookUrl), sealed; compared in constant time. */
    triggerTokenCiphertext: text('trigger_token_ciphertext').notNull(),
    /** When the scheduler should refresh next; null: only a manual or webhook trigger refreshes it. */
    nextRefreshAt: at('next_refresh_at'),
    /** A scheduler holds the binding until then (claim); a lapsed lease lets another take over. */
    leaseUntil: at('lease_until'),
    /** What started the pending refresh (schedule, create, update, manual, webhook). */
    pendingTrigger: text('pending_trigger'),
    /** The render of the refresh in flight (its outcome settles the binding). */
    pendingRenderId: text('pending_render_id'),
    /** The last good render: what the render URL serves. */
    currentRenderId: text('current_render_id'),
    currentStorageKey: text('current_storage_key'),
    currentContentType: text('current_content_type'),
    currentImageUrl: text('current_image_url'),
    /** The source's ETag of the data behind the current render (sent as If-None-Match under policy etag). */
    sourceEtag: text('source_etag'),
    /** sha256 of the variables last rendered: unchanged data is not rendered again. */
    variablesHash: text('variables_hash'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastError: text('last_error'),
    lastErrorCode: text('last_error_code'),
    lastErrorAt: at('last_error_at'),
    lastRefreshAt: at('last_refresh_at'),
    lastSuccessAt: at('last_success_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('bindings_owner_idx').on(t.ownerId, t.createdAt),
    index('bindings_due_idx').on(t.nextRefreshAt),
    index('bindings_pending_render_idx').on(t.pendingRenderId),
  ],
);
