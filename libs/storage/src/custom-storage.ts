import { randomBytes } from 'node:crypto';
import type { CustomBucketSettings } from '@pressroom/contracts';
import type { LookupFunction } from 'node:net';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { createS3Storage, describeS3Error, type S3Storage } from './s3-storage.js';

/** An owner's own bucket, as saved (the secret opened): the shape `@pressroom/db` returns. */
export type CustomBucket = CustomBucketSettings;

export interface OpenCustomBucketOptions {
  /** The SSRF guard's lookup (`guardedLookup`) for the scheme the bucket is reached with: the endpoint is a user's choice. */
  lookup: (protocol: 'http:' | 'https:') => LookupFunction;
  /** Per request (default 10 s): a hanging bucket must not hold a render. */
  timeoutMs?: number;
}

export function openCustomBucket(bucket: CustomBucket, options: OpenCustomBucketOptions): S3Storage {
  return createS3Storage({
    endpoint: bucket.endpoint ?? undefined,
    region: bucket.region,
    bucket: bucket.bucket,
    forcePathStyle: bucket.forcePathStyle,
    prefix: bucket.prefix,
    credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey },
    requestTimeoutMs: options.timeoutMs ?? 10_000,
    lookup: options.lookup(bucket.endpoint && new URL(bucket.endpoint).protocol === 'http:' ? 'http:' : 'https:'),
  });
}

/**
 * The URL of a copy: under the public base URL when one is set (a CDN or the bucket's public
 * domain), else the object's own S3 URL (path-style on the endpoint, or AWS's virtual host).
 */
export function userStorageUrlOf(
  bucket: Pick<CustomBucket, 'endpoint' | 'region' | 'bucket' | 'forcePathStyle' | 'prefix' | 'publicBaseUrl'>,
  key: string,
): string {
  const objectKey = bucket.prefix + key;
  if (bucket.publicBaseUrl) return `${bucket.publicBaseUrl.replace(/\/+$/, '')}/${objectKey}`;
  if (!bucket.endpoint) return `https://${bucket.bucket}.s3.${bucket.region}.amazonaws.com/${objectKey}`;
  const endpoint = new URL(bucket.endpoint);
  if (bucket.forcePathStyle) return `${endpoint.origin}/${bucket.bucket}/${objectKey}`;
  return `${endpoint.protocol}//${bucket.bucket}.${endpoint.host}/${objectKey}`;
}

/** The settings field a failed test write points at, so a form can show the reason beside it. */
export type CustomStorageField = 'endpoint' | 'region' | 'bucket' | 'accessKeyId' | 'secretAccessKey';

/** Why a test write failed (the store's reason) and which field to fix. */
export interface TestWriteFailure {
  reason: string;
  field: CustomStorageField;
}

// S3 error codes (AWS, MinIO, R2, s3rver agree on these) → the field a user has to change.
const FIELD_OF_S3_CODE: Record<string, CustomStorageField> = {
  NoSuchBucket: 'bucket',
  InvalidBucketName: 'bucket',
  InvalidAccessKeyId: 'accessKeyId',
  // A key that exists but may not write to this bucket: the key (or its policy) is what to change.
  AccessDenied: 'accessKeyId',
  SignatureDoesNotMatch: 'secretAccessKey',
  AuthorizationHeaderMalformed: 'region',
  PermanentRedirect: 'region',
  IllegalLocationConstraintException: 'region',
};

/** Anything that is not an answer from the store (refused, blocked, timed out, unresolvable) is the endpoint's. */
function blamedField(error: unknown): CustomStorageField {
  return error instanceof S3ServiceException ? (FIELD_OF_S3_CODE[error.name] ?? 'endpoint') : 'endpoint';
}

/**
 * Prove the settings work before they are saved: write a small object, then delete it.
 * Resolves null when the write worked, else the store's reason (for a 4xx `detail`) and the field it concerns.
 */
export async function testWrite(storage: S3Storage): Promise<TestWriteFailure | null> {
  const key = `pressroom-write-test/${randomBytes(8).toString('hex')}.txt`;
  try {
    await storage.put(key, Buffer.from('Pressroom checks that it can write here; this file is deleted at once.\n'), 'text/plain');
  } catch (error) {
    return { reason: `writing a test object failed: ${describeS3Error(error)}`, field: blamedField(error) };
  }
  // Some write-only buckets refuse deletes; the copy itself works, so a failed cleanup is not a reason to refuse.
  await storage.delete(key).catch(() => {});
  return null;
}

/** The outcome of copying one file to its owner's custom storage. */
export type CustomCopyOutcome = { url: string } | { error: string };

/**
 * Owners' custom storage, as the renderers and the gateway use it (implemented over the
 * database and the SSRF guard by `@pressroom/service-runner`).
 */
export interface CustomStorageCopies {
  /**
   * Copy a finished file (its bytes, or the file on disk: GIFs and videos are streamed from it); null
   * when the owner has no custom storage. Never throws: a failure is an outcome.
   */
  copy(input: { ownerId: string; key: string; body: Buffer | { path: string }; contentType: string }): Promise<CustomCopyOutcome | null>;
  /** Delete a file's copy (render deleted or expired); no custom storage → nothing to do. Throws the store's error. */
  remove(input: { ownerId: string; key: string }): Promise<void>;
}
