import { sql } from 'drizzle-orm';
import { sqlRows, type Db } from './open.js';

/** The render that answered an owner's URL-render cache key (docs/url-rendering.md), if any. */
export async function findUrlRender(db: Db, input: { ownerId: string; cacheKey: string }): Promise<string | null> {
  const [row] = await sqlRows<{ render_id: string }>(
    db,
    sql`SELECT render_id FROM url_render_cache WHERE owner_id = ${input.ownerId} AND cache_key = ${input.cacheKey}`,
  );
  return row?.render_id ?? null;
}

/** Remember (or replace) the render for a cache key; shared by every gateway replica. */
export async function rememberUrlRender(db: Db, input: { ownerId: string; cacheKey: string; renderId: string }): Promise<void> {
  await db.orm.execute(
    sql`INSERT INTO url_render_cache (owner_id, cache_key, render_id) VALUES (${input.ownerId}, ${input.cacheKey}, ${input.renderId})
        ON CONFLICT (owner_id, cache_key) DO UPDATE SET render_id = EXCLUDED.render_id, created_at = now()`,
  );
}
