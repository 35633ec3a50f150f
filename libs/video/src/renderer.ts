import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { makeCancelSignal, renderMedia, renderStill, selectComposition } from '@remotion/renderer';
import type { VideoTemplateSource } from '@pressroom/contracts';
import { BASE_FLAGS, startEgressProxy, type EgressProxy } from '@pressroom/browser';
import { ProblemError } from '@pressroom/problem';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { Logger } from '@pressroom/telemetry';
import { checkCodeTemplate } from './code-template.js';
import { renderBundle } from './render-bundle.js';
import { checkTimelineProject } from './timeline-project.js';

export interface VideoRendererOptions {
  /** Debian's chromium-headless-shell; never a download. */
  browserExecutable: string;
  /** Per-job scratch space (outputs, Chromium profiles) and the launcher script. */
  workDir: string;
  /** Where the render bundle is cached (default: a directory under the system temp dir). */
  bundleCacheDir?: string;
  /** Whole-job watchdog: a render or still that outlives it is cancelled (render-timeout). */
  timeoutMs: number;
  /** Every request the scene makes goes through this guard (the same egress proxy the image pool uses). */
  guard: SsrfGuard;
  logger?: Logger;
}

export interface RenderedVideo {
  bytes: Buffer;
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  format: 'mp4' | 'gif';
}

export interface RenderedStill {
  bytes: Buffer;
  width: number;
  height: number;
  frame: number;
}

export interface VideoRenderer {
  render(input: { source: VideoTemplateSource; variables: Record<string, unknown>; format: 'mp4' | 'gif' }): Promise<RenderedVideo>;
  still(input: { source: VideoTemplateSource; variables: Record<string, unknown>; frame: number }): Promise<RenderedStill>;
  /** Renders waiting or running (one runs at a time). */
  readonly pending: number;
  close(): Promise<void>;
}

/** The contract's GIF rules: timelines at most 15 fps and 720 px wide; code templates at half their frame rate. */
const TIMELINE_GIF_MAX_FPS = 15;
const TIMELINE_GIF_MAX_WIDTH = 720;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * Remotion launches Chromium itself, with its own flags: a launcher script adds ours. Every
 * request leaves through the egress proxy (SSRF guard after DNS, on every hop) except the
 * bundle server's own port on loopback; `<-loopback>` removes Chromium's implicit bypass.
 */
async function writeLauncher(options: { workDir: string; browserExecutable: string; proxy: EgressProxy; servePort: number }): Promise<string> {
  const path = join(options.workDir, 'chromium-guarded.sh');
  const bypass = `<-loopback>;localhost:${options.servePort};127.0.0.1:${options.servePort}`;
  const flags = [...BASE_FLAGS.filter((flag) => !flag.startsWith('--proxy')), `--proxy-server=${options.proxy.address}`, `--proxy-bypass-list=${bypass}`, '--force-webrtc-ip-handling-policy=disable_non_proxied_udp'];
  const quoted = flags.map((flag) => `'${flag.replace(/'/g, `'\\''`)}'`).join(' ');
  await writeFile(path, `#!/bin/sh\nexec '${options.browserExecutable}' ${quoted} "$@"\n`);
  await chmod(path, 0o755);
  return path;
}

/** Input props and composition id of a template source (a code template is compiled here, in milliseconds). */
async function compositionInput(source: VideoTemplateSource, variables: Record<string, unknown>): Promise<{ id: 'code' | 'timeline'; inputProps: Record<string, unknown> }> {
  if (source.kind === 'code') {
    const checked = await checkCodeTemplate(source.tsx);
    if (!checked.ok) throw new ProblemError('template-compile-error', { detail: `The code template does not compile: ${checked.errors.map((e) => e.message).join('; ')}`.slice(0, 2_000) });
    return { id: 'code', inputProps: { code: checked.code, meta: checked.meta, props: { ...checked.meta.defaultProps, ...variables } } };
  }
  const checked = checkTimelineProject(source.projectJson);
  if (!checked.ok) throw new ProblemError('validation-error', { detail: `The timeline project is invalid: ${checked.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`.slice(0, 2_000) });
  return { id: 'timeline', inputProps: { project: checked.project, variables } };
}

/** The scene's own failure, as Remotion reports it, in one line a user can act on. */
function sceneProblem(error: unknown): ProblemError {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n').find((line) => line.trim() !== '') ?? 'unknown error';
  return new ProblemError('render-failed', { detail: `The scene failed while rendering: ${first.trim().slice(0, 500)}` });
}

/**
 * Renders video templates with Remotion on Debian's headless shell, one job at a time (a render
 * already uses both cores; the bus consumer queues the rest). Each job gets its own scratch
 * directory, removed afterwards, and a watchdog that cancels it after `timeoutMs`.
 */
export async function createVideoRenderer(options: VideoRendererOptions): Promise<VideoRenderer> {
  await mkdir(options.workDir, { recursive: true });
  // Built in the background (seconds, once per version): the service starts at once and the first job waits for it.
  renderBundle(options.bundleCacheDir).catch((error: unknown) => options.logger?.error({ err: error }, 'building the video render bundle failed; the next render retries'));
  const proxy = await startEgressProxy({ guard: options.guard, ...(options.logger ? { logger: options.logger } : {}) });
  const port = await freePort();
  const browserExecutable = await writeLauncher({ workDir: options.workDir, browserExecutable: options.browserExecutable, proxy, servePort: port });
  const settings = { browserExecutable, chromeMode: 'headless-shell' as const, port, logLevel: 'error' as const, timeoutInMilliseconds: options.timeoutMs };

  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let closed = false;

  /** One job at a time, in order, each under the watchdog, in its own scratch directory. */
  type JobContext = { dir: string; cancelSignal: ReturnType<typeof makeCancelSignal>['cancelSignal']; common: typeof settings & { serveUrl: string } };
  function enqueue<T>(job: (context: JobContext) => Promise<T>): Promise<T> {
    if (closed) return Promise.reject(new Error('the video renderer is closed'));
    pending++;
    const run = queue.then(async () => {
      const dir = await mkdtemp(join(options.workDir, 'job-'));
      const { cancelSignal, cancel } = makeCancelSignal();
      let timedOut = false;
      const watchdog = setTimeout(() => {
        timedOut = true;
        cancel();
      }, options.timeoutMs);
      try {
        const serveUrl = await renderBundle(options.bundleCacheDir);
        return await job({ dir, cancelSignal, common: { ...settings, serveUrl } });
      } catch (error) {
        if (timedOut) throw new ProblemError('render-timeout', { detail: `The video did not finish rendering within ${Math.round(options.timeoutMs / 1000)} s.` });
        if (error instanceof ProblemError) throw error;
        throw sceneProblem(error);
      } finally {
        clearTimeout(watchdog);
        pending--;
        await rm(dir, { recursive: true, force: true });
      }
    });
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    get pending() {
      return pending;
    },

    render(input) {
      return enqueue(async ({ dir, cancelSignal, common }) => {
        const { id, inputProps } = await compositionInput(input.source, input.variables);
        const composition = await selectComposition({ ...common, id, inputProps });
        const gif = input.format === 'gif';
        // GIFs: code templates at half their frame rate; timelines capped at 15 fps and 720 px wide.
        const everyNthFrame = !gif ? 1 : id === 'code' ? 2 : Math.max(1, Math.ceil(composition.fps / TIMELINE_GIF_MAX_FPS));
        const scale = gif && id === 'timeline' ? Math.min(1, TIMELINE_GIF_MAX_WIDTH / composition.width) : 1;
        const outputLocation = join(dir, gif ? 'out.gif' : 'out.mp4');
        await renderMedia({
          ...common,
          composition,
          inputProps,
          codec: gif ? 'gif' : 'h264',
          outputLocation,
          everyNthFrame,
          scale,
          colorSpace: 'bt709',
          concurrency: 1,
          cancelSignal,
          overwrite: true,
        });
        return {
          bytes: await readFile(outputLocation),
          width: Math.round(composition.width * scale),
          height: Math.round(composition.height * scale),
          fps: composition.fps / everyNthFrame,
          durationInFrames: composition.durationInFrames,
          format: input.format,
        };
      });
    },

    still(input) {
      return enqueue(async ({ dir, cancelSignal, common }) => {
        const { id, inputProps } = await compositionInput(input.source, input.variables);
        const composition = await selectComposition({ ...common, id, inputProps });
        const frame = Math.min(input.frame, composition.durationInFrames - 1);
        const output = join(dir, 'frame.png');
        await renderStill({ ...common, composition, inputProps, frame, output, imageFormat: 'png', cancelSignal, overwrite: true });
        return { bytes: await readFile(output), width: composition.width, height: composition.height, frame };
      });
    },

    async close() {
      closed = true;
      await queue;
      await proxy.close();
    },
  };
}
