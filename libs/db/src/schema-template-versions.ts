import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { templates } from './schema.js';

// Version history of templates (docs/templates.md#versions). Re-exported by schema.ts.
// This file must only import drizzle-orm and schema.ts: drizzle-kit loads it on its own.

type TemplateRecord = typeof templates.$inferSelect;

/**
 * A template's fields as one save left them: enough to restore the template exactly. Derived from the
 * templates table, so a new column is part of the snapshot (or left out here, on purpose): identity,
 * owner, thumbnail and timestamps are not the template's content. The fabric JSON goes by its API name.
 */
export type TemplateSnapshot = Omit<
  TemplateRecord,
  'uid' | 'ownerId' | 'fabricJson' | 'thumbnail' | 'lastRenderedAt' | 'createdAt' | 'updatedAt'
> & { fabricJSData: TemplateRecord['fabricJson'] };

export const templateVersions = pgTable(
  'template_versions',
  {
    id: text('id').primaryKey(),
    // Deleting a template deletes its history.
    templateUid: text('template_uid')
      .notNull()
      .references(() => templates.uid, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    /** Increases by one per save of the template; restores are saves too. */
    number: integer('number').notNull(),
    /** Who saved: a dashboard user's email, or `key:<key id>` for an API key. */
    createdBy: text('created_by').notNull(),
    snapshot: jsonb('snapshot').$type<TemplateSnapshot>().notNull(),
    /** URL of a small PNG of the default layout, when the editor sent one. */
    thumbnail: text('thumbnail'),
    /** Storage key of that PNG, so pruning a version deletes its file. */
    thumbnailKey: text('thumbnail_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('template_versions_template_number_idx').on(t.templateUid, t.number)],
);
