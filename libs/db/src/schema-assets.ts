import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The asset library (docs/assets.md): images and fonts per owner. Re-exported by schema.ts.
// This file must only import drizzle-orm: drizzle-kit loads it on its own.

export const assets = pgTable(
  'assets',
  {
    id: text('id').primaryKey(),
    /** The account id, or the team id when the account belongs to a team. */
    ownerId: text('owner_id').notNull(),
    kind: text('kind').$type<'image' | 'font'>().notNull(),
    /** png | jpeg | webp | svg | ttf | otf | woff2, decided from the bytes. */
    format: text('format').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Fonts only: the family name templates use, its weight and style. */
    fontFamily: text('font_family'),
    fontWeight: integer('font_weight'),
    fontStyle: text('font_style'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('assets_owner_created_idx').on(t.ownerId, t.createdAt), index('assets_owner_family_idx').on(t.ownerId, t.fontFamily)],
);
