import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The refused-requests log (docs/adr/0071-refused-requests-log.md). Re-exported by schema.ts (drizzle-kit reads it
// from there). This file must only import drizzle-orm: drizzle-kit loads it on its own.

/** One field error of a refusal, as the problem's `errors` said it. */
export interface RefusedFieldErrorRecord {
  field: string;
  message: string;
  code?: string;
}

/**
 * Requests the API answered with a 4xx problem, for the workspace's developers to see why (a refused request never
 * becomes a render). What was answered and how the caller signed in only: never a body, never a query string.
 */
export const refusedRequests = pgTable(
  'refused_requests',
  {
    /** Insertion order: ties of `at` keep it, and the cap keeps the newest ids. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The workspace: the account id, or the team id when the account belongs to a team (as renders). */
    ownerId: text('owner_id').notNull(),
    /** The account that made the request (in a team, the member's). */
    accountId: text('account_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    method: text('method').notNull(),
    /** The path as sent, without the query string. */
    path: text('path').notNull(),
    status: integer('status').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    detail: text('detail').notNull(),
    errors: jsonb('errors').$type<RefusedFieldErrorRecord[]>(),
    /** The API key used (its name and prefix are read from api_keys); null: the dashboard session. */
    keyId: text('key_id'),
  },
  (t) => [index('refused_requests_owner_idx').on(t.ownerId, t.id)],
);
