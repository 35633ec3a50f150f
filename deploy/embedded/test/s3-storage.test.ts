import { createS3Storage, type S3Storage } from '@pressroom/storage';
import { startTestS3Server, TEST_S3_CREDENTIALS, type TestS3Server } from '@pressroom/testing/s3';
import { waitFor } from '@pressroom/testing';
import { ALLOWED_HOST, QUADRANTS, decode, near, problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';
import { recordInto, type Received } from './webhook-support.js';

const RED: [number, number, number] = [255, 0, 0];
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The whole stack on S3 storage (a local s3rver), result URLs presigned, and an account
 * whose renders are also copied to its own bucket (a second s3rver).
 */
describe('S3 storage, presigned URLs and custom storage (memory+pglite)', () => {
  let stack: TestStack;
  let store: TestS3Server;
  let customer: TestS3Server;
  let customerBucket: S3Storage;
  let receiver: Awaited<ReturnType<typeof startPageServer>>;
  const received: Received[] = [];
  let key: string;

  beforeAll(async () => {
    store = await startTestS3Server({ buckets: ['renders'] });
    customer = await startTestS3Server({ buckets: ['customer'] });
    customerBucket = createS3Storage({
      endpoint: customer.endpoint,
      region: 'us-east-1',
      bucket: 'customer',
      forcePathStyle: true,
      credentials: TEST_S3_CREDENTIALS,
    });
    receiver = await startPageServer({ '/hook': recordInto(received, 200) });
    stack = await startTestStack('memory+pglite', {
      storage: 's3',
      s3: { endpoint: store.endpoint, region: 'us-east-1', bucket: 'renders', forcePathStyle: true, credentials: TEST_S3_CREDENTIALS },
      publicUrls: { presignSeconds: 600 },
      // The local S3 servers listen on 127.0.0.1: the development allow-list admits them, as an operator would for MinIO.
      allowPrivateHosts: [`${ALLOWED_HOST}/32`, '127.0.0.1/32'],
      secretKey: 's3-storage-test-server-key-0123456789',
      webhooks: { retryScheduleMs: [200, 200, 200, 200, 200], timeoutMs: 2_000, pollMs: 40 },
    });
    ({ key } = await stack.newAccount());
    const subscribed = await stack.api('/webhook-subscriptions', {
      method: 'POST',
      key,
      json: { event: 'render.completed', targetUrl: receiver.url('/hook') },
    });
    expect(subscribed.status).toBe(201);
  });
  afterAll(async () => {
    await stack?.dispose();
    await receiver?.close();
    await customerBucket?.close();
    await customer?.close().catch(() => {});
    await store?.close();
  });

  const completedEventOf = (id: string) =>
    waitFor(() => {
      const hit = received.map((r) => JSON.parse(r.raw.toString()) as { data: Record<string, unknown> }).find((e) => e.data.imageId === id);
      return hit?.data;
    }, `render.completed of ${id}`);

  it('renders to S3, answers a presigned URL, serves Range requests, copies to custom storage, and deletes from both', async () => {
    const saved = await stack.api('/custom-storage', {
      method: 'PUT',
      key,
      json: { endpoint: customer.endpoint, bucket: 'customer', forcePathStyle: true, prefix: 'pressroom/', ...TEST_S3_CREDENTIALS },
    });
    expect(saved.status).toBe(200);

    const res = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 400, height: 300 } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; url: string; userStorageUrl?: string; userStorageError?: string };
    const storageKey = `renders/${body.id}.png`;

    // The result URL is the store's own, presigned: clients download without the gateway.
    expect(body.url.startsWith(`${store.endpoint}/renders/${storageKey}?`)).toBe(true);
    expect(body.url).toMatch(/X-Amz-Signature=/);
    const image = await decode(body.url);
    expect([image.width, image.height]).toEqual([400, 300]);
    expect(near(image.pixel(20, 20), RED, 30)).toBe(true);

    // The gateway's /files/ URL keeps working, streamed from S3, with ranges.
    const files = `${stack.baseUrl}/files/${storageKey}`;
    const head = await fetch(files, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const size = Number(head.headers.get('content-length'));
    expect(size).toBeGreaterThan(100);
    const probe = await fetch(files, { headers: { Range: 'bytes=0-7' } });
    expect(probe.status).toBe(206);
    expect(probe.headers.get('content-range')).toBe(`bytes 0-7/${size}`);
    expect(Buffer.from(await probe.arrayBuffer()).equals(PNG_SIGNATURE)).toBe(true);
    const presignedRange = await fetch(body.url, { headers: { Range: 'bytes=0-7' } });
    expect(presignedRange.status).toBe(206);
    expect(Buffer.from(await presignedRange.arrayBuffer()).equals(PNG_SIGNATURE)).toBe(true);
    const past = await fetch(files, { headers: { Range: `bytes=${size}-` } });
    expect(past.status).toBe(416);
    expect((await problemOf(past)).detail).toMatch(/starts past the end/);

    // The copy in the account's own bucket, byte for byte, and its URL everywhere the contract names it.
    expect(body.userStorageUrl).toBe(`${customer.endpoint}/customer/pressroom/${storageKey}`);
    expect(body.userStorageError).toBeUndefined();
    const copy = await customerBucket.get(`pressroom/${storageKey}`);
    const original = Buffer.from(await (await fetch(body.url)).arrayBuffer());
    expect(copy?.contentType).toBe('image/png');
    expect(copy?.bytes.equals(original)).toBe(true);
    const event = await completedEventOf(body.id);
    expect(event.userStorageUrl).toBe(body.userStorageUrl);
    expect(event.url).toBe(body.url);
    const detail = (await (await stack.api(`/renders/${body.id}`, { key })).json()) as { render: Record<string, unknown> };
    expect(detail.render.userStorageUrl).toBe(body.userStorageUrl);
    const list = (await (await stack.api('/image?limit=5', { key })).json()) as { images?: Record<string, unknown>[]; data?: unknown };
    expect(JSON.stringify(list)).toContain(body.userStorageUrl!);

    // Deleting the render deletes its file from every store.
    const deleted = await stack.api(`/renders/${body.id}`, { method: 'DELETE', key });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ id: body.id, deleted: true });
    await expect(stack.storage.head(storageKey)).resolves.toBeNull();
    await expect(customerBucket.head(`pressroom/${storageKey}`)).resolves.toBeNull();
    expect((await stack.api(`/renders/${body.id}`, { key })).status).toBe(404);
    expect((await fetch(files)).status).toBe(404);
  });

  it('answers GET /renders/{id}/file from S3 as an attachment, the bytes of the presigned URL (the dashboard’s Download)', async () => {
    const res = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 40, height: 30 } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; url: string };
    const file = await stack.api(`/renders/${body.id}/file`, { key });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${body.id}.png"; filename*=UTF-8''${body.id}.png`);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(bytes.equals(Buffer.from(await (await fetch(body.url)).arrayBuffer()))).toBe(true);
  });

  it('reports a failed copy (the custom bucket went away) without failing the render', async () => {
    const { key: other } = await stack.newAccount();
    const subscribed = await stack.api('/webhook-subscriptions', {
      method: 'POST',
      key: other,
      json: { event: 'render.completed', targetUrl: receiver.url('/hook') },
    });
    expect(subscribed.status).toBe(201);
    const gone = await startTestS3Server({ buckets: ['soon-gone'] });
    const saved = await stack.api('/custom-storage', {
      method: 'PUT',
      key: other,
      json: { endpoint: gone.endpoint, bucket: 'soon-gone', forcePathStyle: true, ...TEST_S3_CREDENTIALS },
    });
    expect(saved.status).toBe(200);
    await gone.close();

    const res = await stack.api('/image', { method: 'POST', key: other, json: { html: QUADRANTS, width: 200, height: 100 } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; url: string; userStorageUrl?: string; userStorageError?: string };
    expect(body.userStorageUrl).toBeUndefined();
    expect(body.userStorageError).toMatch(
      /^copy to custom storage failed: nothing answers at 127\.0\.0\.1:\d+ \(the connection was refused\)/,
    );
    expect((await decode(body.url)).width).toBe(200);
    // Receivers get exactly the contract's fields: no userStorageUrl (the failure is in the API's answer and the settings).
    const event = await completedEventOf(body.id);
    expect(event.userStorageUrl).toBeUndefined();
    expect(Object.keys(event).sort()).toEqual(
      ['type', 'source', 'imageId', 'url', 'width', 'height', 'templateId', 'userId', 'renderedAt'].sort(),
    );
    const settings = (await (await stack.api('/custom-storage', { key: other })).json()) as { customStorage: { lastError: string } };
    expect(settings.customStorage.lastError).toBe(body.userStorageError);
  });
});
