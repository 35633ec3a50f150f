import { and, count, desc, eq, sql } from 'drizzle-orm';
import { containsIgnoringCase } from './contains-text.js';
import type { Db } from './open.js';
import { videoTemplates } from './schema.js';

export type VideoTemplateRow = typeof videoTemplates.$inferSelect;
export type NewVideoTemplate = Omit<typeof videoTemplates.$inferInsert, 'createdAt' | 'updatedAt'>;
/** A design is replaced whole (tsx or projectJson with the meta read from it); the kind never changes. */
export type VideoTemplatePatch = Partial<
  Pick<NewVideoTemplate, 'name' | 'tsx' | 'projectJson' | 'width' | 'height' | 'fps' | 'durationInFrames' | 'variableDefinitions'>
>;

const owned = (ownerId: string, uid: string) => and(eq(videoTemplates.ownerId, ownerId), eq(videoTemplates.uid, uid));

export async function insertVideoTemplate(db: Db, row: NewVideoTemplate): Promise<VideoTemplateRow> {
  const [created] = await db.orm.insert(videoTemplates).values(row).returning();
  return created!;
}

/** Another owner's uid is indistinguishable from a missing one. */
export async function getVideoTemplate(db: Db, input: { ownerId: string; uid: string }): Promise<VideoTemplateRow | null> {
  const [row] = await db.orm.select().from(videoTemplates).where(owned(input.ownerId, input.uid)).limit(1);
  return row ?? null;
}

export async function updateVideoTemplate(
  db: Db,
  input: { ownerId: string; uid: string; patch: VideoTemplatePatch },
): Promise<VideoTemplateRow | null> {
  const [row] = await db.orm
    .update(videoTemplates)
    .set({ ...input.patch, updatedAt: sql`now()` })
    .where(owned(input.ownerId, input.uid))
    .returning();
  return row ?? null;
}

export async function deleteVideoTemplate(db: Db, input: { ownerId: string; uid: string }): Promise<boolean> {
  const rows = await db.orm.delete(videoTemplates).where(owned(input.ownerId, input.uid)).returning({ uid: videoTemplates.uid });
  return rows.length > 0;
}

/** Newest first; uid breaks ties so pages never overlap. `search`: only names containing it, as listTemplates. */
export async function listVideoTemplates(
  db: Db,
  query: { ownerId: string; page: number; limit: number; search?: string | undefined },
): Promise<{ rows: VideoTemplateRow[]; total: number }> {
  const owner = eq(videoTemplates.ownerId, query.ownerId);
  const where = query.search ? and(owner, containsIgnoringCase(videoTemplates.name, query.search)) : owner;
  const limit = Math.max(1, Math.floor(query.limit));
  const offset = (Math.max(1, Math.floor(query.page)) - 1) * limit;
  const [rows, [counted]] = await Promise.all([
    db.orm
      .select()
      .from(videoTemplates)
      .where(where)
      .orderBy(desc(videoTemplates.createdAt), desc(videoTemplates.uid))
      .limit(limit)
      .offset(offset),
    db.orm.select({ total: count() }).from(videoTemplates).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
