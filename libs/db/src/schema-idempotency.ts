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
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.key] })],
);
