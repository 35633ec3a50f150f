import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ProblemError, type FieldError } from '@pressroom/problem';
import { BlockedUrlError, GuardedFetchError, UnresolvableHostError, type SsrfGuard } from '@pressroom/ssrf';
import { mediaSources, type ResolvedTimeline } from './timeline-project.js';

const run = promisify(execFile);

/** Largest video or audio source fetched for a timeline (refused by its Content-Length before any download). */
export const DEFAULT_MEDIA_MAX_BYTES = 200 * 1024 * 1024;

/** The ffprobe Remotion's compositor package ships (the machine has no system ffmpeg). */
function compositorDir(): string {
  const fromRenderer = createRequire(createRequire(import.meta.url).resolve('@remotion/renderer'));
  return dirname(fromRenderer.resolve(`@remotion/compositor-${process.platform}-${process.arch}-gnu/package.json`));
}

/** The kinds of stream a file holds, or null when ffprobe cannot read it as media at all. */
async function streamsOf(path: string): Promise<{ video: boolean; audio: boolean } | null> {
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
        else
          createReadStream(file.path)
            .on('error', () => res.destroy())
            .pipe(res);
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
}

/**
 * Fetch every video and audio source of a project through the SSRF guard: the address is checked,
 * a HEAD's Content-Length over `maxBytes` is refused before any download (and the download is
 * capped anyway, for servers that do not tell), and the file must probe as the media its clip
 * plays. All failures together are one 422 `invalid-media` with an error per source. Returns the
 * project with each source replaced by its loopback URL, and those URLs (to forget afterwards).
 */
export async function fetchMediaSources(
  project: ResolvedTimeline,
  options: FetchMediaOptions,
): Promise<{ project: ResolvedTimeline; urls: string[] }> {
  const sources = mediaSources(project);
  if (sources.length === 0) return { project, urls: [] };
  const errors: FieldError[] = [];
  const local = new Map<string, string>();
  const urls: string[] = [];
  const fetched = new Map<string, Promise<{ path: string } | { error: string }>>();

  const download = async (url: string): Promise<{ path: string } | { error: string }> => {
    try {
      await options.guard.check(url);
      const head = await options.guard.fetch(url, { method: 'HEAD', maxBytes: 64 * 1024, timeoutMs: options.timeoutMs }).catch(() => null);
      const declared = Number(head?.headers.get('content-length') ?? NaN);
      if (head && head.ok && Number.isFinite(declared) && declared > options.maxBytes)
        return {
          error: `The source is ${megabytes(declared)}; at most ${megabytes(options.maxBytes)} is accepted (refused before download).`,
        };
      const res = await options.guard.fetch(url, { maxBytes: options.maxBytes, timeoutMs: options.timeoutMs });
      if (!res.ok) return { error: `The source answered HTTP ${res.status}.` };
      const path = join(options.dir, `media-${fetched.size}-${randomUUID()}`);
      await writeFile(path, res.body);
      return { path };
    } catch (error) {
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

  for (const source of sources) {
    let pending = fetched.get(source.url);
    if (!pending) {
      pending = download(source.url);
      fetched.set(source.url, pending);
    }
    const result = await pending;
    if ('error' in result) {
      errors.push({ field: options.fieldOf(source.path), message: result.error });
      continue;
    }
    const streams = await streamsOf(result.path);
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
    for (const url of urls) options.server.forget(url);
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
  };
}
