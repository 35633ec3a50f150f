import type { Storage } from '@pressroom/storage';

/** Delete files whose rows are gone (pruned versions' thumbnails). A file left behind is only garbage, so failures do not fail the request. */
export async function deleteStoredFiles(storage: Storage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}
