import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Custom storage (docs/storage.md). Re-exported by schema.ts (drizzle-kit reads it from there).
// This file must only import drizzle-orm: drizzle-kit loads it on its own.

/**
 * An owner's own S3-compatible bucket (the contract's `userStorageUrl`): every render of the
 * owner (the account, or its team) is also written there. One per owner.
 */
export const customStorages = pgTable('custom_storages', {
  /** The account id, or the team id when the account belongs to a team (renders carry this owner). */
  ownerId: text('owner_id').primaryKey(),
  endpoint: text('endpoint'),
  region: text('region').notNull(),
  bucket: text('bucket').notNull(),
  forcePathStyle: boolean('force_path_style').notNull().default(false),
  prefix: text('prefix').notNull().default(''),
  /** Where the copies are publicly reachable (`<publicBaseUrl>/<prefix><key>`); null → the bucket's own URL. */
  publicBaseUrl: text('public_base_url'),
  /** Shown back (it names the key, it opens nothing). */
  accessKeyId: text('access_key_id').notNull(),
  /** The secret access key, sealed with the server key (AES-256-GCM): the renderers need it back to write. */
  secretCiphertext: text('secret_ciphertext').notNull(),
  /** The last copy that failed (cleared by the next one that works), so the settings page shows it. */
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
