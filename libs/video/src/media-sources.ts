import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { ProblemError, type FieldError } from '@pressroom/problem';
import { BlockedUrlError, GuardedFetchError, UnresolvableHostError, type GuardedStreamResponse, type SsrfGuard } from '@pressroom/ssrf';
import type { CachedMedia, MediaStreams } from './media-cache.js';
import type { MediaCache } from './media-cache.js';
import { mediaSources, type ResolvedTimeline } from './timeline-project.js';

const run = promisify(execFile);

/** Downloaded media kept per process between jobs (revalidated on every use). */
export const DEFAULT_MEDIA_CACHE_BYTES = 1024 * 1024 * 1024;

/** Largest video or audio source fetched for a timeline (refused by its Content-Length before any download, cut at it while downloading). */
export const DEFAULT_MEDIA_MAX_BYTES = 200 * 1024 * 1024;

/** The ffprobe Remotion's compositor package ships (the machine has no system ffmpeg). */
function compositorDir(): string {
  const fromRenderer = createRequire(createRequire(import.meta.url).resolve('@remotion/renderer'));
  return dirname(fromRenderer.resolve(`@remotion/compositor-${process.platform}-${process.arch}-gnu/package.json`));
}

/** The kinds of stream a file holds, or null when ffprobe cannot read it as media at all. */
async function streamsOf(path: string): Promise<MediaStreams | null> {
  const dir = compositorDir();
  try {
    const { stdout } = await run(
      join(dir, 'ffprobe'),
      ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name', '-of', 'json', path],
      {
        env: { ...process.env, LD_LIBRARY_PATH: dir },
        timeout: 20_000,
      },
    );
    const streams = (JSON.parse(stdout) as { streams?: Array<{ codec_type?: string; codec_name?: string }> }).streams ?? [];
    // A still image probes as one "video" stream (png, mjpeg…): it is not a video.
    const stills = new Set(['png', 'mjpeg', 'jpeg', 'bmp', 'gif', 'webp', 'tiff', 'svg']);
    return {
      video: streams.some((s) => s.codec_type === 'video' && !stills.has(String(s.codec_name))),
      audio: streams.some((s) => s.codec_type === 'audio'),
    };
  } catch {
    return null;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/**
 * Loopback HTTP server for the media of running jobs: Remotion's compositor (OffthreadVideo
 * frames) and audio mixer read sources from Node, not through Chromium's egress proxy, so
 * sources are fetched by us through the SSRF guard first and only ever served from here.
 */
export interface MediaServer {
  readonly port: number;
  /** A URL for a local file, valid until `forget`. */
  serve(path: string, contentType: string): string;
  forget(url: string): void;
  close(): Promise<void>;
}

export async function startMediaServer(): Promise<MediaServer> {
  const files = new Map<string, { path: string; contentType: string }>();
  const server: Server = createServer((req, res) => {
    const file = files.get((req.url ?? '').split('?')[0]!.slice(1));
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end();
      return;
    }
    stat(file.path).then(
      (info) => {
        res.writeHead(200, { 'content-type': file.contentType, 'content-length': info.size, 'accept-ranges': 'none' });
        if (req.method === 'HEAD') res.end();
        else {
          const body = createReadStream(file.path).on('error', () => res.destroy());
          // pipe() leaves the file open when the response closes first (Chromium cancels media reads).
          res.on('close', () => body.destroy());
          body.pipe(res);
        }
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    serve(path, contentType) {
      const token = `${randomUUID()}/${path.split('/').pop()}`;
      files.set(token, { path, contentType });
      return `http://127.0.0.1:${port}/${token}`;
    },
    forget(url) {
      files.delete(url.slice(`http://127.0.0.1:${port}/`.length));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface FetchMediaOptions {
  guard: SsrfGuard;
  dir: string;
  server: MediaServer;
  maxBytes: number;
  timeoutMs: number;
  /** Where a source came from, for the error's field (`projectJson.<path>` or `variables.<name>`). */
  fieldOf: (path: string) => string;
  /** Downloads kept between jobs, revalidated by ETag / Last-Modified (none: every job downloads). */
  cache?: MediaCache;
}

/** A source ready for the job: its file, what it holds, and the cache entry to release after the job. */
type Fetched = { path: string; streams: MediaStreams | null; cached: CachedMedia | null } | { error: string };

/** Streams a guarded response to `path`; the cap is enforced while the bytes flow (never buffered). */
async function saveBody(body: Readable, path: string): Promise<number> {
  const file = createWriteStream(path);
  try {
    await pipeline(body, file);
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return file.bytesWritten;
}

/**
 * Fetch every video and audio source of a project through the SSRF guard: the address is checked
 * (and every redirect hop), a HEAD's Content-Length over `maxBytes` is refused before any download,
 * the download is streamed to the job's directory and cut at `maxBytes` as it flows (for servers
 * that do not tell, or lie), and the file must probe as the media its clip plays. With a `cache`,
 * a source downloaded before is revalidated instead (a 304 reuses the file and its probe). All
 * failures together are one 422 `invalid-media` with an error per source. Returns the project
 * with each source replaced by its loopback URL, those URLs (to forget afterwards) and `release`
 * (call it when the job is over: cached files in use are not evicted).
 */
export async function fetchMediaSources(
  project: ResolvedTimeline,
  options: FetchMediaOptions,
): Promise<{ project: ResolvedTimeline; urls: string[]; release: () => Promise<void> }> {
  const sources = mediaSources(project);
  if (sources.length === 0) return { project, urls: [], release: async () => undefined };
  const errors: FieldError[] = [];
  const local = new Map<string, string>();
  const urls: string[] = [];
  const fetched = new Map<string, Promise<Fetched>>();
  const { cache } = options;
  const request = { maxBytes: options.maxBytes, timeoutMs: options.timeoutMs };

  const downloadTo = async (url: string, res: GuardedStreamResponse): Promise<Fetched> => {
    const path = join(options.dir, `media-${fetched.size}-${randomUUID()}`);
    const size = await saveBody(res.body, path);
    const streams = await streamsOf(path);
    const cached =
      cache && streams
        ? await cache.admit({
            url,
            path,
            size,
            streams,
            etag: res.headers.get('etag'),
            lastModified: res.headers.get('last-modified'),
            cacheControl: res.headers.get('cache-control'),
          })
        : null;
    return cached ? { path: cached.path, streams, cached } : { path, streams, cached: null };
  };

  const download = async (url: string): Promise<Fetched> => {
    let previous = cache?.acquire(url);
    try {
      await options.guard.check(url);
      if (previous) {
        // Revalidate: a 304 costs one round trip, no download and no probe.
        const headers: Record<string, string> = {};
        if (previous.etag) headers['if-none-match'] = previous.etag;
        if (previous.lastModified) headers['if-modified-since'] = previous.lastModified;
        const res = await options.guard.stream(url, { ...request, headers });
        if (res.status === 304) {
          res.body.destroy();
          return { path: previous.path, streams: previous.streams, cached: previous };
        }
        const stale = previous;
        previous = undefined;
        await cache!.release(stale);
        if (!res.ok) {
          res.body.destroy();
          return { error: `The source answered HTTP ${res.status}.` };
        }
        return await downloadTo(url, res);
      }
      const head = await options.guard.fetch(url, { method: 'HEAD', maxBytes: 64 * 1024, timeoutMs: options.timeoutMs }).catch(() => null);
      const declared = Number(head?.headers.get('content-length') ?? NaN);
      if (head && head.ok && Number.isFinite(declared) && declared > options.maxBytes)
        return {
          error: `The source is ${megabytes(declared)}; at most ${megabytes(options.maxBytes)} is accepted (refused before download).`,
        };
      const res = await options.guard.stream(url, request);
      if (!res.ok) {
        res.body.destroy();
        return { error: `The source answered HTTP ${res.status}.` };
      }
      return await downloadTo(url, res);
    } catch (error) {
      if (previous) await cache!.release(previous);
      if (error instanceof BlockedUrlError || error instanceof UnresolvableHostError)
        return { error: `The source is not allowed: ${error.detail}` };
      if (error instanceof GuardedFetchError)
        return {
          error:
            error.code === 'too-large'
              ? `The source is larger than ${megabytes(options.maxBytes)} (the download was stopped).`
              : `The source could not be fetched: ${error.detail}`,
        };
      throw error;
    }
  };
  const release = async () => {
    for (const url of urls) options.server.forget(url);
    for (const pending of fetched.values()) {
      const result = await pending.catch(() => null);
      if (result && 'cached' in result && result.cached) await cache?.release(result.cached);
    }
  };

  for (const source of sources) {
    let pending = fetched.get(source.url);
    if (!pending) {
      pending = download(source.url);
      fetched.set(source.url, pending);
    }
    const result = await pending.catch(async (error: unknown) => {
      await release();
      throw error;
    });
    if ('error' in result) {
      errors.push({ field: options.fieldOf(source.path), message: result.error });
      continue;
    }
    const { streams } = result;
    if (!streams || (source.kind === 'video' && !streams.video)) {
      errors.push({ field: options.fieldOf(source.path), message: 'The source is not a video (no video stream could be read from it).' });
      continue;
    }
    if (source.kind === 'audio' && !streams.audio) {
      errors.push({ field: options.fieldOf(source.path), message: 'The source has no audio stream.' });
      continue;
    }
    if (!local.has(source.url)) {
      const served = options.server.serve(result.path, source.kind === 'video' ? 'video/mp4' : 'audio/mpeg');
      local.set(source.url, served);
      urls.push(served);
    }
  }
  if (errors.length > 0) {
    await release();
    throw new ProblemError('invalid-media', {
      detail: `Media sources cannot be used: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`.slice(0, 2_000),
      errors,
    });
  }
  const swap = (url: string) => local.get(url) ?? url;
  return {
    project: {
      ...project,
      tracks: project.tracks.map((track) => ({
        clips: track.clips.map((clip) => (clip.type === 'video' || clip.type === 'audio' ? { ...clip, src: swap(clip.src) } : clip)),
      })),
      ...(project.soundtrack ? { soundtrack: { ...project.soundtrack, src: swap(project.soundtrack.src) } } : {}),
    },
    urls,
    release,
  };
}
