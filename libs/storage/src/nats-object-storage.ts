import { connect, headers } from '@nats-io/transport-node';
import { Objm } from '@nats-io/obj';
import { assertSafeKey, type Storage, type StoredObject } from './storage.js';

export interface NatsObjectStorageOptions {
  /** e.g. `nats://127.0.0.1:4222`; JetStream must be enabled on the server. */
  url: string;
  bucket: string;
  /** Prefixes the bucket (`<namespace>-<bucket>`) so environments sharing one NATS stay apart. */
  namespace?: string;
}

export interface NatsObjectStorage extends Storage {
  /** The namespaced bucket name actually used (the stream is `OBJ_<bucketName>`). */
  readonly bucketName: string;
  /** Delete the bucket and every object in it (tests, teardown). The connection stays open. */
  destroy(): Promise<void>;
}

const CONTENT_TYPE = 'Content-Type';
const BUCKET_NAME = /^[A-Za-z0-9_-]+$/;

export function natsBucketName(options: { bucket: string; namespace?: string }): string {
  const name = options.namespace ? `${options.namespace}-${options.bucket}` : options.bucket;
  if (!BUCKET_NAME.test(name)) {
    throw new Error(`invalid NATS object store bucket ${JSON.stringify(name)}: use letters, digits, '-' and '_' only`);
  }
  return name;
}

/**
 * Objects in a JetStream Object Store bucket (created when missing). The content type
 * travels in the object's headers, which the object store keeps in its metadata entry,
 * so it needs no server feature beyond 2.9.
 */
export async function createNatsObjectStorage(options: NatsObjectStorageOptions): Promise<NatsObjectStorage> {
  const bucketName = natsBucketName(options);
  const nc = await connect({ servers: options.url, name: `pressroom-storage:${bucketName}` });
  const os = await new Objm(nc).create(bucketName).catch(async (err: unknown) => {
    await nc.close();
    throw new Error(
      `cannot open NATS object store bucket ${bucketName} at ${options.url} (is JetStream enabled?): ${(err as Error).message}`,
      { cause: err },
    );
  });

  return {
    kind: 'nats-object-store',
    bucketName,

    async put(key, bytes, contentType) {
      assertSafeKey(key);
      const h = headers();
      h.set(CONTENT_TYPE, contentType);
      await os.putBlob({ name: key, headers: h }, bytes);
    },

    async get(key): Promise<StoredObject | null> {
      assertSafeKey(key);
      const result = await os.get(key);
      if (!result) return null;
      const chunks: Uint8Array[] = [];
      const reader = result.data.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
      // The stream ends early (or the digest mismatches) without throwing: the error promise says so.
      const error = await result.error;
      if (error) throw error;
      return {
        bytes: Buffer.concat(chunks),
        contentType: result.info.headers?.get(CONTENT_TYPE) || 'application/octet-stream',
      };
    },

    async delete(key) {
      assertSafeKey(key);
      await os.delete(key);
    },

    async healthy() {
      if (nc.isClosed()) return false;
      try {
        await os.status();
        return true;
      } catch {
        return false;
      }
    },

    async destroy() {
      await os.destroy();
    },

    async close() {
      if (!nc.isClosed()) await nc.close();
    },
  };
}
