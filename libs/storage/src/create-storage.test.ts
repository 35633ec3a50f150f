import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_NATS_URL, uniqueNamespace } from '@pressroom/testing';
import { createNatsObjectStorage, createStorage, natsBucketName } from './index.js';

describe('createStorage', () => {
  it('opens the disk backend in the given directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pressroom-factory-'));
    try {
      const storage = await createStorage({ kind: 'disk', dir: join(dir, 'files'), bucket: 'ignored' });
      expect(storage.kind).toBe('disk');
      await storage.put('renders/a.txt', Buffer.from('a'), 'text/plain');
      expect((await stat(join(dir, 'files', 'renders', 'a.txt'))).size).toBe(1);
      await expect(storage.check()).resolves.toEqual({ ok: true });
      // A volume gone from under the process: readiness names the directory and the error.
      await rm(join(dir, 'files'), { recursive: true });
      await expect(storage.check()).resolves.toEqual({
        ok: false,
        reason: `the files directory cannot be read and written: ENOENT: no such file or directory, access '${join(dir, 'files')}'`,
      });
      await storage.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers public URLs under a CDN base URL, or null (the gateway serves /files/) when none is configured', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pressroom-factory-'));
    try {
      const plain = await createStorage({ kind: 'disk', dir, bucket: 'ignored' });
      await expect(plain.publicUrl('renders/img_a.png')).resolves.toBeNull();
      const cdn = await createStorage({ kind: 'disk', dir, bucket: 'ignored', publicUrls: { baseUrl: 'https://cdn.example.com/files/' } });
      await expect(cdn.publicUrl('renders/img_a.png')).resolves.toBe('https://cdn.example.com/files/renders/img_a.png');
      await expect(cdn.publicUrl('../etc/passwd')).rejects.toThrow(/unsafe storage key/);
      // The wrapper is still the backend underneath.
      await cdn.put('renders/img_a.png', Buffer.from('a'), 'image/png');
      expect((await plain.get('renders/img_a.png'))?.bytes.toString()).toBe('a');
      // Disk cannot presign: the gateway's URL is used.
      const presigned = await createStorage({ kind: 'disk', dir, bucket: 'ignored', publicUrls: { presignSeconds: 60 } });
      await expect(presigned.publicUrl('renders/img_a.png')).resolves.toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('explains that nats needs a URL', async () => {
    await expect(createStorage({ kind: 'nats', dir: '/unused', bucket: 'renders' })).rejects.toThrow(
      /'nats' needs a NATS URL \(set NATS_URL\)/,
    );
  });

  it('opens the nats backend in a namespaced bucket, and close() closes its connection', async () => {
    const namespace = uniqueNamespace();
    const storage = await createStorage({ kind: 'nats', dir: '/unused', natsUrl: TEST_NATS_URL, bucket: 'renders', namespace });
    expect(storage.kind).toBe('nats-object-store');
    expect((storage as { bucketName?: string }).bucketName).toBe(`${namespace}-renders`);
    await (storage as unknown as { destroy(): Promise<void> }).destroy();
    await storage.close();
    await expect(storage.check()).resolves.toEqual({ ok: false, reason: 'the connection to NATS is closed' });
  });
});

describe('NATS bucket names', () => {
  it('prefixes the namespace', () => {
    expect(natsBucketName({ bucket: 'renders' })).toBe('renders');
    expect(natsBucketName({ bucket: 'renders', namespace: 'staging' })).toBe('staging-renders');
  });

  it('rejects names the object store cannot hold, before connecting', async () => {
    await expect(createNatsObjectStorage({ url: TEST_NATS_URL, bucket: 'renders', namespace: 'a.b' })).rejects.toThrow(
      /invalid NATS object store bucket "a.b-renders"/,
    );
  });

  it('reports an unreachable server', async () => {
    await expect(createNatsObjectStorage({ url: 'nats://127.0.0.1:1', bucket: 'renders' })).rejects.toThrow();
  });
});
