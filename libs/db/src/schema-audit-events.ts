import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The audit log (docs/adr/0072-audit-log.md). Re-exported by schema.ts (drizzle-kit reads it from there).
// This file must only import drizzle-orm: drizzle-kit loads it on its own.

/**
 * Changes to a workspace's access and delivery settings, who made them and how they signed in: keys, webhooks,
 * storage, signing secret, team membership, passwords, sign-ins. What was done, never a secret or a body.
 * Kept as long as the workspace (security changes are few: no cap, unlike the refused-requests log).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    /** Insertion order: the list's cursor and its tie-breaker. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The workspace: the account id, or the team id when the account belongs to a team (as renders). */
    ownerId: text('owner_id').notNull(),
    /** Who did it (in a team, the member's account). */
    accountId: text('account_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** `<thing>.<verb>`, e.g. `api_key.revoked` (the list in libs/db audit-events.ts). */
    action: text('action').notNull(),
    /** What it was done to: a key id, a webhook id, a member's account id; null when the workspace itself. */
    targetId: text('target_id'),
    /** A name a person recognises for the target, as it was then (a key's name, a webhook's address, an email). */
    targetLabel: text('target_label'),
    /** The API key the request came with; null for the dashboard session. */
    keyId: text('key_id'),
    /** The caller's address as the gateway saw it (behind a proxy, the proxy's unless PRESSROOM_TRUST_PROXY names it). */
    ip: text('ip'),
  },
  (t) => [
    // The list: a workspace's events newest first (ORDER BY id DESC), paged back by id.
    index('audit_events_owner_idx').on(t.ownerId, t.id),
    // The retention sweep: events recorded before a time, in every workspace, without reading the whole table.
    index('audit_events_at_idx').on(t.at),
  ],
);
