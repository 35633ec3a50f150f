import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from './open.js';
import { templates } from './schema.js';
import { ownedTemplate } from './owned-template.js';
import { templateVersions } from './schema-template-versions.js';
import { toRow, type TemplateRow } from './templates.js';

/**
 * A template's revision: its `updated_at` in whole microseconds since the epoch, as text. Every save
 * moves `updated_at` (a render's thumbnail does not), and a JavaScript Date keeps only milliseconds,
 * so the revision is read and compared in SQL at the column's full precision (docs/adr/0075-template-save-conflicts.md).
 */
export const templateRevisionSql = sql<string>`(extract(epoch from ${templates.updatedAt}) * 1000000)::bigint::text`;

/** A template row with the revision it was read at. */
export type RevisedTemplate = TemplateRow & { revision: string };

/** The revision a conditional save expected is no longer the template's: someone saved it in between. */
export class StaleTemplateRevisionError extends Error {
  constructor(readonly current: { revision: string; updatedAt: Date; updatedBy: string | null }) {
    super(`the template changed since revision was read (now ${current.revision})`);
    this.name = 'StaleTemplateRevisionError';
  }
}

/** Like getTemplate, with the row's revision read in the same statement. */
export async function getRevisedTemplate(db: Db, input: { ownerId: string; uid: string }): Promise<RevisedTemplate | null> {
  const [found] = await db.orm
    .select({ ...getTableColumns(templates), revision: templateRevisionSql })
    .from(templates)
    .where(ownedTemplate(input))
    .limit(1);
  if (!found) return null;
  const { revision, ...record } = found;
  return { ...toRow(record), revision: String(revision) };
}

type Reader = Pick<Db['orm'], 'select'>;

/** Who made the template's current revision: its newest version's author (null for a row saved without versions). */
export async function currentRevisionOf(tx: Reader, input: { ownerId: string; uid: string }) {
  const [row] = await tx
    .select({ revision: templateRevisionSql, updatedAt: templates.updatedAt })
    .from(templates)
    .where(ownedTemplate(input))
    .limit(1);
  if (!row) return null;
  const [newest] = await tx
    .select({ createdBy: templateVersions.createdBy })
    .from(templateVersions)
    .where(eq(templateVersions.templateUid, input.uid))
    .orderBy(desc(templateVersions.number))
    .limit(1);
  return { revision: String(row.revision), updatedAt: row.updatedAt, updatedBy: newest?.createdBy ?? null };
}
