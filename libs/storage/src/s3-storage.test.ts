import { startSilentServer, startTestS3Server, TEST_S3_CREDENTIALS, type TestS3Server } from '@pressroom/testing/s3';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createS3Storage, describeS3Error, createStorage } from './index.js';

describe('S3 storage', () => {
  let server: TestS3Server;

  beforeAll(async () => {
    server = await startTestS3Server({ buckets: ['renders'] });
  });
  afterAll(async () => {
    await server.close();
  });

  const open = (overrides: Partial<Parameters<typeof createS3Storage>[0]> = {}) =>
    createS3Storage({
      endpoint: server.endpoint,
      region: 'us-east-1',
      bucket: 'renders',
      forcePathStyle: true,
      credentials: TEST_S3_CREDENTIALS,
      ...overrides,
    });

  it('presigns a GET URL that serves the object to anyone holding it, and only until it expires', async () => {
    const storage = open();
    try {
      await storage.put('renders/img_signed.png', Buffer.from('signed bytes'), 'image/png');
      const url = await storage.presign('renders/img_signed.png', 60);
      expect(url).toMatch(/X-Amz-Signature=/);
      const res = await fetch(url!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(await res.text()).toBe('signed bytes');
      const tampered = url!.replace(/X-Amz-Signature=[0-9a-f]{4}/, 'X-Amz-Signature=0000');
      expect((await fetch(tampered)).status).toBe(403);
    } finally {
      await storage.close();
    }
  });

  it('keeps every key under the prefix', async () => {
    const tenant = open({ prefix: 'tenants/acme/' });
    const root = open();
    try {
      await tenant.put('renders/img_prefixed.png', Buffer.from('x'), 'image/png');
      expect((await root.get('tenants/acme/renders/img_prefixed.png'))?.bytes.toString()).toBe('x');
      await expect(root.head('renders/img_prefixed.png')).resolves.toBeNull();
    } finally {
      await tenant.close();
      await root.close();
    }
  });

  it('reports a store that refuses writes (wrong credentials) with a reason', async () => {
    const storage = open({ credentials: { accessKeyId: 'NOPE', secretAccessKey: 'wrong' } });
    try {
      const err = await storage.put('renders/img_refused.png', Buffer.from('x'), 'image/png').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(describeS3Error(err)).toMatch(/InvalidAccessKeyId \(HTTP 403\)/);
      // Readiness says why (for /readyz and its log line), never with the secret.
      const check = await storage.check();
      expect(check).toEqual({ ok: false, reason: expect.stringMatching(/^bucket renders: InvalidAccessKeyId \(HTTP 403\)/) });
      expect(JSON.stringify(check)).not.toContain('wrong');
    } finally {
      await storage.close();
    }
  });

  it('reports a missing bucket instead of treating it as a missing object', async () => {
    const storage = open({ bucket: 'no-such-bucket' });
    try {
      const err = await storage.get('renders/img_x.png').catch((e: unknown) => e);
      expect(describeS3Error(err)).toMatch(/NoSuchBucket/);
    } finally {
      await storage.close();
    }
  });

  it('gives up on an endpoint that never answers within the request timeout', async () => {
    const silent = await startSilentServer();
    const storage = createS3Storage({
      endpoint: silent.endpoint,
      region: 'us-east-1',
      bucket: 'renders',
      forcePathStyle: true,
      credentials: TEST_S3_CREDENTIALS,
      requestTimeoutMs: 300,
    });
    try {
      const err = await storage.put('renders/img_slow.png', Buffer.from('x'), 'image/png').catch((e: unknown) => e);
      expect(describeS3Error(err)).toMatch(/did not answer in time/);
    } finally {
      await storage.close();
      await silent.close();
    }
  });

  it('says in plain words that nothing listens at the endpoint, or that what answers is no S3 store', async () => {
    // A port nobody listens on: bound, then released.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    // A web server, not a store: it answers every request with its HTML "not found" page.
    const web = createServer((_req, res) =>
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><head><meta charset="utf-8"></head><body>Not here</body></html>'),
    );
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const at = (endpoint: string) =>
      createS3Storage({ endpoint, region: 'us-east-1', bucket: 'renders', forcePathStyle: true, credentials: TEST_S3_CREDENTIALS });
    const refused = at(`http://127.0.0.1:${port}`);
    const page = at(`http://127.0.0.1:${(web.address() as AddressInfo).port}`);
    try {
      const noOne = await refused.put('renders/img_x.png', Buffer.from('x'), 'image/png').catch((e: unknown) => e);
      expect(describeS3Error(noOne)).toBe(
        `nothing answers at 127.0.0.1:${port} (the connection was refused): check the endpoint's host and port`,
      );
      const notS3 = await page.put('renders/img_x.png', Buffer.from('x'), 'image/png').catch((e: unknown) => e);
      expect(describeS3Error(notS3)).toBe(
        'the endpoint answered, but not as an S3 store does (its answer is not S3 XML): check the endpoint URL',
      );
    } finally {
      await refused.close();
      await page.close();
      await new Promise((resolve) => web.close(resolve));
    }
  });

  it('is unhealthy when its bucket does not exist, although the endpoint and credentials work', async () => {
    const missing = open({ bucket: 'no-such-bucket-here' });
    const present = open();
    try {
      await expect(present.check()).resolves.toEqual({ ok: true });
      await expect(missing.check()).resolves.toEqual({
        ok: false,
        reason: expect.stringMatching(/^bucket no-such-bucket-here: NoSuchBucket/),
      });
    } finally {
      await missing.close();
      await present.close();
    }
  });

  it('is what createStorage opens for kind s3, and explains a missing bucket setting', async () => {
    const storage = await createStorage({
      kind: 's3',
      dir: '/unused',
      bucket: 'unused',
      s3: { endpoint: server.endpoint, region: 'us-east-1', bucket: 'renders', forcePathStyle: true, credentials: TEST_S3_CREDENTIALS },
    });
    expect(storage.kind).toBe('s3');
    await expect(storage.check()).resolves.toEqual({ ok: true });
    await storage.close();
    await expect(createStorage({ kind: 's3', dir: '/unused', bucket: 'unused' })).rejects.toThrow(/PRESSROOM_S3_BUCKET/);
  });
});
