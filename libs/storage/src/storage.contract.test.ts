import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { writeFile } from 'node:fs/promises';
import { TEST_NATS_URL, uniqueNamespace } from '@pressroom/testing';
import { startTestS3Server, TEST_S3_CREDENTIALS } from '@pressroom/testing/s3';
import { createDiskStorage, createNatsObjectStorage, createS3Storage, type Storage } from './index.js';
import { SYNC_WRITE_MAX_BYTES } from './disk-storage.js';
import { readAll } from './streams.js';

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
  {
    name: 's3',
    async open() {
      const server = await startTestS3Server({ buckets: ['renders'] });
      const storage = createS3Storage({
        endpoint: server.endpoint,
        region: 'us-east-1',
        bucket: 'renders',
        forcePathStyle: true,
        credentials: TEST_S3_CREDENTIALS,
      });
      return {
        storage,
        async cleanup() {
          await storage.close();
          await server.close();
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
    'rejects the unsafe key %j on put, get, delete, head and open',
    async (key) => {
      await expect(storage.put(key, Buffer.from('evil'), 'text/plain')).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.head(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.open(key)).rejects.toThrow(/unsafe storage key/);
    },
  );

  it('streams a put from a stream of unknown length and from a file, and reads it back as a stream', async () => {
    // 6 MiB crosses an S3 multipart boundary (5 MiB parts); the chunks arrive one by one like an encoder's output.
    const bytes = randomBytes(6 * 1024 * 1024 + 123);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536));
    await storage.put('renders/vid_stream.mp4', Readable.from(chunks), 'video/mp4');
    const object = await storage.open('renders/vid_stream.mp4');
    expect(object?.size).toBe(bytes.length);
    expect(object?.contentType).toBe('video/mp4');
    expect((await readAll(object!.body)).equals(bytes)).toBe(true);

    const dir = await mkdtemp(join(tmpdir(), 'pressroom-put-file-'));
    try {
      const small = randomBytes(70_000);
      await writeFile(join(dir, 'a.gif'), small);
      await storage.put('renders/gif_file.gif', { path: join(dir, 'a.gif') }, 'image/gif');
      expect((await storage.get('renders/gif_file.gif'))?.bytes.equals(small)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads byte ranges: the first bytes, the middle and the tail', async () => {
    const bytes = randomBytes(300_000);
    await storage.put('renders/img_range.png', bytes, 'image/png');
    for (const range of [
      { start: 0, end: 1 },
      { start: 1000, end: 250_000 },
      { start: 299_990, end: 299_999 },
    ]) {
      const object = await storage.open('renders/img_range.png', range);
      expect(object?.size).toBe(bytes.length);
      expect((await readAll(object!.body)).equals(bytes.subarray(range.start, range.end + 1))).toBe(true);
    }
  });

  /** The ETag `open` reports; its body is released unread (a handle left to the GC is an error on Node 26). */
  const openedEtag = async (key: string) => {
    const object = await storage.open(key);
    object?.body.destroy();
    return object?.etag;
  };

  it('heads: size, content type and an ETag that changes with the bytes', async () => {
    await expect(storage.head('renders/never_written.png')).resolves.toBeNull();
    await expect(storage.open('renders/never_written.png')).resolves.toBeNull();
    await storage.put('renders/img_head.png', Buffer.from('first'), 'image/png');
    const first = await storage.head('renders/img_head.png');
    expect(first).toMatchObject({ size: 5, contentType: 'image/png' });
    expect(first!.etag).toMatch(/^"[^"]+"$/);
    expect(await openedEtag('renders/img_head.png')).toBe(first!.etag);
    await storage.put('renders/img_head.png', Buffer.from('second'), 'image/png');
    const second = await storage.head('renders/img_head.png');
    expect(second?.size).toBe(6);
    expect(second!.etag).not.toBe(first!.etag);
    // Replaced at once by bytes of the same size: still a new ETag.
    await storage.put('renders/img_head.png', Buffer.from('SECOND'), 'image/png');
    const third = await storage.head('renders/img_head.png');
    expect(third?.size).toBe(6);
    expect(third!.etag).not.toBe(second!.etag);
    expect(await openedEtag('renders/img_head.png')).toBe(third!.etag);
  });

  it('is healthy', async () => {
    await expect(storage.check()).resolves.toEqual({ ok: true });
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

// Without fsync, bytes in memory up to SYNC_WRITE_MAX_BYTES take the in-place path (synchronous calls): both ways keep the same rules.
describe.each([{ fsync: true }, { fsync: false }])('disk storage on the file system (fsync: $fsync)', ({ fsync }) => {
  let dir: string;
  let root: string;
  let storage: Storage;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressroom-disk-'));
    root = join(dir, 'store');
    storage = await createDiskStorage({ dir: root, fsync });
  });
  afterAll(async () => {
    await storage.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lays out plain files, a sidecar only where the extension does not name the type, and no temp files', async () => {
    await storage.put('renders/img_layout.png', Buffer.from('png bytes'), 'image/png');
    await storage.put('renders/img_layout.png', Buffer.from('png bytes 2'), 'image/png');
    await storage.put('renders/img_layout.bin', Buffer.from('bytes'), 'image/png');
    await storage.put('renders/img_stream.bin', Readable.from([Buffer.from('streamed')]), 'application/x-stream');
    expect((await readdir(join(root, 'renders'))).sort()).toEqual([
      'img_layout.bin',
      'img_layout.bin~meta.json',
      'img_layout.png',
      'img_stream.bin',
      'img_stream.bin~meta.json',
    ]);
    expect((await storage.head('renders/img_layout.bin'))?.contentType).toBe('image/png');
    expect((await storage.head('renders/img_stream.bin'))?.contentType).toBe('application/x-stream');
  });

  it('drops an earlier sidecar when a put of the same key takes the type its extension names', async () => {
    await storage.put('renders/img_retyped.png', Buffer.from('first'), 'application/octet-stream');
    expect((await storage.head('renders/img_retyped.png'))?.contentType).toBe('application/octet-stream');
    await storage.put('renders/img_retyped.png', Buffer.from('second'), 'image/png');
    expect(await storage.get('renders/img_retyped.png')).toEqual({ bytes: Buffer.from('second'), contentType: 'image/png' });
    await storage.put('renders/img_retyped.png', Readable.from([Buffer.from('third')]), 'text/plain');
    await storage.put('renders/img_retyped.png', Readable.from([Buffer.from('fourth')]), 'image/png');
    expect(await storage.get('renders/img_retyped.png')).toEqual({ bytes: Buffer.from('fourth'), contentType: 'image/png' });
    expect((await readdir(join(root, 'renders'))).filter((name) => name.startsWith('img_retyped'))).toEqual(['img_retyped.png']);
  });

  it('lets two storages on one directory write the same keys at once (temp names never collide)', async () => {
    const other = await createDiskStorage({ dir: root, fsync });
    const keys = Array.from({ length: 20 }, (_, i) => `renders/img_shared_${i % 5}.png`);
    await Promise.all(
      keys.flatMap((key, i) => [storage.put(key, Buffer.from(`a${i}`), 'image/png'), other.put(key, Buffer.from(`b${i}`), 'image/png')]),
    );
    for (const key of new Set(keys)) expect((await storage.get(key))?.bytes.toString()).toMatch(/^[ab]\d+$/);
    expect((await readdir(join(root, 'renders'))).filter((name) => name.includes('~tmp-'))).toEqual([]);
  });

  it('writes into a directory removed since its last write (made again), bytes and streams alike', async () => {
    await storage.put('gone/a.txt', Buffer.from('first'), 'text/plain');
    await rm(join(root, 'gone'), { recursive: true, force: true });
    await storage.put('gone/b.txt', Buffer.from('second'), 'text/plain');
    expect((await storage.get('gone/b.txt'))?.bytes.toString()).toBe('second');
    await rm(join(root, 'gone'), { recursive: true, force: true });
    // A spent stream cannot be written again: this write fails, the next one makes the directory.
    await expect(storage.put('gone/c.txt', Readable.from([Buffer.from('third')]), 'text/plain')).rejects.toThrow(/ENOENT/);
    await storage.put('gone/c.txt', Readable.from([Buffer.from('third')]), 'text/plain');
    expect((await storage.get('gone/c.txt'))?.bytes.toString()).toBe('third');
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

  // Above SYNC_WRITE_MAX_BYTES bytes go through libuv's pool; at or below it and without fsync, in place (ADR 0055).
  it.each([
    { name: 'large', sizes: [3 * 1024 * 1024 + 17, 2 * 1024 * 1024 + 5] },
    { name: 'small', sizes: [64 * 1024 + 3, SYNC_WRITE_MAX_BYTES] },
  ])('renames $name bytes in whole: readers see the old or the new file, failures leave no temp file', async ({ name, sizes }) => {
    const [a, b] = [Buffer.alloc(sizes[0]!, 0xaa), Buffer.alloc(sizes[1]!, 0xbb)];
    const key = `renders/img_whole_${name}.png`;
    await storage.put(key, a, 'image/png');
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 20; i++) await storage.put(key, i % 2 ? a : b, 'image/png');
      writing = false;
    })();
    while (writing) {
      const got = await storage.get(key);
      expect(got!.bytes.equals(a) || got!.bytes.equals(b)).toBe(true);
      expect(got!.contentType).toBe('image/png');
    }
    await writer;
    expect((await storage.get(key))?.bytes.equals(a)).toBe(true);
    // The rename fails (a non-empty directory holds the name): the error surfaces and the temp file goes.
    await mkdir(join(root, `renders/img_taken_${name}.png/inside`), { recursive: true });
    await expect(storage.put(`renders/img_taken_${name}.png`, a, 'image/png')).rejects.toThrow();
    expect((await readdir(join(root, 'renders'))).filter((file) => file.includes('~tmp-'))).toEqual([]);
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

  it('keeps the digest ETag of an object whose sidecar has one (written before ETags came from the file)', async () => {
    await storage.put('renders/img_digest.png', Buffer.from('old'), 'image/png');
    const digest = 'ab'.repeat(32);
    await writeFile(join(root, 'renders', 'img_digest.png~meta.json'), JSON.stringify({ contentType: 'image/png', sha256: digest }));
    expect((await storage.head('renders/img_digest.png'))?.etag).toBe(`"${digest}"`);
  });

  it('keeps the old object and its type when a put fails part-way, and leaves no temp file', async () => {
    await storage.put('renders/img_kept.png', Buffer.from('old bytes'), 'application/octet-stream');
    const failing = () =>
      new Readable({
        read() {
          this.push(Buffer.from('half'));
          this.destroy(new Error('source failed'));
        },
      });
    await expect(storage.put('renders/img_kept.png', failing(), 'image/png')).rejects.toThrow('source failed');
    await expect(storage.put('renders/img_kept.png', failing(), 'text/plain')).rejects.toThrow('source failed');
    expect(await storage.get('renders/img_kept.png')).toEqual({ bytes: Buffer.from('old bytes'), contentType: 'application/octet-stream' });
    expect((await readdir(join(root, 'renders'))).filter((name) => name.startsWith('img_kept'))).toEqual([
      'img_kept.png',
      'img_kept.png~meta.json',
    ]);
  });

  it('falls back to the extension when a sidecar is lost', async () => {
    await storage.put('renders/img_lost.pdf', Buffer.from('%PDF-'), 'application/x-pdf');
    await rm(join(root, 'renders', 'img_lost.pdf~meta.json'));
    expect((await storage.get('renders/img_lost.pdf'))?.contentType).toBe('application/pdf');
  });
});
