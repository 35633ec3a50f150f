import { createDiskStorage } from './disk-storage.js';
import { createNatsObjectStorage } from './nats-object-storage.js';
import type { Storage } from './storage.js';

export interface CreateStorageOptions {
  kind: 'disk' | 'nats';
  /** Root directory of the disk backend (ignored by nats). */
  dir: string;
  /** Required when kind is nats. */
  natsUrl?: string;
  /** Object store bucket of the nats backend (ignored by disk). */
  bucket: string;
  namespace?: string;
}

/** The backend the configuration asks for (PRESSROOM_STORAGE, PRESSROOM_DATA_DIR, NATS_URL, ...). */
export async function createStorage(options: CreateStorageOptions): Promise<Storage> {
  switch (options.kind) {
    case 'disk':
      return createDiskStorage({ dir: options.dir });
    case 'nats':
      if (!options.natsUrl) {
        throw new Error("storage kind 'nats' needs a NATS URL (set NATS_URL), or use PRESSROOM_STORAGE=disk");
      }
      return createNatsObjectStorage({ url: options.natsUrl, bucket: options.bucket, namespace: options.namespace });
    default:
      throw new Error(`unknown storage kind ${JSON.stringify((options as { kind: unknown }).kind)}: expected 'disk' or 'nats'`);
  }
}
