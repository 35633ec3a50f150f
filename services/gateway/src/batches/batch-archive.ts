import { getRenderById, listBatchItems, type BatchRow, type Db } from '@pressroom/db';
import type { Storage } from '@pressroom/storage';
import type { ZipEntry } from '@pressroom/zip';

/** `0007.png`, or `0007-square.png` when the batch renders several layouts: row numbers from 1, padded so names sort. */
export function batchEntryName(input: { rowIndex: number; totalRows: number; layout: string | null; extension: string }): string {
  const width = Math.max(4, String(input.totalRows).length);
  const row = String(input.rowIndex + 1).padStart(width, '0');
  return `${row}${input.layout ? `-${input.layout}` : ''}.${input.extension}`;
}

/**
 * The stored file of every completed item of a batch, in row order, read one
 * at a time (the archive streams while they are read). A file that has gone
 * (purged, or lost by its store) is left out rather than failing the archive.
 */
export async function* batchArchiveEntries(deps: { db: Db; storage: Storage }, batch: BatchRow): AsyncGenerator<ZipEntry> {
  const items = await listBatchItems(deps.db, batch.id, { states: ['completed'] });
  for (const item of items) {
    if (!item.renderId) continue;
    const render = await getRenderById(deps.db, item.renderId);
    if (!render?.storageKey) continue;
    const stored = await deps.storage.get(render.storageKey);
    if (!stored) continue;
    const extension = render.storageKey.slice(render.storageKey.lastIndexOf('.') + 1);
    yield {
      name: batchEntryName({ rowIndex: item.rowIndex, totalRows: batch.totalItems, layout: batch.layouts ? item.layout : null, extension }),
      bytes: stored.bytes,
      modifiedAt: item.completedAt ?? render.completedAt ?? new Date(),
    };
  }
}
