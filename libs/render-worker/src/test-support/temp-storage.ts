import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDiskStorage, type Storage } from '@pressroom/storage';

/** Disk storage in a fresh temporary folder (no fsync: nothing outlives the suite); `remove` closes it and deletes the folder. */
export async function tempDiskStorage(prefix: string): Promise<{ storage: Storage; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const storage = await createDiskStorage({ dir, fsync: false });
  return {
    storage,
    async remove() {
      await storage.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
