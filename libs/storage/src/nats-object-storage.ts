import { connect, headers } from '@nats-io/transport-node';
import { Objm, setSha256Backend, type ObjectInfo } from '@nats-io/obj';
import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { streamReplicasCaughtUp } from '@pressroom/contracts';
import { plural } from '@pressroom/contracts/plural';
import { assertSafeKey, type ObjectInfo as StorageObjectInfo, type Storage } from './storage.js';
import { bodyStream, readAll, sliceStream } from './streams.js';

export interface NatsObjectStorageOptions {
  /** e.g. `nats://127.0.0.1:4222`; JetStream must be enabled on the server. */
  url: string;
  bucket: string;
  /** Prefixes the bucket (`<namespace>-<bucket>`) so environments sharing one NATS stay apart. */
  namespace?: string;
  /**
   * Copies of the bucket's stream (PRESSROOM_NATS_REPLICAS; default 1): given at creation, and applied to an
   * existing bucket at open (JetStream copies the data over; the object store's own `create` leaves it as it was).
   */
  replicas?: number;
}

export interface NatsObjectStorage extends Storage {
  /** The namespaced bucket name actually used (the stream is `OBJ_<bucketName>`). */
  readonly bucketName: string;
  /** Delete the bucket and every object in it (tests, teardown). The connection stays open. */
  destroy(): Promise<void>;
}

const CONTENT_TYPE = 'Content-Type';
/**
 * Objects are written in chunks of up to 1 MiB (the client lowers it to the server's max_payload,
 * 1 MiB by default), not the object store's default of 128 KiB: every chunk is a JetStream publish
 * the client waits on (an ack, and an Error object made for its stack in case it times out), so a
 * 0.9 MB card was 8 of them; now it is one (issue 18: the image service's CPU per render).
 * Readers follow whatever chunk size an object was written with.
 */
const NATS_OBJECT_CHUNK_BYTES = 1024 * 1024;
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
  // The object store digests every object it writes and reads with SHA-256; its default is a pure-JS
  // hash (browser-safe), which took ~40 % of the image service's CPU per render in the profile
  // (docs/benchmarks.md, ADR 0046). Node's own (OpenSSL) is the same digest, many times cheaper.
  // Process-wide, set before any object store operation.
  setSha256Backend('native');
  const bucketName = natsBucketName(options);
  const nc = await connect({ servers: options.url, name: `pressroom-storage:${bucketName}` });
  const replicas = options.replicas ?? 1;
  const objm = new Objm(nc);
  const os = await objm
    .create(bucketName, { replicas })
    .then(async (opened) => {
      if ((await opened.status()).replicas !== replicas) {
        const jsm = await objm.js.jetstreamManager();
        const stream = `OBJ_${bucketName}`;
        await jsm.streams.update(stream, { num_replicas: replicas });
        // The new copies catch up first; reads meanwhile find no responder. Serve once every copy is current.
        await streamReplicasCaughtUp({ jsm, stream, replicas });
      }
      return opened;
    })
    .catch(async (err: unknown) => {
      await nc.close();
      throw new Error(
        `cannot open NATS object store bucket ${bucketName} at ${withoutCredentials(options.url)} with ${plural(replicas, 'replica')} ` +
          `(is JetStream enabled, and are there as many servers in its cluster?): ${(err as Error).message}`,
        { cause: err },
      );
    });

  const storage: NatsObjectStorage = {
    kind: 'nats-object-store',
    bucketName,

    async put(key, body, contentType) {
      assertSafeKey(key);
      const h = headers();
      h.set(CONTENT_TYPE, contentType);
      const meta = { name: key, headers: h, options: { max_chunk_size: NATS_OBJECT_CHUNK_BYTES } };
      if (body instanceof Uint8Array) await os.putBlob(meta, body);
      else await os.put(meta, Readable.toWeb(bodyStream(body)) as ReadableStream<Uint8Array>);
    },

    async get(key) {
      const object = await storage.open(key);
      if (!object) return null;
      return { bytes: await readAll(object.body), contentType: object.contentType };
    },

    async head(key) {
      assertSafeKey(key);
      const info = await os.info(key);
      return info && !info.deleted ? infoOf(info) : null;
    },

    async open(key, range) {
      assertSafeKey(key);
      const result = await os.get(key);
      if (!result) return null;
      // The object store cannot seek: a range reads the chunks from the first one and keeps only the asked bytes.
      const whole = Readable.fromWeb(result.data as WebReadableStream<Uint8Array>);
      const checked = new PassThrough();
      // The stream ends early (or the digest mismatches) without erroring: the error promise says so.
      whole.on('error', (err) => checked.destroy(err));
      whole.pipe(checked, { end: false });
      whole.on('end', () => {
        void result.error.then((error) => (error ? checked.destroy(error) : checked.end()));
      });
      return { ...infoOf(result.info), body: range ? checked.pipe(sliceStream(range)) : checked };
    },

    async delete(key) {
      assertSafeKey(key);
      await os.delete(key);
    },

    async presign() {
      return null;
    },

    async publicUrl() {
      return null;
    },

    async check() {
      if (nc.isClosed()) return { ok: false, reason: 'the connection to NATS is closed' };
      try {
        await os.status();
        return { ok: true };
      } catch (err) {
        return { ok: false, reason: `object store bucket ${bucketName}: ${(err as Error).message}` };
      }
    },

    async destroy() {
      await os.destroy();
    },

    async close() {
      if (!nc.isClosed()) await nc.close();
    },
  };
  return storage;
}

/** The server a message names, without the user and password a NATS URL may carry. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.host || url;
  } catch {
    return 'the configured NATS URL';
  }
}

function infoOf(info: ObjectInfo): StorageObjectInfo {
  return {
    contentType: info.headers?.get(CONTENT_TYPE) || 'application/octet-stream',
    size: info.size,
    // `SHA-256=<base64url>`: the object store's own digest of the bytes.
    etag: `"${info.digest.replace(/^SHA-256=/i, '')}"`,
  };
}
