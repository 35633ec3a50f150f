import { and, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from './contains-text.js';
import type { Db } from './open.js';
import { ownedTemplate } from './owned-template.js';
import type { RenderRow, RenderState } from './renders.js';
import { batchItems, renders, templates, videoTemplates } from './schema.js';

/** Renders that exist only to answer a dashboard preview: never listed, deleted once read. */
export const PREVIEW_ORIGIN = 'preview';

/** Where the next page starts: the last row of the previous page (newest first). */
export interface RenderCursor {
  createdAt: Date;
  id: string;
}

export interface RenderHistoryQuery {
  ownerId: string;
  kind?: string | undefined;
  templateId?: string | undefined;
  state?: RenderState | undefined;
  /** createdAt ≥ from. */
  from?: Date | undefined;
  /** createdAt < to. */
  to?: Date | undefined;
  /** Text the render's id, its kept request details or its batch row's variables contain, in any case. */
  search?: string | undefined;
  after?: RenderCursor | undefined;
  limit: number;
}

/** A render as its history shows it: the row and its template's name (null: no template, or deleted since). */
export type RenderHistoryRow = RenderRow & { templateName: string | null };

/**
 * The name of the template a render was made from, by a LEFT JOIN on the owner's templates by uid (`templateId`
 * keeps the uid): a video render's uid names a video template, every other kind's an image/PDF/GIF template. The
 * owner condition means another owner's template is never named, whatever its uid.
 */
function selectWithTemplateName(db: Db) {
  return db.orm
    .select({
      render: renders,
      templateName: sql<string | null>`CASE WHEN ${renders.kind} = 'video' THEN ${videoTemplates.name} ELSE ${templates.name} END`,
    })
    .from(renders)
    .leftJoin(templates, and(ownedTemplate({ ownerId: renders.ownerId, uid: renders.templateId }), ne(renders.kind, 'video')))
    .leftJoin(
      videoTemplates,
      and(eq(videoTemplates.ownerId, renders.ownerId), eq(videoTemplates.uid, renders.templateId), eq(renders.kind, 'video')),
    );
}

const withTemplateName = (joined: { render: RenderRow; templateName: string | null }): RenderHistoryRow => ({
  ...joined.render,
  templateName: joined.templateName ?? null,
});

/** GET /renders/{id}: the owner's render with its template's name, or null when there is none. */
export async function getRenderOfHistory(db: Db, input: { ownerId: string; id: string }): Promise<RenderHistoryRow | null> {
  const [joined] = await selectWithTemplateName(db)
    .where(and(eq(renders.ownerId, input.ownerId), eq(renders.id, input.id)))
    .limit(1);
  return joined ? withTemplateName(joined) : null;
}

/**
 * One history of every kind of render, newest first, keyset-paginated on
 * (createdAt, id) so a page never shifts when renders arrive meanwhile.
 * Timestamps compare at millisecond precision: the cursor travels as a JS Date.
 */
export async function listRenderHistory(
  db: Db,
  query: RenderHistoryQuery,
): Promise<{ rows: RenderHistoryRow[]; next: RenderCursor | null }> {
  const createdMs = sql`date_trunc('milliseconds', ${renders.createdAt})`;
  const filters: SQL[] = [eq(renders.ownerId, query.ownerId), ne(renders.origin, PREVIEW_ORIGIN)];
  if (query.kind !== undefined) filters.push(eq(renders.kind, query.kind));
  if (query.templateId !== undefined) filters.push(eq(renders.templateId, query.templateId));
  if (query.state !== undefined) filters.push(eq(renders.state, query.state));
  if (query.from !== undefined) filters.push(gte(renders.createdAt, query.from));
  if (query.to !== undefined) filters.push(lt(renders.createdAt, query.to));
  if (query.search !== undefined) filters.push(containsText(query.search));
  if (query.after !== undefined) {
    filters.push(sql`(${createdMs}, ${renders.id}) < (${query.after.createdAt.toISOString()}::timestamptz, ${query.after.id})`);
  }
  const limit = Math.max(1, Math.floor(query.limit));
  const rows = (
    await selectWithTemplateName(db)
      .where(and(...filters))
      .orderBy(desc(createdMs), desc(renders.id))
      .limit(limit + 1)
  ).map(withTemplateName);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
}

/**
 * A render whose id, `details` (what it kept of its request, docs/api.md: a page address, waits, frames) or, for a
 * batch row, the row's variables (the values put into the template) contain `text`, case-insensitively. JSON is
 * searched as text, so a key matches as a value does. A scan of the owner's rows (the owner filter comes first, and a
 * history is thousands of rows, not millions); ILIKE works alike on PostgreSQL and PGlite.
 */
function containsText(text: string): SQL {
  const pattern = containsPattern(text);
  return sql`(${renders.id} ILIKE ${pattern} OR ${renders.details}::text ILIKE ${pattern} OR EXISTS (SELECT 1 FROM ${batchItems} WHERE ${batchItems.renderId} = ${renders.id} AND ${batchItems.variables}::text ILIKE ${pattern}))`;
}

/**
 * Owner-scoped delete (a preview's row once its bytes were read, DELETE /renders/{id}): the row
 * as it was, so the caller can delete its files, or null when there was none.
 */
export async function deleteRender(db: Db, input: { ownerId: string; id: string }): Promise<RenderRow | null> {
  const [row] = await db.orm
    .delete(renders)
    .where(and(eq(renders.ownerId, input.ownerId), eq(renders.id, input.id)))
    .returning();
  return row ?? null;
}

/** The opaque `cursor` of GET /renders: the last row's (createdAt, id), base64url. */
export function encodeRenderCursor(cursor: RenderCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

/** null when the text is not a cursor this API handed out. */
export function decodeRenderCursor(text: string): RenderCursor | null {
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  const bar = decoded.indexOf('|');
  if (bar <= 0) return null;
  const createdAt = new Date(decoded.slice(0, bar));
  const id = decoded.slice(bar + 1);
  if (Number.isNaN(createdAt.getTime()) || id === '') return null;
  return { createdAt, id };
}
