import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { templates } from './schema.js';

// Version history of templates (docs/templates.md#versions). Re-exported by schema.ts.
// This file must only import drizzle-orm and schema.ts: drizzle-kit loads it on its own.

/** A template's fields as one save left them: enough to restore the template exactly. */
export interface TemplateSnapshot {
  name: string;
  engine: string | null;
  html: string | null;
  fabricJSData: Record<string, unknown> | null;
  jsEnabled: boolean;
  strictVariables: boolean;
  type: string | null;
  category: string | null;
  tags: string[];
  width: number;
  height: number;
  outputFormat: 'image' | 'pdf';
  pdfPreset: string | null;
  variableDefinitions: unknown[];
  pages: unknown[];
  layouts: Record<string, Record<string, unknown>>;
}

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
