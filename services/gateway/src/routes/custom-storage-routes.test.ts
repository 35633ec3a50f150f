import { BUCKET_RULE } from '@pressroom/contracts';
import { createAccount, createApiKey, tables } from '@pressroom/db';
import { startSilentServer, startTestS3Server, TEST_S3_CREDENTIALS, type TestS3Server } from '@pressroom/testing/s3';
import { startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

async function keyFor(gw: TestGateway, name: string): Promise<string> {
  const account = await createAccount(gw.db, { name: `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` });
  return (await createApiKey(gw.db, { accountId: account.id })).key;
}

function call(gw: TestGateway, key: string, method: string, body?: unknown): Promise<Response> {
  return fetch(`${gw.baseUrl}/custom-storage`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

describe('/custom-storage', () => {
  let s3: TestS3Server;
  let gw: TestGateway;
  let strict: TestGateway;

  beforeAll(async () => {
    s3 = await startTestS3Server({ buckets: ['customer-bucket'] });
    // The development allow-list lets the local S3 server through, as PRESSROOM_ALLOW_PRIVATE_HOSTS does.
    gw = await startTestGateway('pglite', { allowPrivateHosts: ['127.0.0.1'], settings: { customStorageTimeoutMs: 400 } });
    strict = await startTestGateway('pglite');
  }, 120_000);
  afterAll(async () => {
    await gw.close();
    await strict.close();
    await s3.close();
  }, 120_000);

  const settings = () => ({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: 'customer-bucket',
    forcePathStyle: true,
    prefix: 'pressroom/',
    ...TEST_S3_CREDENTIALS,
  });

  it('saves working settings after a test write, seals the secret and never shows it again', async () => {
    const key = await keyFor(gw, 'cs-ok');
    expect((await call(gw, key, 'GET')).status).toBe(404);
    const saved = await call(gw, key, 'PUT', settings());
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as { customStorage: Record<string, unknown> };
    expect(body.customStorage).toMatchObject({
      endpoint: s3.endpoint,
      bucket: 'customer-bucket',
      prefix: 'pressroom/',
      accessKeyId: 'S3RVER',
      secretAccessKey: '********',
      lastError: null,
    });
    const shown = (await (await call(gw, key, 'GET')).json()) as { customStorage: Record<string, unknown> };
    expect(shown.customStorage.secretAccessKey).toBe('********');
    const rows = await gw.db.orm.select().from(tables.customStorages);
    expect(rows.some((r) => r.secretCiphertext.includes('S3RVER'))).toBe(false);
    expect((await call(gw, key, 'DELETE')).status).toBe(204);
    expect((await call(gw, key, 'GET')).status).toBe(404);
    expect((await call(gw, key, 'DELETE')).status).toBe(404);
  });

  it('answers 200 {configured: false} instead of the 404 only under ifNone=empty; a set bucket alike either way', async () => {
    const key = await keyFor(gw, 'cs-if-none');
    const get = (query: string) => fetch(`${gw.baseUrl}/custom-storage${query}`, { headers: { authorization: `Bearer ${key}` } });
    expect((await get('?ifNone=404')).status).toBe(404);
    const empty = await get('?ifNone=empty');
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ configured: false, customStorage: null });
    expect((await call(gw, key, 'PUT', settings())).status).toBe(200);
    const plain = (await (await get('')).json()) as { configured: boolean; customStorage: Record<string, unknown> };
    expect(plain).toMatchObject({ configured: true, customStorage: { bucket: 'customer-bucket', secretAccessKey: '********' } });
    expect(await (await get('?ifNone=empty')).json()).toEqual(plain);
    const bad = await get('?ifNone=yes');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['ifNone']);
    expect((await call(gw, key, 'DELETE')).status).toBe(204);
    expect(await (await get('?ifNone=empty')).json()).toEqual({ configured: false, customStorage: null });
  });

  it("refuses a bucket that refuses writes (wrong credentials) with the store's reason, and saves nothing", async () => {
    const key = await keyFor(gw, 'cs-denied');
    const res = await call(gw, key, 'PUT', { ...settings(), secretAccessKey: 'not-the-secret' });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const problem = (await res.json()) as { detail: string; type: string; errors: { field: string; message: string }[] };
    expect(problem.type).toMatch(/storage-write-failed$/);
    expect(problem.detail).toMatch(/The settings were not saved: writing a test object failed: SignatureDoesNotMatch \(HTTP 403\)/);
    // The field to fix, for the dashboard to show the reason beside it.
    expect(problem.errors).toEqual([
      expect.objectContaining({ field: 'secretAccessKey', message: expect.stringMatching(/SignatureDoesNotMatch/) }),
    ]);
    const unknownKey = await call(gw, key, 'PUT', { ...settings(), accessKeyId: 'NOT-A-KEY' });
    expect(((await unknownKey.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe('accessKeyId');
    expect((await call(gw, key, 'GET')).status).toBe(404);
  });

  it('refuses a missing bucket', async () => {
    const key = await keyFor(gw, 'cs-missing');
    const res = await call(gw, key, 'PUT', { ...settings(), bucket: 'no-such-bucket' });
    expect(res.status).toBe(422);
    const problem = (await res.json()) as { detail: string; errors: { field: string }[] };
    expect(problem.detail).toMatch(/NoSuchBucket/);
    expect(problem.errors.map((e) => e.field)).toEqual(['bucket']);
  });

  it('refuses an endpoint that times out, within the configured time', async () => {
    const silent = await startSilentServer();
    try {
      const key = await keyFor(gw, 'cs-slow');
      const res = await call(gw, key, 'PUT', { ...settings(), endpoint: silent.endpoint });
      expect(res.status).toBe(422);
      const problem = (await res.json()) as { detail: string; errors: { field: string }[] };
      expect(problem.detail).toMatch(/did not answer in time/);
      expect(problem.errors.map((e) => e.field)).toEqual(['endpoint']);
    } finally {
      await silent.close();
    }
  });

  it('refuses an endpoint at a private address unless the instance allows it (SSRF guard)', async () => {
    const key = await keyFor(strict, 'cs-ssrf');
    for (const endpoint of [s3.endpoint, 'http://169.254.169.254', 'http://10.0.0.5:9000']) {
      const res = await call(strict, key, 'PUT', { ...settings(), endpoint });
      expect(res.status).toBe(400);
      const problem = (await res.json()) as { type: string; detail: string; errors: { field: string }[] };
      expect(problem.type).toMatch(/blocked-url$/);
      expect(problem.detail).toMatch(/^endpoint: /);
      expect(problem.errors.map((e) => e.field)).toEqual(['endpoint']);
    }
  });

  it('validates the body field by field', async () => {
    const key = await keyFor(gw, 'cs-invalid');
    const res = await call(gw, key, 'PUT', { bucket: 'A', endpoint: 'ftp://x', prefix: 'no-slash', extra: 1 });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { errors: { field: string }[] };
    const fields = problem.errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['bucket', 'endpoint', 'prefix', 'accessKeyId', 'secretAccessKey']));
  });

  it('refuses bucket "b" with the bucket rule for each check it fails, named once in the detail', async () => {
    const key = await keyFor(gw, 'cs-short');
    const res = await call(gw, key, 'PUT', { ...settings(), bucket: 'b' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await res.json()) as { detail: string; errors: { field: string; message: string; code: string }[] };
    expect(problem.errors).toEqual([
      { field: 'bucket', message: BUCKET_RULE, code: 'too_small' },
      { field: 'bucket', message: BUCKET_RULE, code: 'invalid_format' },
    ]);
    expect(problem.detail).toBe(`The request body is invalid: bucket: ${BUCKET_RULE.replace(/\.$/, '')}.`);
  });
});
