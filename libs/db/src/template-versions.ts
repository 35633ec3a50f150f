import { and, desc, eq, max, notInArray } from 'drizzle-orm';
import { newId } from '@pressroom/contracts';
import type { Db, Orm } from './open.js';
import { templates } from './schema.js';
import { ownedTemplate } from './owned-template.js';
import { templateVersions, type TemplateSnapshot } from './schema-template-versions.js';
import { templateDesignOf } from './template-design.js';
import type { TemplateRow } from './templates.js';

/** Saves kept per template; an older one is pruned in the transaction of the save that pushes it out. */
export const TEMPLATE_VERSIONS_KEPT = 20;

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** Who saved a version: a dashboard user's email, or `key:<key id>`. */
export interface VersionAuthor {
  createdBy: string;
}

export interface TemplateVersionRow {
  id: string;
  templateUid: string;
  number: number;
  createdBy: string;
  snapshot: TemplateSnapshot;
  thumbnail: string | null;
  thumbnailKey: string | null;
  createdAt: Date;
}

function toVersion(r: typeof templateVersions.$inferSelect): TemplateVersionRow {
  const { ownerId: _owner, ...rest } = r;
  return rest;
}

/** A save's version, and the thumbnail files of the versions it pushed out (storage is not transactional: the caller deletes them). */
export interface SavedVersion {
  version: TemplateVersionRow;
  prunedThumbnailKeys: string[];
}

/**
 * Record `saved` as the template's newest version and prune all but the newest
 * TEMPLATE_VERSIONS_KEPT, inside the caller's transaction (the one that saved the template,
 * which holds the template row's lock).
 */
export async function recordTemplateVersion(tx: Tx, saved: TemplateRow, author: VersionAuthor): Promise<SavedVersion> {
  const [last] = await tx
    .select({ number: max(templateVersions.number) })
    .from(templateVersions)
    .where(eq(templateVersions.templateUid, saved.uid));
  const [created] = await tx
    .insert(templateVersions)
    .values({
      id: newId('tpv'),
      templateUid: saved.uid,
      ownerId: saved.ownerId,
      number: (last?.number ?? 0) + 1,
      createdBy: author.createdBy,
      snapshot: templateDesignOf(saved),
    })
    .returning();
  const kept = tx
    .select({ id: templateVersions.id })
    .from(templateVersions)
    .where(eq(templateVersions.templateUid, saved.uid))
    .orderBy(desc(templateVersions.number))
    .limit(TEMPLATE_VERSIONS_KEPT);
  const pruned = await tx
    .delete(templateVersions)
    .where(and(eq(templateVersions.templateUid, saved.uid), notInArray(templateVersions.id, kept)))
    .returning({ thumbnailKey: templateVersions.thumbnailKey });
  return { version: toVersion(created!), prunedThumbnailKeys: pruned.flatMap((p) => (p.thumbnailKey ? [p.thumbnailKey] : [])) };
}

const ownedVersions = (ownerId: string, uid: string) => and(eq(templateVersions.ownerId, ownerId), eq(templateVersions.templateUid, uid));

/** Newest first; at most TEMPLATE_VERSIONS_KEPT. Another owner's template has none. */
export async function listTemplateVersions(db: Db, input: { ownerId: string; uid: string }): Promise<TemplateVersionRow[]> {
  const rows = await db.orm
    .select()
    .from(templateVersions)
    .where(ownedVersions(input.ownerId, input.uid))
    .orderBy(desc(templateVersions.number));
  return rows.map(toVersion);
}

export async function getTemplateVersion(db: Db, input: { ownerId: string; uid: string; id: string }): Promise<TemplateVersionRow | null> {
  const [row] = await db.orm
    .select()
    .from(templateVersions)
    .where(and(ownedVersions(input.ownerId, input.uid), eq(templateVersions.id, input.id)))
    .limit(1);
  return row ? toVersion(row) : null;
}

/**
 * Attach a thumbnail to a version. When it is the template's newest version the template's
 * own `thumbnail` shows it too. false when the version does not exist (pruned, or not this owner's).
 */
export async function setTemplateVersionThumbnail(
  db: Db,
  input: { ownerId: string; uid: string; id: string; thumbnail: string; thumbnailKey: string },
): Promise<boolean> {
  return db.orm.transaction(async (tx) => {
    const [row] = await tx
      .update(templateVersions)
      .set({ thumbnail: input.thumbnail, thumbnailKey: input.thumbnailKey })
      .where(and(ownedVersions(input.ownerId, input.uid), eq(templateVersions.id, input.id)))
      .returning({ number: templateVersions.number });
    if (!row) return false;
    const [newest] = await tx
      .select({ number: max(templateVersions.number) })
      .from(templateVersions)
      .where(eq(templateVersions.templateUid, input.uid));
    if (newest?.number === row.number) {
      await tx.update(templates).set({ thumbnail: input.thumbnail }).where(ownedTemplate(input));
    }
    return true;
  });
}
