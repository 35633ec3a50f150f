import { z } from 'zod';
import { retentionByPlan, storageEnv, storageSettings } from './storage-fragments.js';

const env = z.object({ ...storageEnv, PRESSROOM_DATA_DIR: z.string().default('.data') });

describe('storage settings', () => {
  it('defaults to disk under the data directory, with no public URLs', () => {
    const settings = storageSettings(env.parse({}));
    expect(settings).toMatchObject({
      kind: 'disk',
      dir: '.data/files',
      s3: undefined,
      publicUrls: { baseUrl: undefined, presignSeconds: undefined },
    });
  });

  it('maps PRESSROOM_S3_* onto the S3 backend', () => {
    const settings = storageSettings(
      env.parse({
        PRESSROOM_STORAGE: 's3',
        PRESSROOM_S3_ENDPOINT: 'http://minio:9000',
        PRESSROOM_S3_BUCKET: 'renders',
        PRESSROOM_S3_FORCE_PATH_STYLE: 'true',
        PRESSROOM_S3_ACCESS_KEY_ID: 'id',
        PRESSROOM_S3_SECRET_ACCESS_KEY: 'secret',
        PRESSROOM_S3_PREFIX: 'prod/',
        PRESSROOM_FILES_PRESIGN_SECONDS: '3600',
      }),
    );
    expect(settings.s3).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'renders',
      forcePathStyle: true,
      prefix: 'prod/',
      requestTimeoutMs: 15_000,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(settings.publicUrls.presignSeconds).toBe(3600);
  });

  it('explains incomplete or contradictory settings', () => {
    expect(() => storageSettings(env.parse({ PRESSROOM_STORAGE: 's3' }))).toThrow(/needs PRESSROOM_S3_BUCKET/);
    expect(() =>
      storageSettings(env.parse({ PRESSROOM_STORAGE: 's3', PRESSROOM_S3_BUCKET: 'b', PRESSROOM_S3_ACCESS_KEY_ID: 'x' })),
    ).toThrow(/both PRESSROOM_S3_ACCESS_KEY_ID and PRESSROOM_S3_SECRET_ACCESS_KEY/);
    expect(() => storageSettings(env.parse({ PRESSROOM_FILES_PRESIGN_SECONDS: '600' }))).toThrow(/needs PRESSROOM_STORAGE=s3/);
    expect(env.safeParse({ PRESSROOM_FILES_PRESIGN_SECONDS: '999999' }).success).toBe(false);
    expect(env.safeParse({ PRESSROOM_S3_PREFIX: 'no-slash' }).success).toBe(false);
  });

  it('reads render retention per plan', () => {
    expect(retentionByPlan.parse('free:30d, pro:90d,business:forever')).toEqual({ free: 30 * 86_400_000, pro: 90 * 86_400_000 });
    expect(retentionByPlan.parse('')).toEqual({});
    expect(env.parse({}).PRESSROOM_RENDER_RETENTION).toEqual({});
    expect(retentionByPlan.safeParse('free=30d').success).toBe(false);
    expect(retentionByPlan.safeParse('free:30').success).toBe(false);
  });
});
