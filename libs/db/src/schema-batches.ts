import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Batch jobs and their items. Re-exported by schema.ts (drizzle-kit reads it from there).
// This file must only import drizzle-orm: drizzle-kit loads it on its own.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type BatchJobStatus = 'pending' | 'processing' | 'completed' | 'partial' | 'failed' | 'cancelled';
export type BatchItemState = 'pending' | 'rendering' | 'completed' | 'failed' | 'cancelled';

export const batches = pgTable(
  'batches',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    accountId: text('account_id').notNull(),
    /** Not a foreign key: a template deleted mid-batch fails the remaining items (TEMPLATE_NOT_FOUND). */
    templateId: text('template_id').notNull(),
    status: text('status').$type<BatchJobStatus>().notNull().default('pending'),
    format: text('format').notNull(),
    quality: doublePrecision('quality').notNull(),
    /** Items rendering at once, at most. */
    concurrency: integer('concurrency').notNull(),
    /** The layouts each row renders in; null: the default layout only (results carry no `layout`). */
    layouts: jsonb('layouts').$type<string[]>(),
    totalItems: integer('total_items').notNull(),
    csvUrl: text('csv_url'),
    webhookUrl: text('webhook_url'),
    /** Sealed per-batch signing secret of `webhookUrl`. */
    webhookSecretCiphertext: text('webhook_secret_ciphertext'),
    createdAt: at('created_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    completedAt: at('completed_at'),
    /** When `batch.completed` was emitted (null: still owed). */
    announcedAt: at('announced_at'),
  },
  (t) => [index('batches_owner_status_idx').on(t.ownerId, t.status), index('batches_status_idx').on(t.status, t.completedAt)],
);

export const batchItems = pgTable(
  'batch_items',
  {
    batchId: text('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    /** Start order. */
    seq: integer('seq').notNull(),
    /** The row's position in variableSets or the CSV (0-based). */
    rowIndex: integer('row_index').notNull(),
    layout: text('layout'),
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<BatchItemState>().notNull().default('pending'),
    /** The render of this item (renders.id, the render.image msgId); set when it starts. */
    renderId: text('render_id').unique(),
    /** When its render.image command was published (null while started but not yet published). */
    publishedAt: at('published_at'),
    url: text('url'),
    width: integer('width'),
    height: integer('height'),
    error: text('error'),
    errorCode: text('error_code'),
    startedAt: at('started_at'),
    completedAt: at('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.seq] }), index('batch_items_state_idx').on(t.batchId, t.state, t.seq)],
);
