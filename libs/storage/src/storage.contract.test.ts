import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { TEST_NATS_URL, uniqueNamespace } from '@pressroom/testing';
import { createDiskStorage, createNatsObjectStorage, type Storage } from './index.js';

interface Backend {
  name: string;
  open(): Promise<{ storage: Storage; cleanup(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'disk',
    async open() {
      const dir = await mkdtemp(join(tmpdir(), 'pressroom-storage-'));
      const storage = await createDiskStorage({ dir });
      return { storage, cleanup: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'nats',
    async open() {
      const storage = await createNatsObjectStorage({ url: TEST_NATS_URL, bucket: 'renders', namespace: uniqueNamespace() });
      return {
        storage,
        async cleanup() {
          await storage.destroy();
          await storage.close();
        },
      };
    },
  },
];

describe.each(backends)('$name storage contract', (backend) => {
  let storage: Storage;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ storage, cleanup } = await backend.open());
  });
  afterAll(async () => {
    await cleanup();
  });

  it('round-trips a 500 KB buffer byte for byte with its content type', async () => {
    const bytes = randomBytes(500 * 1024);
    await storage.put('renders/img_roundtrip.png', bytes, 'image/png');
    const got = await storage.get('renders/img_roundtrip.png');
    expect(got?.contentType).toBe('image/png');
    expect(got?.bytes.length).toBe(bytes.length);
    expect(got?.bytes.equals(bytes)).toBe(true);
  });

  it('round-trips an empty object and deeply nested keys', async () => {
    await storage.put('renders/2026/01/empty.bin', Buffer.alloc(0), 'application/octet-stream');
    const got = await storage.get('renders/2026/01/empty.bin');
    expect(got?.bytes.length).toBe(0);
    expect(got?.contentType).toBe('application/octet-stream');
  });

  it('overwrites: the second put wins, bytes and content type', async () => {
    const first = randomBytes(200 * 1024);
    const second = randomBytes(50 * 1024);
    await storage.put('renders/img_over.png', first, 'image/png');
    await storage.put('renders/img_over.png', second, 'image/webp');
    const got = await storage.get('renders/img_over.png');
    expect(got?.contentType).toBe('image/webp');
    expect(got?.bytes.equals(second)).toBe(true);
  });

  it('returns null for a missing key', async () => {
    await expect(storage.get('renders/never_written.png')).resolves.toBeNull();
  });

  it('deletes, and deleting a missing key is not an error', async () => {
    await storage.put('renders/img_del.png', randomBytes(1000), 'image/png');
    await storage.put('renders/img_keep.png', Buffer.from('keep'), 'text/plain');
    await storage.delete('renders/img_del.png');
    await expect(storage.get('renders/img_del.png')).resolves.toBeNull();
    await expect(storage.delete('renders/img_del.png')).resolves.toBeUndefined();
    await expect(storage.delete('renders/never_written.png')).resolves.toBeUndefined();
    expect((await storage.get('renders/img_keep.png'))?.bytes.toString()).toBe('keep');
  });

  it('can write a key again after deleting it', async () => {
    await storage.put('renders/img_again.png', Buffer.from('one'), 'text/plain');
    await storage.delete('renders/img_again.png');
    await storage.put('renders/img_again.png', Buffer.from('two'), 'text/csv');
    const got = await storage.get('renders/img_again.png');
    expect(got?.bytes.toString()).toBe('two');
    expect(got?.contentType).toBe('text/csv');
  });

  it.each(['../x', '/abs', 'a//b', 'renders/../../etc/passwd', 'a/./b', '', 'a\\b', 'x\u0000y', 'img.png~meta.json'])(
    'rejects the unsafe key %j on put, get and delete',
    async (key) => {
      await expect(storage.put(key, Buffer.from('evil'), 'text/plain')).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/unsafe storage key/);
    },
  );

  it('is healthy', async () => {
    await expect(storage.healthy()).resolves.toBe(true);
  });

  it('keeps concurrent puts of different keys apart', async () => {
    const objects = Array.from({ length: 8 }, (_, i) => ({
      key: `renders/concurrent_${i}.bin`,
      bytes: randomBytes(64 * 1024 + i),
      contentType: `application/x-test-${i}`,
    }));
    await Promise.all(objects.map((o) => storage.put(o.key, o.bytes, o.contentType)));
    const got = await Promise.all(objects.map((o) => storage.get(o.key)));
    got.forEach((g, i) => {
      expect(g?.contentType).toBe(objects[i]!.contentType);
      expect(g?.bytes.equals(objects[i]!.bytes)).toBe(true);
    });
  });
});

describe('disk storage on the file system', () => {
  let dir: string;
  let root: string;
  let storage: Storage;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressroom-disk-'));
    root = join(dir, 'store');
    storage = await createDiskStorage({ dir: root });
  });
  afterAll(async () => {
    await storage.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lays out plain files with a sidecar and leaves no temp files behind', async () => {
    await storage.put('renders/img_layout.png', Buffer.from('png bytes'), 'image/png');
    await storage.put('renders/img_layout.png', Buffer.from('png bytes 2'), 'image/png');
    expect((await readdir(join(root, 'renders'))).sort()).toEqual(['img_layout.png', 'img_layout.png~meta.json']);
  });

  it('never lets a key write outside its directory', async () => {
    await expect(storage.put('../escaped.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
    expect(await readdir(dir)).toEqual(['store']);
    expect(await readdir(dirname(dir))).not.toContain('escaped.txt');
  });

  it('shows readers the old or the new object during overwrites, never a torn one', async () => {
    const a = Buffer.alloc(4 * 1024 * 1024, 0xaa);
    const b = Buffer.alloc(3 * 1024 * 1024, 0xbb);
    await storage.put('renders/img_race.bin', a, 'application/x-a');
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 30; i++) await storage.put('renders/img_race.bin', i % 2 ? a : b, i % 2 ? 'application/x-a' : 'application/x-b');
      writing = false;
    })();
    let reads = 0;
    while (writing) {
      const got = await storage.get('renders/img_race.bin');
      reads++;
      expect(got).not.toBeNull();
      expect(got!.bytes.equals(a) || got!.bytes.equals(b)).toBe(true);
    }
    await writer;
    expect(reads).toBeGreaterThan(5);
  });

  it("treats a key that is another key's directory as missing", async () => {
    await storage.put('renders/nest/leaf.png', Buffer.from('leaf'), 'image/png');
    await expect(storage.get('renders/nest')).resolves.toBeNull();
    await expect(storage.get('renders/nest/leaf.png/deeper')).resolves.toBeNull();
    await expect(storage.put('renders/nest', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(storage.put('renders/nest/leaf.png/deeper', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(storage.get('renders/nest')).resolves.toBeNull();
    expect((await storage.get('renders/nest/leaf.png'))?.bytes.toString()).toBe('leaf');
  });

  it('falls back to the extension when a sidecar is lost', async () => {
    await storage.put('renders/img_lost.pdf', Buffer.from('%PDF-'), 'application/pdf');
    await rm(join(root, 'renders', 'img_lost.pdf~meta.json'));
    expect((await storage.get('renders/img_lost.pdf'))?.contentType).toBe('application/pdf');
  });
});
