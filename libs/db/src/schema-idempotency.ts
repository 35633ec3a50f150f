import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Idempotency-Key records (one per owner + key). Re-exported by schema.ts.
// This file must only import drizzle-orm: drizzle-kit loads it on its own.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Scope: the owner (team or account) the key was sent by. */
    ownerId: text('owner_id').notNull(),
    key: text('key').notNull(),
    /** sha256 of method + path + canonical body. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request still runs. */
    status: integer('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    createdAt: at('created_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
    /** Random token of the request that holds the claim; only it renews, links, completes or releases. */
    holder: text('holder'),
    /** The holder renews this while it runs; once past (the gateway died), the claim is no longer in progress. */
    leaseExpiresAt: at('lease_expires_at'),
    /** The render the request started, so a retry after a crash answers from it instead of rendering again. */
    renderId: text('render_id'),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.key] })],
);
