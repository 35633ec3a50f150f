import type { Readable } from 'node:stream';

/** Where rendered files (and spilled inputs) live. Keys are `/`-separated, e.g. `renders/img_x.png`. */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

/** What a HEAD tells about an object. */
export interface ObjectInfo {
  contentType: string;
  /** Bytes. */
  size: number;
  /** Strong validator, quoted as HTTP wants it (`"…"`); changes whenever the bytes do. */
  etag: string;
}

/** Inclusive byte range, already checked against the object's size (see `resolveRange`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** An object being read: its info and a stream of its bytes (the whole object or the asked range). */
export interface ObjectStream extends ObjectInfo {
  body: Readable;
}

/** What put accepts: bytes in memory, a stream (GIFs, videos: never buffered whole) or a file on disk. */
export type PutBody = Buffer | Uint8Array | Readable | { path: string };

export type StorageKind = 'disk' | 'nats-object-store' | 's3';

/** What a readiness probe learns from the store: ok, or why not (no secrets: endpoint, bucket or path and the store's own error). */
export type StorageCheck = { ok: true } | { ok: false; reason: string };

export interface Storage {
  readonly kind: StorageKind;
  /** Write (or overwrite: keys are idempotency keys) an object. */
  put(key: string, body: PutBody, contentType: string): Promise<void>;
  /** Read a small object whole (inputs, previews); null when it does not exist. Files to serve use `open`. */
  get(key: string): Promise<StoredObject | null>;
  /** Size, type and ETag without the bytes; null when missing. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Stream the object, or one range of it; null when missing. The caller must consume or destroy `body`. */
  open(key: string, range?: ByteRange): Promise<ObjectStream | null>;
  delete(key: string): Promise<void>;
  /**
   * A time-limited URL a client can GET the object from directly, or null when the backend has
   * no such thing (disk, JetStream: files are served by the gateway).
   */
  presign(key: string, expiresInSeconds: number): Promise<string | null>;
  /**
   * Where clients fetch the file directly: a CDN/public base URL or a presigned URL, as configured
   * (createStorage's `publicUrls`); null → the gateway's `/files/<key>`.
   */
  publicUrl(key: string): Promise<string | null>;
  /** One cheap round trip to the store (readiness: /readyz); never throws. */
  check(): Promise<StorageCheck>;
  close(): Promise<void>;
}

/** Keys must be relative, without `..` segments, of safe characters. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._\-/]{0,400}$/.test(key) || key.split('/').some((s) => s === '..' || s === '.' || s === '')) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}
