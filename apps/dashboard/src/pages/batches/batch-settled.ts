// When a batch's counts are final. Without React, so the node tests load this file (test/batch-settled.test.ts).
import type { ItemCounts } from './item-counts.js';

/** How long the batch page waits between reads of a batch whose last rows are still rendering. */
export const SETTLING_POLL_MS = 1000;

/**
 * Whether a batch that has finished (its status final) also has every row's outcome: a Cancel stops the rows not yet
 * started, but the ones already rendering finish afterwards, after the live progress ended with "cancelled". Until
 * then the page reads the batch again, so its counts end as the Recent batches table's do.
 */
export function batchSettled(counts: ItemCounts): boolean {
  return counts.completed + counts.failed + counts.cancelled >= counts.total;
}

/** A batch's counts as GET /templates/batch/{id}/results gives them, in the live progress's shape. */
export function progressOfResults(results: {
  status: string;
  totalItems: number;
  completedItems: number;
  failedItems: number;
  cancelledItems: number;
}): ItemCounts & { status: string } {
  return {
    status: results.status,
    total: results.totalItems,
    completed: results.completedItems,
    failed: results.failedItems,
    cancelled: results.cancelledItems,
  };
}
