import { and, asc, count, desc, eq, getTableColumns, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { containsIgnoringCase } from './contains-text.js';
import type { Db } from './open.js';
import { templates } from './schema.js';
import { ownedTemplate } from './owned-template.js';
import { recordTemplateVersion, type SavedVersion, type VersionAuthor } from './template-versions.js';
import { currentRevisionOf, StaleTemplateRevisionError, templateRevisionSql } from './template-revision.js';

export interface TemplateRow {
  uid: string;
  ownerId: string;
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
  thumbnail: string | null;
  lastRenderedAt: Date | null;
  outputFormat: 'image' | 'pdf';
  pdfPreset: string | null;
  variableDefinitions: unknown[];
  pages: unknown[];
  layouts: Record<string, Record<string, unknown>>;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A template with only its identity and size: every other field as the table's column defaults leave it (no
 * design, variables, pages or layouts). What the preview of an unsaved design renders from, and what test rows
 * start from, so the list of defaults is spelled once.
 */
export function blankTemplateRow(fields: Pick<TemplateRow, 'uid' | 'ownerId' | 'name' | 'width' | 'height'>): TemplateRow {
  const now = new Date();
  return {
    engine: null,
    html: null,
    fabricJSData: null,
    jsEnabled: false,
    strictVariables: false,
    type: null,
    category: null,
    tags: [],
    thumbnail: null,
    lastRenderedAt: null,
    outputFormat: 'image',
    pdfPreset: null,
    variableDefinitions: [],
    pages: [],
    layouts: {},
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}

/** A saved template; `savedVersion` when the save recorded a version. */
export type SavedTemplate = TemplateRow & { savedVersion?: SavedVersion };

export type NewTemplate = Omit<TemplateRow, 'createdAt' | 'updatedAt' | 'thumbnail' | 'lastRenderedAt'>;
export type TemplatePatch = Partial<Omit<NewTemplate, 'uid' | 'ownerId'>>;

export interface ListTemplatesQuery {
  ownerId: string;
  /** 1-based. */
  page: number;
  limit: number;
  sort: 'newest' | 'oldest' | 'name';
  outputFormat: 'all' | 'image' | 'pdf';
  /** Only templates whose name contains this text, in any case, `%` and `_` as themselves; blank or absent: all. */
  search?: string | undefined;
}

type TemplateRecord = typeof templates.$inferSelect;
type TemplateValues = typeof templates.$inferInsert;

export function toRow(r: TemplateRecord): TemplateRow {
  const { fabricJson, ...rest } = r;
  return { ...rest, fabricJSData: fabricJson };
}

export function toValues(patch: TemplatePatch): Partial<TemplateValues> {
  const { fabricJSData, ...rest } = patch;
  const values: Partial<TemplateValues> = { ...rest };
  if (fabricJSData !== undefined) values.fabricJson = fabricJSData;
  return values;
}

/** With `version`, the new template's first version is recorded in the same transaction (docs/templates.md#versions). */
export async function insertTemplate(db: Db, row: NewTemplate, options: { version?: VersionAuthor } = {}): Promise<SavedTemplate> {
  return db.orm.transaction(async (tx) => {
    const [created] = await tx
      .insert(templates)
      .values({ ...toValues(row), uid: row.uid, ownerId: row.ownerId, name: row.name, width: row.width, height: row.height })
      .returning();
    const saved = toRow(created!);
    if (!options.version) return saved;
    return { ...saved, savedVersion: await recordTemplateVersion(tx, saved, options.version) };
  });
}

/** Another owner's uid is indistinguishable from a missing one. */
export async function getTemplate(db: Db, input: { ownerId: string; uid: string }): Promise<TemplateRow | null> {
  const [row] = await db.orm.select().from(templates).where(ownedTemplate(input)).limit(1);
  return row ? toRow(row) : null;
}

/**
 * A template has exactly one design source: setting `html` clears `fabricJSData`
 * and vice versa. null when the template does not exist for this owner.
 * With `ifRevision` the save happens only if the template is still at that revision (`*`: any), checked
 * by the UPDATE itself so no other save can slip in between; otherwise StaleTemplateRevisionError.
 */
export async function updateTemplate(
  db: Db,
  input: { ownerId: string; uid: string; patch: TemplatePatch; version?: VersionAuthor; ifRevision?: string | readonly string[] },
): Promise<(SavedTemplate & { revision: string }) | null> {
  const { patch } = input;
  const setsHtml = patch.html !== undefined && patch.html !== null;
  const setsFabric = patch.fabricJSData !== undefined && patch.fabricJSData !== null;
  if (setsHtml && setsFabric) throw new TypeError('a template has either html or fabricJSData, not both');
  const values = toValues(patch);
  if (setsHtml) values.fabricJson = null;
  if (setsFabric) values.html = null;
  const conditional = input.ifRevision !== undefined && input.ifRevision !== '*';
  // Any of the listed revisions (If-Match may list several); none listed matches nothing.
  const revisions = typeof input.ifRevision === 'string' ? [input.ifRevision] : [...(input.ifRevision ?? [])];
  const where = conditional
    ? and(ownedTemplate(input), or(sql`false`, ...revisions.map((r) => sql`${templateRevisionSql} = ${r}`)))
    : ownedTemplate(input);
  return db.orm.transaction(async (tx) => {
    // The update locks the template's row, so concurrent saves of one template number their versions in turn;
    // a save that waited for that lock re-checks the revision on the row the other one left.
    const [updated] = await tx
      .update(templates)
      .set({ ...values, updatedAt: sql`now()` })
      .where(where)
      .returning({ ...getTableColumns(templates), revision: templateRevisionSql });
    if (!updated) {
      const current = conditional ? await currentRevisionOf(tx, input) : null;
      if (current) throw new StaleTemplateRevisionError(current);
      return null;
    }
    const { revision, ...row } = updated;
    const saved = { ...toRow(row), revision: String(revision) };
    if (!input.version) return saved;
    return { ...saved, savedVersion: await recordTemplateVersion(tx, saved, input.version) };
  });
}

export async function deleteTemplate(db: Db, input: { ownerId: string; uid: string }): Promise<boolean> {
  const rows = await db.orm.delete(templates).where(ownedTemplate(input)).returning({ uid: templates.uid });
  return rows.length > 0;
}

export async function listTemplates(db: Db, query: ListTemplatesQuery): Promise<{ rows: TemplateRow[]; total: number }> {
  const filters: SQL[] = [eq(templates.ownerId, query.ownerId)];
  if (query.outputFormat !== 'all') filters.push(eq(templates.outputFormat, query.outputFormat));
  if (query.search) filters.push(containsIgnoringCase(templates.name, query.search));
  const where = and(...filters);
  // uid breaks ties so that pages never overlap or skip rows created in the same instant.
  const order =
    query.sort === 'name'
      ? [asc(sql`lower(${templates.name})`), asc(templates.uid)]
      : query.sort === 'oldest'
        ? [asc(templates.createdAt), asc(templates.uid)]
        : [desc(templates.createdAt), desc(templates.uid)];
  const limit = Math.max(1, Math.floor(query.limit));
  const offset = (Math.max(1, Math.floor(query.page)) - 1) * limit;
  const [rows, [counted]] = await Promise.all([
    db.orm
      .select()
      .from(templates)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.orm.select({ total: count() }).from(templates).where(where),
  ]);
  return { rows: rows.map(toRow), total: counted?.total ?? 0 };
}

/**
 * Record a finished render as the template's thumbnail. Renders finish out of order:
 * only a newer render replaces the thumbnail.
 */
export async function markTemplateRendered(db: Db, input: { uid: string; thumbnail: string; renderedAt: Date }): Promise<void> {
  await db.orm
    .update(templates)
    .set({ thumbnail: input.thumbnail, lastRenderedAt: input.renderedAt })
    .where(and(eq(templates.uid, input.uid), or(isNull(templates.lastRenderedAt), lt(templates.lastRenderedAt, input.renderedAt))));
}
