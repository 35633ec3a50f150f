import { deleteRender, listExpiredRenders, type Db } from '@pressroom/db';
import { removeRenderFiles, type CustomStorageCopies, type Storage } from '@pressroom/storage';
import type { Logger } from '@pressroom/telemetry';

export interface RenderRetentionDeps {
  db: Db;
  storage: Storage;
  customStorage?: CustomStorageCopies | undefined;
  logger: Logger;
  /** Milliseconds each plan keeps renders (PRESSROOM_RENDER_RETENTION); a plan not named keeps them forever. */
  byPlanMs: Record<string, number>;
  now: () => Date;
  /** Renders looked at per query (default 100). */
  batchSize?: number;
}

/**
 * Delete the renders that outlived their owner's plan retention, files first (from every store),
 * then the row: a render whose file could not be deleted stays, and the next sweep tries again.
 * Plans sharing a retention are swept together. Resolves with how many renders went.
 */
export async function sweepExpiredRenders(deps: RenderRetentionDeps): Promise<number> {
  const plansByMs = new Map<number, string[]>();
  for (const [plan, ms] of Object.entries(deps.byPlanMs)) plansByMs.set(ms, [...(plansByMs.get(ms) ?? []), plan]);
  const limit = deps.batchSize ?? 100;
  let removed = 0;
  for (const [ms, plans] of plansByMs) {
    const before = new Date(deps.now().getTime() - ms);
    const failed = new Set<string>();
    for (;;) {
      const rows = (await listExpiredRenders(deps.db, { plans, before, limit: limit + failed.size })).filter((r) => !failed.has(r.id));
      if (rows.length === 0) break;
      for (const row of rows) {
        try {
          const outcome = await removeRenderFiles(deps, {
            ownerId: row.ownerId,
            storageKey: row.storageKey,
            copied: row.userStorageUrl !== null,
          });
          if (outcome.userStorageError)
            deps.logger.warn({ renderId: row.id, reason: outcome.userStorageError }, 'expired render: custom storage copy kept');
          await deleteRender(deps.db, { ownerId: row.ownerId, id: row.id });
          removed++;
        } catch (error) {
          failed.add(row.id);
          deps.logger.error({ err: error, renderId: row.id }, 'expired render: file not deleted; retrying at the next sweep');
        }
      }
      if (rows.length < limit) break;
    }
  }
  if (removed > 0) deps.logger.info({ removed }, 'expired renders deleted');
  return removed;
}
