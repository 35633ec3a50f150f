import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderGifCommand } from '@pressroom/contracts';
import { CATALOG } from '@pressroom/contracts';
import { captureAnimation, recordPage, type BrowserPool } from '@pressroom/browser';
import { readSource, renderJobHandler, spilledKeys, type RenderJobDeps, type RenderedFile } from '@pressroom/render-worker';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { Logger } from '@pressroom/telemetry';
import { GifWriter } from './encode-gif.js';

export interface GifHandlerDeps extends RenderJobDeps {
  /** A pool launched with ANIMATION_CAPTURE_FLAGS (`--disable-threaded-animation`). */
  pool: BrowserPool;
  guard: SsrfGuard;
  /** Loading the page and each frame step must finish within this. */
  stepTimeoutMs: number;
  /** The whole capture and encode. */
  gifTimeoutMs: number;
}

async function renderGif(deps: GifHandlerDeps, command: RenderGifCommand, log: Logger): Promise<RenderedFile> {
  // Frames are encoded into this file as they arrive; the render worker streams it to storage and deletes it.
  const path = join(tmpdir(), `pressroom-gif-${randomUUID()}.gif`);
  let writer: GifWriter | null = null;
  try {
    return await captureGif(deps, command, log, path, (created) => (writer = created));
  } catch (error) {
    await (writer as GifWriter | null)?.discard();
    throw error;
  }
}

async function captureGif(
  deps: GifHandlerDeps,
  command: RenderGifCommand,
  log: Logger,
  path: string,
  created: (writer: GifWriter) => void,
): Promise<RenderedFile> {
  let writer: GifWriter | null = null;
  const onFrame = (frame: Parameters<GifWriter['addFrame']>[0]) => writer!.addFrame(frame);
  const started = performance.now();
  let captured: { frames: number; width: number; height: number; basis: string };
  if (command.mode === 'animation') {
    const result = await captureAnimation(
      deps.pool,
      {
        source: await readSource(deps.storage, command.source),
        width: command.width,
        height: command.height,
        fps: command.fps,
        durationSeconds: command.durationSeconds,
        maxDurationSeconds: command.maxDurationSeconds,
        controls: command.controls,
      },
      {
        guard: deps.guard,
        stepTimeoutMs: deps.stepTimeoutMs,
        timeoutMs: deps.gifTimeoutMs,
        onPlan: (plan) => {
          const scale = command.controls?.deviceScaleFactor ?? 1;
          writer = new GifWriter(Math.round(command.width * scale), Math.round(command.height * scale), plan.frames, plan.fps, path);
          created(writer);
        },
        onFrame,
      },
    );
    captured = { frames: result.frames, width: result.width, height: result.height, basis: result.basis };
  } else {
    if (command.source.kind !== 'url') throw new Error('a recording needs a URL source');
    const result = await recordPage(
      deps.pool,
      {
        url: command.source.url,
        width: command.width,
        height: command.height,
        fps: command.fps,
        durationSeconds: command.durationSeconds ?? command.maxDurationSeconds,
        selector: command.selector,
        waitForSelector: command.waitForSelector,
      },
      {
        guard: deps.guard,
        stepTimeoutMs: deps.stepTimeoutMs,
        timeoutMs: deps.gifTimeoutMs,
        onStart: (info) => {
          writer = new GifWriter(info.width, info.height, info.frames, command.fps, path);
          created(writer);
        },
        onFrame,
      },
    );
    captured = { frames: result.frames, width: result.width, height: result.height, basis: 'recording' };
  }
  const gif = writer as GifWriter | null;
  if (!gif) throw new Error('the capture produced no frame plan');
  await gif.finish();
  log.debug({ frames: captured.frames, basis: captured.basis, ms: Math.round(performance.now() - started) }, 'gif encoded');
  return {
    path,
    contentType: 'image/gif',
    width: captured.width,
    height: captured.height,
    details: {
      animationLength: gif.animationLength,
      frames: captured.frames,
      fps: command.fps,
      quality: command.quality,
      durationBasis: captured.basis,
    },
  };
}

/** Consumer of `render.gif`: capture (stepped or recorded) → GIF → storage → row → events. */
export function renderGifHandler(deps: GifHandlerDeps) {
  return renderJobHandler<RenderGifCommand>(deps, {
    kind: 'gif',
    subject: CATALOG.renderGif,
    render: (command, log) => renderGif(deps, command, log),
    inputs: (command) => spilledKeys([command.source]),
  });
}
