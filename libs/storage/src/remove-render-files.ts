import type { CustomStorageCopies } from './custom-storage.js';
import type { Storage } from './storage.js';

export interface RenderFiles {
  ownerId: string;
  /** null: the render never stored a file (failed, or still queued). */
  storageKey: string | null;
  /** The render has a copy in its owner's custom storage. */
  copied: boolean;
}

/**
 * Delete a render's file from every store it is in: ours (an error throws: the caller keeps
 * the render so the delete can be retried) and the owner's own bucket (an error there is
 * returned, not thrown: a broken user bucket must not make a render undeletable).
 */
export async function removeRenderFiles(
  stores: { storage: Storage; customStorage?: CustomStorageCopies | undefined },
  files: RenderFiles,
): Promise<{ userStorageError?: string }> {
  if (!files.storageKey) return {};
  await stores.storage.delete(files.storageKey);
  if (!files.copied || !stores.customStorage) return {};
  try {
    await stores.customStorage.remove({ ownerId: files.ownerId, key: files.storageKey });
    return {};
  } catch (error) {
    return { userStorageError: `the copy in custom storage was not deleted: ${(error as Error).message}` };
  }
}
