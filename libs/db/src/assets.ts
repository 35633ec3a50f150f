import { and, count, desc, eq, isNotNull, sum, type SQL } from 'drizzle-orm';
import type { Db } from './open.js';
import { assets } from './schema.js';

export type AssetRow = typeof assets.$inferSelect;
export type NewAsset = Omit<AssetRow, 'createdAt'>;

export interface AssetQuota {
  maxAssets: number;
  maxTotalBytes: number;
}

export type InsertAssetResult =
  { ok: true; row: AssetRow } | { ok: false; limit: 'count' | 'bytes'; used: { assets: number; bytes: number } };

export async function assetUsage(db: Db, ownerId: string): Promise<{ assets: number; bytes: number }> {
  const [row] = await db.orm
    .select({ assets: count(), bytes: sum(assets.sizeBytes) })
    .from(assets)
    .where(eq(assets.ownerId, ownerId));
  return { assets: row?.assets ?? 0, bytes: Number(row?.bytes ?? 0) };
}

/**
 * Store an asset's row unless it would take the owner over a plan's count or
 * total-size limit. Concurrent uploads may overshoot by the uploads in flight:
 * the limit guards against abuse, not against the last byte.
 */
export async function insertAsset(db: Db, row: NewAsset, quota: AssetQuota): Promise<InsertAssetResult> {
  const used = await assetUsage(db, row.ownerId);
  if (used.assets + 1 > quota.maxAssets) return { ok: false, limit: 'count', used };
  if (used.bytes + row.sizeBytes > quota.maxTotalBytes) return { ok: false, limit: 'bytes', used };
  const [created] = await db.orm.insert(assets).values(row).returning();
  return { ok: true, row: created! };
}

/** Another owner's id is indistinguishable from a missing one. */
export async function getAsset(db: Db, input: { ownerId: string; id: string }): Promise<AssetRow | null> {
  const [row] = await db.orm
    .select()
    .from(assets)
    .where(and(eq(assets.ownerId, input.ownerId), eq(assets.id, input.id)))
    .limit(1);
  return row ?? null;
}

/** The deleted row (its file is the caller's to remove), or null. */
export async function deleteAsset(db: Db, input: { ownerId: string; id: string }): Promise<AssetRow | null> {
  const [row] = await db.orm
    .delete(assets)
    .where(and(eq(assets.ownerId, input.ownerId), eq(assets.id, input.id)))
    .returning();
  return row ?? null;
}

export async function listAssets(
  db: Db,
  query: { ownerId: string; kind?: 'image' | 'font' | undefined; page: number; limit: number },
): Promise<{ rows: AssetRow[]; total: number }> {
  const filters: SQL[] = [eq(assets.ownerId, query.ownerId)];
  if (query.kind) filters.push(eq(assets.kind, query.kind));
  const where = and(...filters);
  const limit = Math.max(1, Math.floor(query.limit));
  const offset = (Math.max(1, Math.floor(query.page)) - 1) * limit;
  const [rows, [counted]] = await Promise.all([
    db.orm.select().from(assets).where(where).orderBy(desc(assets.createdAt), desc(assets.id)).limit(limit).offset(offset),
    db.orm.select({ total: count() }).from(assets).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every font of one owner: what the renderer may load for that owner's pages, and nobody else's. */
export async function listOwnerFonts(db: Db, ownerId: string): Promise<AssetRow[]> {
  return db.orm
    .select()
    .from(assets)
    .where(and(eq(assets.ownerId, ownerId), eq(assets.kind, 'font'), isNotNull(assets.fontFamily)))
    .orderBy(desc(assets.createdAt));
}
