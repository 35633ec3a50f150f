import type { BatchProgressEvent } from '@pressroom/contracts';
import { FINAL_BATCH_STATUSES, countBatchItems, getBatch, type Db } from '@pressroom/db';

/** Where a batch stands now; null when it does not exist for this owner (or was purged). */
export async function batchProgress(
  db: Db,
  input: { ownerId: string; id: string },
): Promise<(BatchProgressEvent & { final: boolean }) | null> {
  const batch = await getBatch(db, input);
  if (!batch) return null;
  const counts = await countBatchItems(db, batch.id);
  return {
    total: batch.totalItems,
    completed: counts.completed,
    failed: counts.failed,
    cancelled: counts.cancelled,
    status: batch.status,
    final: FINAL_BATCH_STATUSES.includes(batch.status),
  };
}
