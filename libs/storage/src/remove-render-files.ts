import type { CustomStorageCopies } from './custom-storage.js';
import type { Storage } from './storage.js';

export interface RenderFiles {
  ownerId: string;
  /** null: the render never stored a file (failed, or still queued). */
  storageKey: string | null;
  /** The render has a copy in its owner's custom storage. */
  copied: boolean;
}

/** Where a video render's poster frame (PNG) is stored: beside the video, `renders/<id>.poster.png`. */
export function posterKeyOf(storageKey: string): string {
  return storageKey.replace(/\.[a-z0-9]+$/, '.poster.png');
}

/**
 * Delete a render's file (and a video's poster frame) from every store it is in: ours (an error throws: the caller keeps
 * the render so the delete can be retried) and the owner's own bucket (an error there is
 * returned, not thrown: a broken user bucket must not make a render undeletable).
 */
export async function removeRenderFiles(
  stores: { storage: Storage; customStorage?: CustomStorageCopies | undefined },
  files: RenderFiles,
): Promise<{ userStorageError?: string }> {
  if (!files.storageKey) return {};
  await stores.storage.delete(files.storageKey);
  if (/^renders\/vid_/.test(files.storageKey)) await stores.storage.delete(posterKeyOf(files.storageKey));
  if (!files.copied || !stores.customStorage) return {};
  try {
    await stores.customStorage.remove({ ownerId: files.ownerId, key: files.storageKey });
    return {};
  } catch (error) {
    return { userStorageError: `the copy in custom storage was not deleted: ${(error as Error).message}` };
  }
}
