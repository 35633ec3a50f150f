import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// URL-signing secrets (docs/signed-urls.md). Re-exported by schema.ts (drizzle-kit reads it from there).
// This file must only import drizzle-orm: drizzle-kit loads it on its own.

/**
 * An account's secret for signed render URLs. At most one is active per account: rotating
 * revokes the old one. The secret is sealed with the server key (an HMAC needs it back);
 * `id` is public and travels in every signed URL as `sid`. `maxRenders` caps the distinct
 * renders (cache misses) its URLs may cause; `rendersUsed` counts them.
 */
export const urlSigningSecrets = pgTable(
  'url_signing_secrets',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    ownerId: text('owner_id').notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    maxRenders: integer('max_renders'),
    rendersUsed: integer('renders_used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('url_signing_secrets_account_idx').on(t.accountId)],
);
