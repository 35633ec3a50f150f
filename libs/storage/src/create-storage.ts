import { createDiskStorage } from './disk-storage.js';
import { createNatsObjectStorage } from './nats-object-storage.js';
import { createS3Storage, type S3StorageOptions } from './s3-storage.js';
import { assertSafeKey, type Storage } from './storage.js';

export type StorageBackend = 'disk' | 'nats' | 's3';

export interface CreateStorageOptions {
  kind: StorageBackend;
  /** Root directory of the disk backend (ignored by the others). */
  dir: string;
  /** The disk backend fsyncs each file before it is renamed into place (default true; see DiskStorageOptions). */
  fsync?: boolean;
  /** Required when kind is nats. */
  natsUrl?: string | undefined;
  /** Object store bucket of the nats backend (ignored by the others). */
  bucket: string;
  /** Replicas of the nats backend's bucket (PRESSROOM_NATS_REPLICAS; default 1). */
  natsReplicas?: number | undefined;
  namespace?: string;
  /** Required when kind is s3. */
  s3?: S3StorageOptions | undefined;
  /** What `publicUrl` answers (result URLs). Neither → null, the gateway serves `/files/<key>`. */
  publicUrls?: PublicUrlOptions | undefined;
}

export interface PublicUrlOptions {
  /** `<baseUrl>/<key>`: a CDN or a public bucket in front of the store. Wins over presigning. */
  baseUrl?: string | undefined;
  /** Presigned GET URLs valid this long (backends that can presign: s3). */
  presignSeconds?: number | undefined;
}

/** The backend with the configured answer to `publicUrl`. */
export function withPublicUrls<S extends Storage>(storage: S, options: PublicUrlOptions | undefined): S {
  const baseUrl = options?.baseUrl?.replace(/\/+$/, '');
  const presignSeconds = options?.presignSeconds;
  if (!baseUrl && !presignSeconds) return storage;
  return Object.assign(Object.create(storage) as S, {
    async publicUrl(key: string) {
      assertSafeKey(key);
      if (baseUrl) return `${baseUrl}/${key}`;
      return storage.presign(key, presignSeconds!);
    },
  });
}

/** The backend the configuration asks for (PRESSROOM_STORAGE, PRESSROOM_DATA_DIR, NATS_URL, PRESSROOM_S3_*, ...). */
export async function createStorage(options: CreateStorageOptions): Promise<Storage> {
  return withPublicUrls(await openBackend(options), options.publicUrls);
}

async function openBackend(options: CreateStorageOptions): Promise<Storage> {
  switch (options.kind) {
    case 'disk':
      return createDiskStorage({ dir: options.dir, ...(options.fsync !== undefined ? { fsync: options.fsync } : {}) });
    case 'nats':
      if (!options.natsUrl) {
        throw new Error("storage kind 'nats' needs a NATS URL (set NATS_URL), or use PRESSROOM_STORAGE=disk");
      }
      return createNatsObjectStorage({
        url: options.natsUrl,
        bucket: options.bucket,
        namespace: options.namespace,
        ...(options.natsReplicas !== undefined ? { replicas: options.natsReplicas } : {}),
      });
    case 's3':
      if (!options.s3) throw new Error("storage kind 's3' needs a bucket (set PRESSROOM_S3_BUCKET)");
      return createS3Storage(options.s3);
    default:
      throw new Error(`unknown storage kind ${JSON.stringify((options as { kind: unknown }).kind)}: expected 'disk', 'nats' or 's3'`);
  }
}
