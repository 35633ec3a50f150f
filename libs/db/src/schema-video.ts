import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Video templates (docs/video.md). Re-exported by schema.ts.
// This file must only import drizzle-orm: drizzle-kit loads it on its own.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const videoTemplates = pgTable(
  'video_templates',
  {
    uid: text('uid').primaryKey(),
    /** The account id, or the team id when the account belongs to a team. */
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    /** `code` (a TSX scene) or `timeline` (a projectJson of tracks and clips). */
    kind: text('kind').$type<'code' | 'timeline'>().notNull(),
    tsx: text('tsx'),
    projectJson: jsonb('project_json').$type<Record<string, unknown>>(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fps: integer('fps').notNull(),
    durationInFrames: integer('duration_in_frames').notNull(),
    variableDefinitions: jsonb('variable_definitions').$type<unknown[]>().notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('video_templates_owner_created_idx').on(t.ownerId, t.createdAt)],
);
