import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RenderOrigin } from '@pressroom/contracts';

// The single source of the database shape. `pnpm --filter @pressroom/db db:generate`
// turns changes here into a new SQL file under migrations/ (committed).
// This file must only import drizzle-orm (and types, which are erased): drizzle-kit loads it on its own.

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const teams = pgTable('teams', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  plan: text('plan').notNull().default('free'),
  createdAt: createdAt(),
});

export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  plan: text('plan').notNull().default('free'),
  teamId: text('team_id').references(() => teams.id),
  createdAt: createdAt(),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** sha256 hex of the whole key; the key itself is never stored. */
    hash: text('hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    last4: text('last4').notNull(),
    label: text('label'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('api_keys_account_idx').on(t.accountId, t.createdAt)],
);

export const templates = pgTable(
  'templates',
  {
    uid: text('uid').primaryKey(),
    /** The account id, or the team id when the account belongs to a team. */
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    engine: text('engine'),
    html: text('html'),
    fabricJson: jsonb('fabric_json').$type<Record<string, unknown>>(),
    jsEnabled: boolean('js_enabled').notNull().default(false),
    strictVariables: boolean('strict_variables').notNull().default(false),
    type: text('type'),
    category: text('category'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    thumbnail: text('thumbnail'),
    lastRenderedAt: timestamp('last_rendered_at', { withTimezone: true, mode: 'date' }),
    outputFormat: text('output_format').$type<'image' | 'pdf'>().notNull().default('image'),
    pdfPreset: text('pdf_preset'),
    variableDefinitions: jsonb('variable_definitions').$type<unknown[]>().notNull().default([]),
    pages: jsonb('pages').$type<unknown[]>().notNull().default([]),
    layouts: jsonb('layouts').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('templates_owner_created_idx').on(t.ownerId, t.createdAt), index('templates_owner_name_idx').on(t.ownerId, t.name)],
);

export type RenderState = 'queued' | 'rendering' | 'done' | 'failed';
/** How a template render was asked for when it says more than its origin: a `GET /r/` URL with an API key, or a signed one. */
export type RenderVia = 'url-render' | 'signed-url';
export interface RenderError {
  slug: string;
  detail: string;
  status?: number;
}

export const renders = pgTable(
  'renders',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    accountId: text('account_id').notNull(),
    /** 'image' today; 'gif', 'pdf', 'video' later. */
    kind: text('kind').notNull(),
    /**
     * Where the render came from, as its command says: 'html' | 'url' | 'template' | 'canvas' | 'capture' | 'batch' |
     * 'binding' | 'preview' (the dashboard's uncharged previews). The public `source` fields show it as it is.
     */
    origin: text('origin').$type<RenderOrigin>().notNull(),
    /** A `GET /r/` template render (origin 'template'): 'url-render' (API key) or 'signed-url'. GET /renders/{id} shows it as `parameters.via`. */
    via: text('via').$type<RenderVia>(),
    state: text('state').$type<RenderState>().notNull().default('queued'),
    templateId: text('template_id'),
    format: text('format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    url: text('url'),
    storageKey: text('storage_key'),
    contentType: text('content_type'),
    error: jsonb('error').$type<RenderError>(),
    /** Render credits this render consumes: 1, or 1.5 for a live GIF capture (the limits read this). */
    cost: doublePrecision('cost').notNull().default(1),
    /** What only some kinds have: GIF fps/frames/animationLength/quality, PDF pageCount/preset/pageSize. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** The copy in the owner's custom storage, when it has one and the copy worked. */
    userStorageUrl: text('user_storage_url'),
    /** Why the copy to the owner's custom storage failed (the render itself succeeded). */
    userStorageError: text('user_storage_error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /** The delivery of the render's command that claimed it last (1 on the first; 0 before any claim). */
    attempts: integer('attempts').notNull().default(0),
    /** The command's maximum deliveries, written with the claim: claimed on the last one, nobody else will try (ADR 0064). */
    maxAttempts: integer('max_attempts'),
    /** The worker holding the render renews this while it works; past it, with no delivery left, the scheduler fails the render. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    /**
     * When the render's command was known to be on the bus. Null only on a gateway's row whose publish is not yet
     * confirmed: the scheduler withdraws such a row still queued after a grace (the gateway died in between, ADR 0065).
     */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).defaultNow(),
  },
  (t) => [
    index('renders_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
    // The scheduler's sweeps look only at unfinished renders: a few rows, however long the history.
    index('renders_unfinished_idx')
      .on(t.state, t.createdAt)
      .where(sql`${t.state} IN ('queued', 'rendering')`),
  ],
);

// Tables of other topics live in their own files (drizzle-kit reads them through these re-exports).
export * from './schema-webhooks.js';
export * from './schema-batches.js';
export * from './schema-bindings.js';
export * from './schema-limits.js';
export * from './schema-idempotency.js';
export * from './schema-video.js';
export * from './schema-users.js';
export * from './schema-url-signing.js';
export * from './schema-storage.js';
export * from './schema-assets.js';
export * from './schema-template-versions.js';
export * from './schema-refused-requests.js';
export * from './schema-audit-events.js';
