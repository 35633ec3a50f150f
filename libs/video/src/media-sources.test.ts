// Timeline media fetched through the real SSRF guard from a loopback server, probed with the
// compositor's ffprobe, streamed to disk and cached by ETag.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProblemError, type FieldError } from '@pressroom/problem';
import { createSsrfGuard } from '@pressroom/ssrf';
import { makeTestMedia } from '@pressroom/testing/media';
import { createMediaCache, type MediaCache } from './media-cache.js';
import { fetchMediaSources, startMediaServer, type MediaServer } from './media-sources.js';
import { checkTimelineProject, type ResolvedTimeline } from './timeline-project.js';

/** A timeline playing each source as a video clip, one after the other. */
function timeline(...sources: string[]): ResolvedTimeline {
  const checked = checkTimelineProject({
    width: 64,
    height: 36,
    fps: 10,
    tracks: [{ clips: sources.map((src, i) => ({ type: 'video', src, from: i * 5, durationInFrames: 5 })) }],
  });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.project;
}

async function refusal(promise: Promise<unknown>): Promise<FieldError[]> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProblemError);
  expect((error as ProblemError).slug).toBe('invalid-media');
  return (error as ProblemError).errors ?? [];
}

describe('fetchMediaSources', () => {
  let root: string;
  let server: Server;
  let origin: string;
  let media: MediaServer;
  let clip: Buffer;
  let etag = '"v1"';
  const counts = { gets: 0, notModified: 0, endlessSent: 0 };
  const guard = createSsrfGuard({ allowPrivateHosts: ['127.0.0.1/32'] });

  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/clip.mp4': (req, res) => {
      if (req.headers['if-none-match'] === etag) {
        counts.notModified++;
        return void res.writeHead(304, { etag }).end();
      }
      if (req.method === 'GET') counts.gets++;
      res
        .writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length, etag })
        .end(req.method === 'HEAD' ? undefined : clip);
    },
    // No Content-Length on HEAD or GET, and a body that never ends (2 GB and more): chunked, as fast as it is taken.
    '/endless.mp4': (req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      if (req.method === 'HEAD') return void res.end();
      const chunk = Buffer.alloc(64 * 1024, 7);
      const pump = () => {
        while (!res.destroyed) {
          counts.endlessSent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      pump();
    },
    '/to-private.mp4': (_req, res) => res.writeHead(302, { location: 'http://10.0.0.1/clip.mp4' }).end(),
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'pressroom-media-sources-'));
    ({ video: clip } = await makeTestMedia({ dir: root, width: 64, height: 36, colours: ['#ff0000'] }));
    server = createServer((req, res) => (routes[req.url ?? ''] ?? ((_q, r: ServerResponse) => r.writeHead(404).end()))(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    media = await startMediaServer();
  }, 120_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await media?.close();
    await rm(root, { recursive: true, force: true });
  });

  const jobDir = () => mkdtemp(join(root, 'job-'));
  const options = (dir: string, extra: { maxBytes?: number; cache?: MediaCache } = {}) => ({
    guard,
    dir,
    server: media,
    maxBytes: extra.maxBytes ?? 50 * 1024 * 1024,
    timeoutMs: 60_000,
    fieldOf: (path: string) => `projectJson.${path}`,
    ...(extra.cache ? { cache: extra.cache } : {}),
  });

  it('cuts a source with no Content-Length that never ends at the cap, while streaming it to disk, and refuses it with invalid-media', async () => {
    const dir = await jobDir();
    const maxBytes = 96 * 1024 * 1024;
    counts.endlessSent = 0;
    const before = process.memoryUsage();
    let peak = 0;
    let onDisk = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.arrayBuffers - before.arrayBuffers + (now.heapUsed - before.heapUsed));
      for (const name of readdirSync(dir)) onDisk = Math.max(onDisk, statSync(join(dir, name), { throwIfNoEntry: false })?.size ?? 0);
    }, 5);
    let errors: FieldError[];
    try {
      errors = await refusal(fetchMediaSources(timeline(`${origin}/endless.mp4`), options(dir, { maxBytes })));
    } finally {
      clearInterval(sampler);
    }
    expect(errors).toEqual([
      { field: 'projectJson.tracks.0.clips.0.src', message: 'The source is larger than 96 MB (the download was stopped).' },
    ]);
    // Streamed to the file while it came: the partial file grew during the download (a buffering fetch writes
    // nothing before the end), and memory never held the whole cap (buffered, it would be all 96 MB at once;
    // what it did hold is garbage of passed chunks, collected when the engine gets to it).
    expect(onDisk).toBeGreaterThan(maxBytes / 4);
    expect(peak).toBeLessThan(maxBytes);
    // The connection was dropped at the cap (socket buffers aside), and the partial file removed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(counts.endlessSent).toBeGreaterThan(maxBytes);
    expect(counts.endlessSent).toBeLessThan(maxBytes + 32 * 1024 * 1024);
    expect(await readdir(dir)).toEqual([]);
  }, 120_000);

  it('refuses a source that redirects to a private address, before connecting to it', async () => {
    const errors = await refusal(fetchMediaSources(timeline(`${origin}/to-private.mp4`), options(await jobDir())));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/^The source is not allowed: .*10\.0\.0\.1/);
  });

  it('serves a fetched source from loopback; with a cache, a second job revalidates by ETag (304: no download, no probe)', async () => {
    const cache = await createMediaCache({ parentDir: root, maxBytes: 10 * 1024 * 1024 });
    try {
      counts.gets = 0;
      counts.notModified = 0;
      etag = '"v1"';
      const first = await fetchMediaSources(timeline(`${origin}/clip.mp4`, `${origin}/clip.mp4`), options(await jobDir(), { cache }));
      expect(first.urls).toHaveLength(1);
      const served = (first.project.tracks[0]!.clips[0] as { src: string }).src;
      expect(served).toBe(first.urls[0]);
      expect(Buffer.from(await (await fetch(served)).arrayBuffer())).toEqual(clip);
      expect(counts).toMatchObject({ gets: 1, notModified: 0 });
      expect(cache.bytes).toBe(clip.length);

      const second = await fetchMediaSources(timeline(`${origin}/clip.mp4`), options(await jobDir(), { cache }));
      expect(counts).toMatchObject({ gets: 1, notModified: 1 });
      expect(Buffer.from(await (await fetch(second.urls[0]!)).arrayBuffer())).toEqual(clip);

      // The source changed: its new version is downloaded and replaces the cached one.
      etag = '"v2"';
      const third = await fetchMediaSources(timeline(`${origin}/clip.mp4`), options(await jobDir(), { cache }));
      expect(counts).toMatchObject({ gets: 2, notModified: 1 });
      expect(cache.bytes).toBe(clip.length);
      for (const job of [first, second, third]) await job.release();
      // Released: the served URLs are gone.
      expect((await fetch(first.urls[0]!)).status).toBe(404);
    } finally {
      await cache.close();
    }
  }, 120_000);

  it('keeps the cache under its size: the least recently used file no job uses is deleted first', async () => {
    const cache = await createMediaCache({ parentDir: root, maxBytes: clip.length + 10 });
    try {
      const file = async (name: string) => {
        const { writeFile } = await import('node:fs/promises');
        const path = join(root, name);
        await writeFile(path, clip);
        return path;
      };
      const common = { size: clip.length, streams: { video: true, audio: true }, etag: '"x"', lastModified: null, cacheControl: null };
      const a = await cache.admit({ ...common, url: 'http://a.test/a.mp4', path: await file('a') });
      expect(a).not.toBeNull();
      // In use: a second file does not fit and is not kept (it stays the caller's).
      expect(await cache.admit({ ...common, url: 'http://b.test/b.mp4', path: await file('b') })).toBeNull();
      await cache.release(a!);
      const b = await cache.admit({ ...common, url: 'http://b.test/b.mp4', path: await file('b2') });
      expect(b).not.toBeNull();
      expect(cache.acquire('http://a.test/a.mp4')).toBeUndefined();
      expect(cache.bytes).toBe(clip.length);
      // No validator or no-store: never kept.
      expect(await cache.admit({ ...common, etag: null, url: 'http://c.test/c.mp4', path: await file('c') })).toBeNull();
      expect(await cache.admit({ ...common, cacheControl: 'no-store', url: 'http://c.test/c.mp4', path: await file('c') })).toBeNull();
      await cache.release(b!);
    } finally {
      await cache.close();
    }
  });
});
