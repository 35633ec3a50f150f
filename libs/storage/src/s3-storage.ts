import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, type ObjectInfo, type Storage } from './storage.js';
import { bodyStream, readAll } from './streams.js';

export interface S3StorageOptions {
  /** e.g. `https://s3.eu-west-1.amazonaws.com`, `http://minio:9000`, `https://<account>.r2.cloudflarestorage.com`; unset → AWS. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  /** `http://endpoint/bucket/key` instead of `http://bucket.endpoint/key` (MinIO, most self-hosted stores). */
  forcePathStyle?: boolean;
  /** Unset → the SDK's default chain (environment, instance role, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Prepended to every key (`tenants/acme/` → `tenants/acme/renders/img_x.png`). */
  prefix?: string;
  /** Per request, so a store that hangs fails the call instead of the render (default 15 s). */
  requestTimeoutMs?: number;
  /**
   * Replaces DNS when connecting: the SSRF guard's approved addresses for an endpoint a user
   * chose (custom storage), so the SDK never connects to an address the guard did not check.
   */
  lookup?: LookupFunction;
}

export interface S3Storage extends Storage {
  readonly bucket: string;
}

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, GCS interop) through the
 * AWS SDK v3. Checksums are only computed when an operation requires them: the SDK's default
 * (CRC32 trailers on every put) is refused by several non-AWS stores.
 */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  const prefix = options.prefix ?? '';
  const timeout = options.requestTimeoutMs ?? 15_000;
  const agentOptions = { keepAlive: true, ...(options.lookup ? { lookup: options.lookup } : {}) };
  const httpAgent = new HttpAgent(agentOptions);
  const httpsAgent = new HttpsAgent(agentOptions);
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle ?? false,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { requestTimeout: timeout, connectionTimeout: timeout, throwOnRequestTimeout: true, httpAgent, httpsAgent },
    // A failing store is reported by the caller (render retry, custom-storage status): no long SDK retry loop on top.
    maxAttempts: 2,
  };
  if (options.endpoint) config.endpoint = options.endpoint;
  // A copy: the SDK marks the object it is given (a `$source` field), which would leak into the caller's.
  if (options.credentials)
    config.credentials = { accessKeyId: options.credentials.accessKeyId, secretAccessKey: options.credentials.secretAccessKey };
  const client = new S3Client(config);
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return prefix + key;
  };

  const storage: S3Storage = {
    kind: 's3',
    bucket: Bucket,

    async put(key, body, contentType) {
      const Key = objectKey(key);
      if (body instanceof Uint8Array) {
        // Small enough for one request; lib-storage would buffer it into a part anyway.
        const upload = new Upload({ client, params: { Bucket, Key, Body: body, ContentType: contentType } });
        await upload.done();
        return;
      }
      // Multipart for streams of unknown length (5 MiB parts, so at most a few parts in memory, never the whole file).
      const upload = new Upload({ client, params: { Bucket, Key, Body: bodyStream(body), ContentType: contentType }, queueSize: 2 });
      await upload.done();
    },

    async get(key) {
      const object = await storage.open(key);
      if (!object) return null;
      return { bytes: await readAll(object.body), contentType: object.contentType };
    },

    async head(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return {
          contentType: out.ContentType || 'application/octet-stream',
          size: out.ContentLength ?? 0,
          etag: quoted(out.ETag),
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async open(key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        const info: ObjectInfo = {
          contentType: out.ContentType || 'application/octet-stream',
          // With a range, Content-Length is the range's; the whole size is after the slash of Content-Range.
          size: range ? Number(/\/(\d+)$/.exec(out.ContentRange ?? '')?.[1] ?? NaN) : (out.ContentLength ?? 0),
          etag: quoted(out.ETag),
        };
        if (!Number.isFinite(info.size)) throw new Error(`S3 answered a range read of ${key} without a usable Content-Range`);
        return { ...info, body: out.Body as Readable };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async presign(key, expiresInSeconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: objectKey(key) }), { expiresIn: expiresInSeconds });
    },

    async publicUrl() {
      return null;
    },

    async check() {
      try {
        // A GET (not a HEAD) of a key that need not exist: S3 answers a HEAD's 404 without a body, the same for
        // a missing key and a missing bucket, so a deleted bucket looked healthy. A GET's error names
        // NoSuchKey (healthy: endpoint, bucket and credentials work) or NoSuchBucket / AccessDenied
        // (unhealthy). HeadBucket would say the same but needs list rights, and s3rver refuses its signature.
        const out = await client.send(new GetObjectCommand({ Bucket, Key: `${prefix}health-check` }));
        (out.Body as Readable | undefined)?.destroy();
        return { ok: true };
      } catch (err) {
        return isNotFound(err) ? { ok: true } : { ok: false, reason: `bucket ${Bucket}: ${describeS3Error(err)}` };
      }
    },

    async close() {
      client.destroy();
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
  return storage;
}

function quoted(etag: string | undefined): string {
  if (!etag) return '""';
  return etag.startsWith('"') || etag.startsWith('W/') ? etag : `"${etag}"`;
}

function isNotFound(err: unknown): boolean {
  if (err instanceof S3ServiceException) {
    return err.$metadata.httpStatusCode === 404 && err.name !== 'NoSuchBucket';
  }
  return false;
}

/** A one-line reason for a failed S3 call a user can act on (wrong key, missing bucket, timeout). */
export function describeS3Error(err: unknown): string {
  // What answered is no S3 store (a web site's HTML page): the SDK's own words are about its XML parser.
  if (/Deserialization error|XML parse error/i.test((err as { message?: string })?.message ?? '')) {
    return 'the endpoint answered, but not as an S3 store does (its answer is not S3 XML): check the endpoint URL';
  }
  if (err instanceof S3ServiceException) {
    const status = err.$metadata.httpStatusCode;
    const message = err.message && err.message !== 'UnknownError' ? err.message : err.name;
    return `${err.name}${status ? ` (HTTP ${status})` : ''}: ${message}`;
  }
  const e = err as { name?: string; code?: string; message?: string; detail?: unknown };
  // A refusal with a public sentence of its own (the SSRF guard's BlockedUrlError, from the connect-time lookup).
  if (typeof e?.detail === 'string') return e.detail;
  if (e?.name === 'TimeoutError' || e?.code === 'ETIMEDOUT' || /timed? ?out/i.test(e?.message ?? '')) {
    return `the endpoint did not answer in time (${e.message ?? 'timeout'})`;
  }
  // The SDK wraps network errors ("AWS SDK error wrapper for Error: connect ECONNREFUSED …"): the cause says it plainly.
  const cause = (err as { cause?: { message?: string } }).cause;
  const refused = /ECONNREFUSED (\S+)/.exec(cause?.message ?? e?.message ?? '');
  if (refused) return `nothing answers at ${refused[1]} (the connection was refused): check the endpoint's host and port`;
  if (cause?.message) return cause.message;
  return (e?.message ?? String(err)).replace(/^AWS SDK error wrapper for (\w*Error: )?/, '');
}
