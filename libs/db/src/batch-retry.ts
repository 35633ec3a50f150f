import type { BatchItemRow, NewBatchItem } from './batches.js';

/** The items of a new batch that renders again what failed in another (POST /templates/batch/{id}/retry). */
export interface BatchRetryItems {
  /** Rows with at least one failed item: the new batch's rows, numbered again from 0 in their old order. */
  rows: number;
  items: NewBatchItem[];
  /** The new batch's layouts: the old batch's that failed somewhere, in its order; null for a batch of its main size only. */
  layouts: string[] | null;
}

/**
 * What a retry renders: exactly the items that failed (a row that failed in one size is not rendered again in the
 * sizes that worked), each with the values its row was rendered with, in row order; rows are numbered again from 0,
 * as a new batch of only those rows would be. Null when nothing failed. Cancelled items are not failures: they were
 * stopped on purpose.
 */
export function failedItemsToRetry(
  batch: { layouts: string[] | null },
  items: ReadonlyArray<Pick<BatchItemRow, 'rowIndex' | 'seq' | 'layout' | 'variables' | 'state'>>,
): BatchRetryItems | null {
  const failed = items.filter((item) => item.state === 'failed').sort((a, b) => a.rowIndex - b.rowIndex || a.seq - b.seq);
  if (failed.length === 0) return null;
  const newIndex = new Map<number, number>();
  for (const item of failed) if (!newIndex.has(item.rowIndex)) newIndex.set(item.rowIndex, newIndex.size);
  const failedLayouts = new Set(failed.map((item) => item.layout));
  return {
    rows: newIndex.size,
    items: failed.map((item) => ({ rowIndex: newIndex.get(item.rowIndex)!, layout: item.layout, variables: item.variables })),
    layouts: batch.layouts === null ? null : batch.layouts.filter((layout) => failedLayouts.has(layout)),
  };
}
