import { z } from 'zod';

/** An absolute http(s) URL; the message stands beside its field (and after the field's name in the detail). */
const httpUrl = () =>
  z
    .string()
    .max(2000)
    .refine((s) => /^https?:\/\//i.test(s) && URL.canParse(s), 'Must be an absolute http:// or https:// URL.');

/**
 * What a refused region says, whichever of its checks (length or letters) refused it: a field shows its first
 * error, so every check carries the one sentence that says the whole rule.
 */
export const REGION_RULE = 'region is 1–64 lower-case letters, digits and dashes (e.g. us-east-1, auto).';
/** What a refused bucket name says, whichever of its checks refused it (see REGION_RULE). */
export const BUCKET_RULE = 'bucket is 3–63 lower-case letters, digits, dots and dashes (S3 bucket naming).';

/**
 * PUT /custom-storage: the owner's own S3-compatible bucket (AWS S3, MinIO, R2, GCS interop).
 * Every render is then also written there; see docs/storage.md.
 */
export const CustomStoragePut = z
  .object({
    /** Unset → AWS S3 in `region`. */
    endpoint: httpUrl().optional(),
    region: z
      .string()
      .min(1, REGION_RULE)
      .max(64, REGION_RULE)
      .regex(/^[a-z0-9-]+$/, REGION_RULE)
      .default('us-east-1'),
    bucket: z
      .string()
      .min(3, BUCKET_RULE)
      .max(63, BUCKET_RULE)
      .regex(/^[a-z0-9][a-z0-9.-]*[a-z0-9]$/, BUCKET_RULE),
    forcePathStyle: z.boolean().default(false),
    prefix: z
      .string()
      .max(200)
      .regex(/^([A-Za-z0-9._-]+\/)*$/, 'prefix is empty or path segments each ending in "/" (e.g. "pressroom/").')
      .default(''),
    /** Where the copies are publicly reachable (a CDN or the bucket's public domain); unset → the bucket's own URL. */
    publicBaseUrl: httpUrl().optional(),
    accessKeyId: z.string().min(1).max(256),
    /** Write-only: sealed at rest, never shown again. */
    secretAccessKey: z.string().min(1).max(256),
  })
  .strict();
export type CustomStoragePut = z.infer<typeof CustomStoragePut>;

/**
 * An owner's bucket, the one shape of it: what PUT saves (optional fields resolved to null),
 * what the database gives back with the secret opened, and what the copy writer opens.
 */
export interface CustomBucketSettings {
  endpoint: string | null;
  region: string;
  bucket: string;
  forcePathStyle: boolean;
  prefix: string;
  publicBaseUrl: string | null;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The settings as shown: never the secret itself. */
export type CustomBucketPublicFields = Omit<CustomBucketSettings, 'secretAccessKey'>;

/** What GET and PUT answer: the settings without the secret, and the last copy failure, if any. */
export interface CustomStorageResponse {
  customStorage: CustomBucketPublicFields & {
    secretAccessKey: '********';
    lastError: string | null;
    lastErrorAt: string | null;
    createdAt: string;
    updatedAt: string;
  };
}

/**
 * What GET /custom-storage answers: the settings with `configured: true`, or, only under `?ifNone=empty`
 * (SettingLookupQuery), `{configured: false, customStorage: null}` when none is set.
 */
export type CustomStorageLookup = ({ configured: true } & CustomStorageResponse) | { configured: false; customStorage: null };
