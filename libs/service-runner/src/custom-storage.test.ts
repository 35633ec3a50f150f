import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBus } from '@pressroom/bus';
import {
  createAccount,
  createSecretBox,
  deleteCustomStorage,
  getCustomStorageView,
  openDatabase,
  recordCustomStorageOutcome,
  saveCustomStorage,
  type Db,
} from '@pressroom/db';
import { createSsrfGuard } from '@pressroom/ssrf';
import { createS3Storage, type S3Storage } from '@pressroom/storage';
import { createLogger } from '@pressroom/telemetry';
import { startTestS3Server, TEST_S3_CREDENTIALS, type TestS3Server } from '@pressroom/testing/s3';
import { createCustomStorageCopies } from './custom-storage.js';
import { createOwnerCaches } from './owner-caches.js';

/**
 * A TCP front for the S3 server that resets the first `failFirst` connections, then forwards:
 * a store that is briefly unreachable (the SDK's own second attempt fails too).
 */
async function startFlakyFront(target: number, failFirst: number) {
  let seen = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    seen += 1;
    if (seen <= failFirst) {
      socket.resetAndDestroy();
      return;
    }
    const upstream = connect(target, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => seen,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('custom storage copies', () => {
  const logger = createLogger({ service: 'custom-storage-test', level: 'silent' });
  const secretBox = createSecretBox('custom-storage-test-key-0123456789abcdef');
  let s3: TestS3Server;
  let bucket: S3Storage;
  let db: Db;
  let dir: string;

  beforeAll(async () => {
    s3 = await startTestS3Server({ buckets: ['customer'] });
    bucket = createS3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'customer',
      forcePathStyle: true,
      credentials: TEST_S3_CREDENTIALS,
    });
    db = await openDatabase({});
    dir = await mkdtemp(join(tmpdir(), 'custom-storage-test-'));
  }, 120_000);
  afterAll(async () => {
    await bucket.close();
    await s3.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  async function ownerWithBucket(endpoint: string): Promise<string> {
    const owner = await createAccount(db, { name: `custom-storage-${randomBytes(6).toString('hex')}` });
    await saveCustomStorage(db, secretBox, {
      ownerId: owner.id,
      endpoint,
      region: 'us-east-1',
      bucket: 'customer',
      forcePathStyle: true,
      prefix: '',
      publicBaseUrl: null,
      ...TEST_S3_CREDENTIALS,
    });
    return owner.id;
  }

  const copies = (retryDelayMs: number) =>
    createCustomStorageCopies({ db, secretBox, guard: createSsrfGuard({ allowPrivateHosts: ['127.0.0.1'] }), logger, retryDelayMs });

  it('retries a failed copy once after a short delay, streaming the file again, and records no failure', async () => {
    // Two resets: the SDK's own two attempts of the first try; our retry then goes through.
    const front = await startFlakyFront(s3.port, 2);
    try {
      const ownerId = await ownerWithBucket(front.endpoint);
      const contents = randomBytes(64 * 1024);
      const path = join(dir, 'render.gif');
      await writeFile(path, contents);
      const outcome = await copies(50).copy({ ownerId, key: 'renders/gif_retry.gif', body: { path }, contentType: 'image/gif' });
      expect(outcome).toEqual({ url: `${front.endpoint}/customer/renders/gif_retry.gif` });
      expect(front.connections()).toBeGreaterThanOrEqual(3);
      const stored = await bucket.get('renders/gif_retry.gif');
      expect(stored?.contentType).toBe('image/gif');
      expect(stored!.bytes.equals(contents)).toBe(true);
      expect((await getCustomStorageView(db, ownerId))?.lastError ?? null).toBeNull();
    } finally {
      await front.close();
    }
  });

  it('reports a copy that fails again on its retry, with the reason', async () => {
    const front = await startFlakyFront(s3.port, Number.POSITIVE_INFINITY);
    try {
      const ownerId = await ownerWithBucket(front.endpoint);
      const outcome = await copies(50).copy({ ownerId, key: 'renders/img_down.png', body: Buffer.from('x'), contentType: 'image/png' });
      expect(outcome).toMatchObject({ error: expect.stringMatching(/^copy to custom storage failed: .*(ECONNRESET|socket hang up)/) });
      // Two tries of the SDK's two attempts each.
      expect(front.connections()).toBe(4);
      expect((await getCustomStorageView(db, ownerId))?.lastError).toMatch(/copy to custom storage failed/);
    } finally {
      await front.close();
    }
  });

  it('does not retry an endpoint the SSRF guard refuses', async () => {
    const ownerId = await ownerWithBucket('http://10.1.2.3:9000');
    // The retry delay is longer than the test's timeout: a retry would fail the test.
    const outcome = await copies(60_000).copy({
      ownerId,
      key: 'renders/img_blocked.png',
      body: Buffer.from('x'),
      contentType: 'image/png',
    });
    expect(outcome).toMatchObject({ error: expect.stringMatching(/^copy to custom storage failed: /) });
  });

  it('with the owner caches: reads the settings once, writes a success only to clear a failure, and follows a change at once', async () => {
    const bus = await createBus({ namespace: `custom-storage-${randomBytes(4).toString('hex')}`, logger });
    const owners = createOwnerCaches({ bus, logger });
    try {
      const ownerId = await ownerWithBucket(s3.endpoint);
      const cached = createCustomStorageCopies({
        db,
        secretBox,
        guard: createSsrfGuard({ allowPrivateHosts: ['127.0.0.1'] }),
        logger,
        owners,
      });
      const copy = (key: string) => cached.copy({ ownerId, key, body: Buffer.from(key), contentType: 'text/plain' });
      const read = async (key: string) => (await bucket.get(key))?.bytes.toString();

      expect(await copy('renders/one.txt')).toEqual({ url: `${s3.endpoint}/customer/renders/one.txt` });
      expect(owners.customStorage.size).toBe(1);
      // A failure written by someone else meanwhile is not seen until the cache is dropped ...
      await recordCustomStorageOutcome(db, { ownerId, error: 'old failure', at: new Date() });
      expect(await copy('renders/two.txt')).toMatchObject({ url: expect.any(String) });
      expect((await getCustomStorageView(db, ownerId))?.lastError).toBe('old failure');
      // ... and once dropped, the next success clears it.
      await owners.changed(ownerId, ['custom-storage']);
      expect(await copy('renders/three.txt')).toMatchObject({ url: expect.any(String) });
      expect((await getCustomStorageView(db, ownerId))?.lastError ?? null).toBeNull();
      expect(await read('renders/three.txt')).toBe('renders/three.txt');

      // DELETE /custom-storage drops the settings: the next render copies nowhere.
      await deleteCustomStorage(db, ownerId);
      await owners.changed(ownerId, ['custom-storage']);
      expect(await copy('renders/four.txt')).toBeNull();
      expect(await bucket.get('renders/four.txt')).toBeNull();
    } finally {
      await bus.close();
    }
  });
});
