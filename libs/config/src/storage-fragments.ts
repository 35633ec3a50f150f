import { z } from 'zod';
import { parseDuration, secretKeyEnv } from './webhook-fragments.js';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Where rendered files live (every service: renderers write, the gateway serves and deletes).
 * Only PRESSROOM_STORAGE=s3 reads the PRESSROOM_S3_* settings.
 */
/**
 * `free:30d,pro:90d,business:365d`-style render retention per plan, in milliseconds. A plan that is
 * not named (or is given `forever`) keeps its renders until they are deleted through the API.
 */
export const retentionByPlan = z.string().transform((text, ctx) => {
  const out: Record<string, number> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z][a-z0-9_-]*)\s*:\s*(.+)$/.exec(part);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: `${JSON.stringify(part)} is not plan:duration (e.g. free:30d)` });
      return z.NEVER;
    }
    const [, plan, duration] = match as unknown as [string, string, string];
    if (duration === 'forever') continue;
    try {
      out[plan] = parseDuration(duration);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `${plan}: ${(error as Error).message}` });
      return z.NEVER;
    }
  }
  return out;
});

export const storageEnv = {
  /** Also opens owners' custom storage credentials, so every renderer needs it when custom storage is used. */
  ...secretKeyEnv,
  /** disk (default), nats (JetStream Object Store, needs NATS_URL) or s3 (any S3-compatible store). */
  PRESSROOM_STORAGE: z.enum(['disk', 'nats', 's3']).default('disk'),
  PRESSROOM_STORAGE_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('pressroom-renders'),
  /** Unset → AWS S3 itself; `http://minio:9000`, `https://<account>.r2.cloudflarestorage.com`, `https://storage.googleapis.com`. */
  PRESSROOM_S3_ENDPOINT: z.string().url().optional(),
  PRESSROOM_S3_REGION: z.string().min(1).default('us-east-1'),
  PRESSROOM_S3_BUCKET: z.string().min(1).optional(),
  /** true for MinIO and most self-hosted stores (`endpoint/bucket/key` rather than `bucket.endpoint/key`). */
  PRESSROOM_S3_FORCE_PATH_STYLE: flag.default(false),
  /** Unset → the SDK's default credential chain (instance role, web identity, AWS_* variables). */
  PRESSROOM_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  PRESSROOM_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Prepended to every key, so one bucket can hold several environments. */
  PRESSROOM_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'a prefix is empty or path segments each ending in /')
    .default(''),
  PRESSROOM_S3_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Result URLs become `<this>/<key>` (a CDN or public bucket in front of the store) instead of the gateway's /files/<key>. */
  PRESSROOM_FILES_BASE_URL: z.string().url().optional(),
  /** How long each plan keeps renders (`free:30d,pro:90d`); the scheduler deletes older ones from every store. Empty: forever. */
  PRESSROOM_RENDER_RETENTION: retentionByPlan.default({}),
  /** How often the scheduler looks for expired renders. */
  PRESSROOM_RENDER_RETENTION_SWEEP_MS: z.coerce.number().int().positive().default(3_600_000),
  /** s3 only: result URLs are presigned GET URLs valid this long (at most 7 days, S3's limit). */
  PRESSROOM_FILES_PRESIGN_SECONDS: z.coerce.number().int().min(60).max(604_800).optional(),
};

interface StorageEnv {
  PRESSROOM_STORAGE: 'disk' | 'nats' | 's3';
  PRESSROOM_STORAGE_BUCKET: string;
  PRESSROOM_DATA_DIR: string;
  PRESSROOM_S3_ENDPOINT?: string | undefined;
  PRESSROOM_S3_REGION: string;
  PRESSROOM_S3_BUCKET?: string | undefined;
  PRESSROOM_S3_FORCE_PATH_STYLE: boolean;
  PRESSROOM_S3_ACCESS_KEY_ID?: string | undefined;
  PRESSROOM_S3_SECRET_ACCESS_KEY?: string | undefined;
  PRESSROOM_S3_PREFIX: string;
  PRESSROOM_S3_TIMEOUT_MS: number;
  PRESSROOM_FILES_BASE_URL?: string | undefined;
  PRESSROOM_FILES_PRESIGN_SECONDS?: number | undefined;
}

/** The storage settings as `createStorage` takes them (shared by the service runner and the embedded stack). */
export function storageSettings(env: StorageEnv, dir = `${env.PRESSROOM_DATA_DIR}/files`) {
  if (env.PRESSROOM_STORAGE === 's3' && !env.PRESSROOM_S3_BUCKET) {
    throw new Error('PRESSROOM_STORAGE=s3 needs PRESSROOM_S3_BUCKET (and usually PRESSROOM_S3_ENDPOINT)');
  }
  if (Boolean(env.PRESSROOM_S3_ACCESS_KEY_ID) !== Boolean(env.PRESSROOM_S3_SECRET_ACCESS_KEY)) {
    throw new Error('set both PRESSROOM_S3_ACCESS_KEY_ID and PRESSROOM_S3_SECRET_ACCESS_KEY, or neither');
  }
  if (env.PRESSROOM_FILES_PRESIGN_SECONDS !== undefined && env.PRESSROOM_STORAGE !== 's3') {
    throw new Error('PRESSROOM_FILES_PRESIGN_SECONDS needs PRESSROOM_STORAGE=s3 (disk and nats files are served by the gateway)');
  }
  return {
    kind: env.PRESSROOM_STORAGE,
    dir,
    bucket: env.PRESSROOM_STORAGE_BUCKET,
    s3:
      env.PRESSROOM_STORAGE === 's3'
        ? {
            endpoint: env.PRESSROOM_S3_ENDPOINT,
            region: env.PRESSROOM_S3_REGION,
            bucket: env.PRESSROOM_S3_BUCKET!,
            forcePathStyle: env.PRESSROOM_S3_FORCE_PATH_STYLE,
            prefix: env.PRESSROOM_S3_PREFIX,
            requestTimeoutMs: env.PRESSROOM_S3_TIMEOUT_MS,
            credentials:
              env.PRESSROOM_S3_ACCESS_KEY_ID && env.PRESSROOM_S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.PRESSROOM_S3_ACCESS_KEY_ID, secretAccessKey: env.PRESSROOM_S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : undefined,
    publicUrls: {
      baseUrl: env.PRESSROOM_FILES_BASE_URL?.replace(/\/+$/, ''),
      presignSeconds: env.PRESSROOM_FILES_PRESIGN_SECONDS,
    },
  };
}
