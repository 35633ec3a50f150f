import { randomUUID } from 'node:crypto';
import { access, chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { VideoTemplateSource } from '@pressroom/contracts';
import { BASE_FLAGS, startEgressProxy, type EgressProxy } from '@pressroom/browser';
import { freePort } from '@pressroom/ports';
import { describeFieldErrors, ProblemError } from '@pressroom/problem';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { Logger } from '@pressroom/telemetry';
import { checkCodeTemplate } from './code-template.js';
import { killStragglers, startJobProcess, type JobOutcome, type JobProcess, type RenderJob, type SceneLog } from './job-process.js';
import { renderBundle } from './render-bundle.js';
import { createMediaCache } from './media-cache.js';
import {
  DEFAULT_MEDIA_CACHE_BYTES,
  DEFAULT_MEDIA_MAX_BYTES,
  fetchMediaSources,
  startMediaServer,
  type MediaServer,
} from './media-sources.js';
import { bindTimelineVariables, type ResolvedTimeline } from './timeline-project.js';

export interface VideoRendererOptions {
  /** Debian's chromium-headless-shell; never a download. */
  browserExecutable: string;
  /** Per-job directories (TMPDIR of the job, Chromium profile, launcher, output), removed after each job. */
  workDir: string;
  /** Where the render bundle is cached (default: a directory under the system temp dir). */
  bundleCacheDir?: string;
  /** Watchdog of every job: a render or still that outlives it is killed (`render-timeout`). */
  timeoutMs: number;
  /** Every request the scene makes goes through this guard (the same egress proxy the image pool uses). */
  guard: SsrfGuard;
  logger?: Logger;
  /** Jobs run at once (default 1: one render already keeps two cores busy); the rest wait in order. */
  concurrency?: number;
  /** Largest video/audio source of a timeline (default 200 MB; refused by Content-Length before download). */
  mediaMaxBytes?: number;
  /** Time-out of fetching one media source (default 60 s). */
  mediaTimeoutMs?: number;
  /**
   * Downloaded media kept between jobs, revalidated by ETag / Last-Modified on every use (default
   * 1 GiB under `workDir`; 0: every job downloads and probes its media again).
   */
  mediaCacheBytes?: number;
}

export type VideoFormat = 'mp4' | 'gif' | 'webm';

/** A font a timeline's text may name by family; `url` is a data: URL (nothing to fetch). */
export interface TimelineFont {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  url: string;
}

export interface RenderVideoInput {
  source: VideoTemplateSource;
  variables: Record<string, unknown>;
  format: VideoFormat;
  /** Timelines: fonts (the owner's, from the asset library) loaded by family before the first frame. */
  fonts?: TimelineFont[];
  /** Aborting kills the job (or takes it out of the queue) and rejects with `VideoRenderAbortedError`. */
  signal?: AbortSignal;
  /** This job's log (the scene's console, failures); default: the renderer's. */
  logger?: Logger;
}

export interface RenderStillInput {
  source: VideoTemplateSource;
  variables: Record<string, unknown>;
  /** Clamped to the last frame. */
  frame: number;
  signal?: AbortSignal;
  logger?: Logger;
}

export interface RenderedVideo {
  /**
   * The finished file, moved out of the job's directory into `workDir` so it survives the job's
   * cleanup: the caller streams it to storage and must delete it (a video is never read whole
   * into memory).
   */
  path: string;
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  format: VideoFormat;
  /** A PNG of the poster frame (timelines: `posterFrame`, default the middle frame), beside `path`; the caller deletes it too. */
  posterPath: string;
  posterFrame: number;
}

export interface RenderedStill {
  bytes: Buffer;
  width: number;
  height: number;
  frame: number;
}

/**
 * Errors: input failures are `ProblemError`s the render worker turns into final 4xx-like
 * failures: `template-compile-error`, `validation-error` (timeline project), `render-failed`
 * (the scene threw or failed to load; the detail names the scene's error), `render-timeout`
 * (the watchdog). `VideoRenderAbortedError` when the caller's signal aborted. Anything else
 * (a plain Error: the browser did not start, the job process died) is ours, and retried.
 */
export interface VideoRenderer {
  render(input: RenderVideoInput): Promise<RenderedVideo>;
  still(input: RenderStillInput): Promise<RenderedStill>;
  /** Jobs waiting or running. */
  readonly pending: number;
  /** Waits for running and queued jobs, then stops the egress proxy. */
  close(): Promise<void>;
}

/** The caller aborted the render (its `signal`); `cause` is the signal's reason. */
export class VideoRenderAbortedError extends Error {
  override readonly name = 'AbortError';
  constructor(cause: unknown) {
    super('The video render was aborted.', { cause });
  }
}

/** Remotion's codec per output format: H.264 (+AAC) in MP4, VP9 (+Opus) in WebM. */
const CODECS = { mp4: 'h264', gif: 'gif', webm: 'vp9' } as const;

/** Remotion refuses a smaller `timeoutInMilliseconds`. */
const REMOTION_MIN_TIMEOUT_MS = 7_000;

/** The contract's GIF rules: timelines at most 15 fps and 720 px wide; code templates at half their frame rate. */
export const GIF_RULES = { timelineMaxFps: 15, timelineMaxWidth: 720, codeFrameStep: 2 } as const;

type Composition = { width: number; height: number; fps: number; durationInFrames: number };
type JobBase = { dir: string; serveUrl: string; port: number; browserExecutable: string; timeoutMs: number };

/** Waits for a promise unless the signal aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new VideoRenderAbortedError(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new VideoRenderAbortedError(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

interface Plan {
  compositionId: 'code' | 'timeline';
  inputProps: Record<string, unknown>;
  meta: { width: number; height: number; fps: number; durationInFrames: number };
  /** A timeline's resolved project and where each bound value came from (media are fetched per job). */
  timeline?: { project: ResolvedTimeline; boundAt: Map<string, string> };
}

/** GIF frame step and scale for a composition (MP4: every frame, full size). */
export function gifSettings(kind: 'code' | 'timeline', meta: { width: number; fps: number }): { everyNthFrame: number; scale: number } {
  if (kind === 'code') return { everyNthFrame: GIF_RULES.codeFrameStep, scale: 1 };
  return {
    everyNthFrame: Math.max(1, Math.ceil(meta.fps / GIF_RULES.timelineMaxFps)),
    scale: Math.min(1, GIF_RULES.timelineMaxWidth / meta.width),
  };
}

/**
 * Remotion launches Chromium itself, with its own flags, among them `--no-proxy-server
 * --proxy-bypass-list=*`. A launcher script drops every proxy flag Remotion passes and appends
 * ours, so every request leaves through the egress proxy (SSRF guard after DNS, on every hop)
 * except the bundle server's own port on loopback; `<-loopback>` removes Chromium's implicit bypass.
 */
async function writeLauncher(options: {
  dir: string;
  browserExecutable: string;
  proxy: EgressProxy;
  servePort: number;
  mediaPort: number | null;
}): Promise<string> {
  const path = join(options.dir, 'chromium-guarded.sh');
  // The media server only serves files we fetched through the guard ourselves (src/media-sources.ts).
  const media = options.mediaPort === null ? '' : `;127.0.0.1:${options.mediaPort}`;
  const bypass = `<-loopback>;localhost:${options.servePort};127.0.0.1:${options.servePort}${media}`;
  const flags = [
    ...BASE_FLAGS.filter((flag) => !flag.startsWith('--proxy')),
    `--proxy-server=${options.proxy.address}`,
    `--proxy-bypass-list=${bypass}`,
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  ];
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  const script = [
    '#!/bin/sh',
    "# Generated by @pressroom/video: Remotion's arguments without its proxy settings, then ours.",
    'for arg do',
    '  shift',
    '  case "$arg" in',
    '    --no-proxy-server|--proxy-server=*|--proxy-bypass-list=*|--proxy-pac-url=*|--proxy-auto-detect) ;;',
    '    *) set -- "$@" "$arg" ;;',
    '  esac',
    'done',
    `exec ${quote(options.browserExecutable)} "$@" ${flags.map(quote).join(' ')}`,
    '',
  ].join('\n');
  await writeFile(path, script);
  await chmod(path, 0o755);
  return path;
}

/** Composition, input props and size of a template source (a code template is compiled here, in milliseconds). */
async function planOf(source: VideoTemplateSource, variables: Record<string, unknown>, fonts: TimelineFont[] = []): Promise<Plan> {
  if (source.kind === 'code') {
    const checked = await checkCodeTemplate(source.tsx, { size: source.size });
    if (!checked.ok)
      throw new ProblemError('template-compile-error', {
        detail: `The code template does not compile: ${checked.errors.map((e) => e.message).join('; ')}`.slice(0, 2_000),
      });
    const { defaultProps, ...meta } = checked.meta;
    return {
      compositionId: 'code',
      inputProps: { code: checked.code, meta: checked.meta, props: { ...defaultProps, ...variables } },
      meta,
    };
  }
  const bound = bindTimelineVariables(source.projectJson, variables);
  if (!bound.ok) {
    // The project itself (saved before these checks existed) vs. a value a variable put in it.
    if (bound.errors.every((e) => e.field.startsWith('projectJson')))
      throw new ProblemError('validation-error', {
        detail: describeFieldErrors('The timeline project is invalid', bound.errors).slice(0, 2_000),
        errors: bound.errors,
      });
    throw new ProblemError('invalid-variable', {
      code: 'invalid_variable',
      detail: describeFieldErrors('The timeline does not render with these variables', bound.errors).slice(0, 2_000),
      errors: bound.errors,
    });
  }
  const { project } = bound;
  const meta = { width: project.width, height: project.height, fps: project.fps, durationInFrames: project.durationInFrames };
  // Only data: URLs: a font never makes the page fetch anything.
  const safeFonts = fonts.filter((font) => font.url.startsWith('data:'));
  return { compositionId: 'timeline', inputProps: { project, fonts: safeFonts }, meta, timeline: { project, boundAt: bound.boundAt } };
}

/** The first meaningful line of an error message. */
function firstLine(message: string): string {
  return (message.split('\n').find((line) => line.trim() !== '') ?? 'unknown error').trim().slice(0, 500);
}

/** A job's end, as what the caller gets: the job's answer, or a typed error. */
function settle(outcome: JobOutcome, timeoutMs: number): Composition {
  const timeout = () =>
    new ProblemError('render-timeout', {
      detail: `The video did not finish rendering within ${Math.round(timeoutMs / 1000)} s. Check for delayRender() calls that are never continued and for resources that never load.`,
    });
  switch (outcome.end) {
    case 'timeout':
      throw timeout();
    case 'aborted':
      throw new VideoRenderAbortedError(outcome.reason);
    case 'exit':
      throw new Error(
        `The video job process ended without an answer (${outcome.signal ?? `exit code ${outcome.code}`}): ${outcome.stderr.slice(-500)}`,
      );
    case 'message': {
      const { message } = outcome;
      if (message.type === 'done') return message.composition;
      if (message.phase === 'launch') throw new Error(`The video job could not start: ${message.error.message}`);
      // Remotion's own limit on delayRender() (the scene may set a shorter one) is a time-out too.
      if (/delayRender\(\).*not cleared after/.test(message.error.message))
        throw new ProblemError('render-timeout', { detail: `The scene did not finish loading: ${firstLine(message.error.message)}` });
      return throwSceneProblem(message.error.message);
    }
  }
}

function throwSceneProblem(message: string): never {
  throw new ProblemError('render-failed', { detail: `The scene failed while rendering: ${firstLine(message)}` });
}

/** How many times close tries to remove a job directory still there (with growing pauses: 250, 500, … ms). */
const CLOSE_REMOVAL_ROUNDS = 5;
/** How long after a job directory's removal it is looked at again (removeJobDir says why). */
const REAPPEARED_CHECK_MS = 2_000;

/** FIFO slots, of which a waiter can be taken out by its signal. */
function createSlots(size: number) {
  let free = size;
  const waiters: Array<{ wake: () => void }> = [];
  return {
    async acquire(signal?: AbortSignal): Promise<void> {
      if (free > 0 && waiters.length === 0) {
        free--;
        return;
      }
      await new Promise<void>((resolve, reject) => {
        const waiter = {
          wake: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          const at = waiters.indexOf(waiter);
          if (at >= 0) waiters.splice(at, 1);
          reject(new VideoRenderAbortedError(signal?.reason));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiters.push(waiter);
      });
    },
    release(): void {
      const next = waiters.shift();
      if (next) next.wake();
      else free++;
    },
  };
}

/** Move a job's output out of its directory (removed when the job ends), on the same file system. */
async function keepOutput(output: string, workDir: string): Promise<string> {
  const kept = join(workDir, `out-${randomUUID()}${extname(output)}`);
  await rename(output, kept);
  return kept;
}

/**
 * Renders video templates with Remotion on Debian's headless shell. Every job runs in its own
 * process and process group (worker/render-job.mjs) with its own directory under `workDir` as
 * TMPDIR (Remotion's frames, assets and Chromium profile land there), its own bundle-server port
 * and launcher, and a watchdog that kills the whole group after `timeoutMs`; the directory is
 * removed afterwards whatever happened. `concurrency` jobs run at once, the rest wait in order.
 */
export async function createVideoRenderer(options: VideoRendererOptions): Promise<VideoRenderer> {
  await mkdir(options.workDir, { recursive: true });
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  // Built in the background (seconds, once per version): the service starts at once and the first job waits for it.
  renderBundle(options.bundleCacheDir).catch((error: unknown) =>
    options.logger?.error({ err: error }, 'building the video render bundle failed; the next render retries'),
  );
  const proxy = await startEgressProxy({ guard: options.guard, ...(options.logger ? { logger: options.logger } : {}) });
  const slots = createSlots(concurrency);
  // Started on the first timeline with media, shared by all jobs.
  let mediaServer: Promise<MediaServer> | null = null;
  const media = () => (mediaServer ??= startMediaServer());
  const cacheBytes = options.mediaCacheBytes ?? DEFAULT_MEDIA_CACHE_BYTES;
  const mediaCache = cacheBytes > 0 ? await createMediaCache({ parentDir: options.workDir, maxBytes: cacheBytes }) : null;
  const running = new Set<Promise<unknown>>();
  let pending = 0;
  let closed = false;
  let closing: Promise<void> | null = null;

  /**
   * The next job's directory and process, forked while the current job runs: a job starts with
   * Remotion already imported (most of a second per render) instead of waiting for it. Still one
   * fresh process (and browser) per job, as before; only its start moved earlier.
   */
  type Prepared = { dir: string; process: JobProcess };
  let spare: Promise<Prepared> | null = null;
  /**
   * Every job directory this renderer made and has not removed yet, or removed less than
   * REAPPEARED_CHECK_MS ago or after close began (removeJobDir says why). A removal can fail (a killed
   * browser's last writes race `rm`, which then fails with ENOTEMPTY), and a spare can fail after its
   * directory was made: whatever path left one behind, close removes it, after another round of killing.
   */
  const jobDirs = new Set<string>();
  /**
   * This renderer's job directories are named `job-<prefix>…`, so close can also list the work directory for
   * them: one recreated after its last recheck (a browser that escaped its job's kill, late on a loaded
   * machine) is no longer in `jobDirs`, and would otherwise stay. Other renderers may share the work directory.
   */
  const prefix = `job-${randomUUID().slice(0, 8)}-`;
  const listedJobDirs = async (): Promise<string[]> =>
    (await readdir(options.workDir).catch(() => [] as string[]))
      .filter((name) => name.startsWith(prefix))
      .map((name) => join(options.workDir, name));
  const prepare = async (): Promise<Prepared> => {
    const dir = await mkdtemp(join(options.workDir, prefix));
    jobDirs.add(dir);
    const tmpDir = join(dir, 'tmp');
    await mkdir(tmpDir);
    return { dir, process: startJobProcess({ tmpDir }) };
  };
  /**
   * A browser the job's process was starting as it was killed can escape the straggler sweep (forked, its
   * command line not yet naming the directory) and create its profile in the directory again after rm: seen
   * in CI as a job directory left after close. So a removed directory stays listed (close removes what is
   * listed) and is looked at again after REAPPEARED_CHECK_MS; by then such a browser names it and is killed.
   */
  const rechecks = new Map<string, NodeJS.Timeout>();
  const recheckJobDir = async (dir: string): Promise<void> => {
    rechecks.delete(dir);
    if (
      !(await access(dir).then(
        () => true,
        () => false,
      ))
    ) {
      jobDirs.delete(dir);
      return;
    }
    options.logger?.warn({ dir }, 'a video job directory came back after its removal; removed again');
    await removeJobDir(dir);
  };
  /**
   * `final`: close's own sweep, after which the directory is forgotten. Any other removal keeps it listed:
   * looked at again after REAPPEARED_CHECK_MS while open, or swept once more by close (a job still running
   * when close began removes its directory after `closed` is set, and no recheck runs after close).
   */
  const removeJobDir = async (dir: string, { final = false } = {}): Promise<number> => {
    clearTimeout(rechecks.get(dir));
    rechecks.delete(dir);
    const killed = await killStragglers(dir);
    try {
      await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      if (final) jobDirs.delete(dir);
      else if (!closed) rechecks.set(dir, setTimeout(() => void recheckJobDir(dir), REAPPEARED_CHECK_MS).unref());
    } catch (error) {
      options.logger?.warn({ err: error, dir }, 'a video job directory could not be removed yet; retried on close');
    }
    return killed;
  };
  const discard = async (prepared: Prepared) => {
    await prepared.process.kill();
    await removeJobDir(prepared.dir);
  };
  /** The spare if it is still alive (else a fresh one), and a new spare forked for the job after this one. */
  const takePrepared = async (): Promise<Prepared> => {
    // Taken and replaced before any await: two jobs starting at once (concurrency > 1) never share a spare,
    // and no spare is overwritten unseen (its process and directory would be left behind).
    const taken = spare;
    spare = closed ? null : prepare();
    spare?.catch((error: unknown) =>
      options.logger?.warn({ err: error }, 'preparing the next video job failed; it will be forked when needed'),
    );
    const ready = taken ? await taken.catch(() => null) : null;
    if (ready?.process.alive) return ready;
    if (ready) await discard(ready);
    return prepare();
  };

  /**
   * One job: compiled or validated first (input errors fail at once, without queueing), then a
   * slot, a directory, the job process under the watchdog; the directory is removed in any case.
   */
  async function job<T>(
    input: {
      source: VideoTemplateSource;
      variables: Record<string, unknown>;
      fonts?: TimelineFont[] | undefined;
      signal?: AbortSignal | undefined;
      logger?: Logger | undefined;
    },
    spec: (plan: Plan, base: JobBase) => RenderJob,
    finish: (composition: Composition, job: RenderJob) => Promise<T>,
  ): Promise<T> {
    const { signal } = input;
    const logger = input.logger ?? options.logger;
    if (closed) throw new Error('the video renderer is closed');
    if (signal?.aborted) throw new VideoRenderAbortedError(signal.reason);
    pending++;
    const work = (async () => {
      const plan = await planOf(input.source, input.variables, input.fonts);
      await slots.acquire(signal);
      let dir: string | null = null;
      let jobProcess: JobProcess | null = null;
      let servedMedia: { server: MediaServer; release: () => Promise<void> } | null = null;
      try {
        const prepared = await takePrepared();
        ({ dir } = prepared);
        jobProcess = prepared.process;
        if (plan.timeline) {
          const { boundAt } = plan.timeline;
          const server = await media();
          const fetching = fetchMediaSources(plan.timeline.project, {
            guard: options.guard,
            dir,
            server,
            maxBytes: options.mediaMaxBytes ?? DEFAULT_MEDIA_MAX_BYTES,
            timeoutMs: options.mediaTimeoutMs ?? 60_000,
            fieldOf: (path) => (boundAt.has(path) ? `variables.${boundAt.get(path)}` : `projectJson.${path}`),
            ...(mediaCache ? { cache: mediaCache } : {}),
          });
          // Aborted while fetching: the fetch ends on its own; what it pinned in the cache is released then.
          servedMedia = {
            server,
            release: async () => {
              void fetching.then(
                (done) => done.release(),
                () => undefined,
              );
            },
          };
          const fetched = await untilAborted(fetching, signal);
          servedMedia = { server, release: fetched.release };
          plan.inputProps = { ...plan.inputProps, project: fetched.project };
        }
        const serveUrl = await untilAborted(renderBundle(options.bundleCacheDir), signal);
        const port = await freePort();
        const browserExecutable = await writeLauncher({
          dir,
          browserExecutable: options.browserExecutable,
          proxy,
          servePort: port,
          mediaPort: servedMedia ? servedMedia.server.port : null,
        });
        // Remotion's own limit (delayRender, page loads) must be at least 7 s; the watchdog is ours.
        const jobSpec = spec(plan, {
          dir,
          serveUrl,
          port,
          browserExecutable,
          timeoutMs: Math.max(REMOTION_MIN_TIMEOUT_MS, options.timeoutMs),
        });
        const started = Date.now();
        const onLog = (log: SceneLog) => logger?.info({ level: log.level, text: log.text }, 'scene console');
        const outcome = await jobProcess.run(jobSpec, { timeoutMs: options.timeoutMs, onLog, ...(signal ? { signal } : {}) });
        if (outcome.end !== 'message' || outcome.message.type !== 'done') {
          const failure =
            outcome.end === 'message' && outcome.message.type === 'error'
              ? { phase: outcome.message.phase, message: firstLine(outcome.message.error.message) }
              : {};
          logger?.warn(
            { end: outcome.end, ...failure, ms: Date.now() - started, stderr: outcome.stderr.slice(-2_000) },
            'video job failed',
          );
        }
        return await finish(settle(outcome, options.timeoutMs), jobSpec);
      } finally {
        slots.release();
        // A job that failed before running (bad media) never sent its process a job: end it.
        await jobProcess?.kill();
        await servedMedia?.release();
        if (dir) {
          const killed = await removeJobDir(dir);
          if (killed > 0) logger?.warn({ killed }, 'video job left processes behind; killed');
        }
      }
    })();
    running.add(work);
    try {
      return await work;
    } finally {
      running.delete(work);
      pending--;
    }
  }

  return {
    get pending() {
      return pending;
    },

    render(input) {
      const gif = input.format === 'gif';
      return job(
        input,
        (plan, base) => {
          const { everyNthFrame, scale } = gif ? gifSettings(plan.compositionId, plan.meta) : { everyNthFrame: 1, scale: 1 };
          const { dir, ...common } = base;
          const last = plan.meta.durationInFrames - 1;
          const posterFrame = Math.min(last, plan.timeline?.project.posterFrame ?? Math.floor(last / 2));
          return {
            ...common,
            kind: 'media',
            compositionId: plan.compositionId,
            inputProps: plan.inputProps,
            output: join(dir, `out.${input.format}`),
            codec: CODECS[input.format],
            everyNthFrame,
            scale,
            poster: { output: join(dir, 'poster.png'), frame: posterFrame },
          };
        },
        async (composition, spec) => ({
          path: await keepOutput(spec.output, options.workDir),
          posterPath: await keepOutput(spec.poster!.output, options.workDir),
          posterFrame: spec.poster!.frame,
          width: Math.round(composition.width * (spec.scale ?? 1)),
          height: Math.round(composition.height * (spec.scale ?? 1)),
          fps: composition.fps / (spec.everyNthFrame ?? 1),
          durationInFrames: composition.durationInFrames,
          format: input.format,
        }),
      );
    },

    still(input) {
      return job(
        input,
        (plan, base) => {
          const { dir, ...common } = base;
          const frame = Math.max(0, Math.min(Math.floor(input.frame), plan.meta.durationInFrames - 1));
          return {
            ...common,
            kind: 'still',
            compositionId: plan.compositionId,
            inputProps: plan.inputProps,
            output: join(dir, 'frame.png'),
            frame,
          };
        },
        async (composition, spec) => ({
          bytes: await readFile(spec.output),
          width: composition.width,
          height: composition.height,
          frame: spec.frame ?? 0,
        }),
      );
    },

    close() {
      closing ??= (async () => {
        closed = true;
        await Promise.allSettled([...running]);
        const prepared = spare ? await spare.catch(() => null) : null;
        spare = null;
        if (prepared) await discard(prepared);
        // Every job has ended and the spare is gone: what is listed was removed after close began (swept once
        // more, for a browser that escaped its job's kill) or not removed in its time; what the work directory
        // still holds under this renderer's prefix was recreated after its recheck.
        for (let round = 0; round < CLOSE_REMOVAL_ROUNDS; round++) {
          for (const dir of await listedJobDirs()) jobDirs.add(dir);
          if (jobDirs.size === 0) break;
          if (round > 0) await delay(250 * round);
          for (const dir of [...jobDirs]) await removeJobDir(dir, { final: true });
        }
        await proxy.close();
        if (mediaServer) await (await mediaServer).close();
        await mediaCache?.close();
      })();
      return closing;
    },
  };
}
