import type { Page } from 'puppeteer-core';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { BrowserPool } from '../browser-pool.js';
import type { CaptureSource } from '../capture-image.js';
import { guardPage } from '../guard-page.js';
import { delay } from '../launch-browser.js';
import { loadSource, withDeadline } from '../load-source.js';
import { slotOf } from '../page-slot.js';
import { isScriptFree } from '../script-free.js';
import { emulationOf, settle, waitUntilReady, type PageControls } from '../page-controls.js';
import { animationTimeline, seekAnimations, type AnimationTimeline } from './animation-scripts.js';
import { FrameSink, type FrameHandler } from './frame-sink.js';
import { frameTimeMs, planFrames, type FramePlan } from './frame-plan.js';
import { captureScreenshot } from '../screenshot-fast-path.js';

export interface AnimationCaptureRequest {
  source: CaptureSource;
  width: number;
  height: number;
  fps: number;
  /** Seconds to capture; null: the page's own animation length (see planFrames). */
  durationSeconds: number | null;
  /** Caps a requested, detected or endless animation. */
  maxDurationSeconds: number;
  /** Scale, waits and emulation (fullPage and transparency do not apply to frames). */
  controls?: PageControls | undefined;
}

export interface AnimationCaptureOptions {
  guard: SsrfGuard;
  /** Loading the page, and each frame step, must finish within this (a hung page fails fast). */
  stepTimeoutMs: number;
  /** The whole job; defaults to the pool's render time-out. */
  timeoutMs?: number;
  /** Called once the frame count is known, before the first frame. */
  onPlan?: (plan: FramePlan, timeline: AnimationTimeline) => void | Promise<void>;
  onFrame: FrameHandler;
}

export interface AnimationCaptureResult extends FramePlan {
  width: number;
  height: number;
  timeline: AnimationTimeline;
}

/**
 * Captures an animated page frame by frame, deterministically: the page's
 * animation clock is frozen (CDP Animation.setPlaybackRate 0) before the
 * content loads, so even an animation shorter than the load is caught at its
 * start; then every animation is paused and set to each frame's time before
 * the frame is captured. The same input gives the same frames, whatever the
 * machine's load. Use a pool launched with `--disable-threaded-animation`
 * (compositor animations then follow the main thread's clock at once).
 */
export async function captureAnimation(
  pool: BrowserPool,
  request: AnimationCaptureRequest,
  options: AnimationCaptureOptions,
): Promise<AnimationCaptureResult> {
  return pool.run(
    (page, signal) => captureOnPage(page, request, options, signal),
    options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {},
  );
}

async function captureOnPage(
  page: Page,
  request: AnimationCaptureRequest,
  options: AnimationCaptureOptions,
  signal: AbortSignal,
): Promise<AnimationCaptureResult> {
  const slot = slotOf(page);
  if (!slot) throw new Error('captureAnimation needs a page from a BrowserPool');
  const { source } = request;
  const { controls } = request;
  const waits = controls !== undefined && (controls.waitForFunction !== null || controls.waitForSelector !== null);
  const jsEnabled = source.kind === 'html' ? source.jsEnabled && (waits || !isScriptFree(source.html)) : true;
  const emulation = { ...emulationOf(controls), transparentBackground: false };
  await slot.applySettings({ jsEnabled, width: request.width, height: request.height, ...emulation });
  const pageGuard = guardPage(page, options.guard);
  await slot.cdp.send('Animation.enable');
  await slot.cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
  try {
    await withDeadline(loadSource(page, source, pageGuard, signal), options.stepTimeoutMs, 'loading the page');
    if (controls) {
      // Bounded by the job's time limit, like an image's waits; the animation clock stays at 0 meanwhile.
      await waitUntilReady(page, controls, signal);
      await settle(controls, signal);
    }
    const timeline = await withDeadline(page.evaluate(animationTimeline), options.stepTimeoutMs, 'reading the animations');
    const plan = planFrames({
      fps: request.fps,
      durationSeconds: request.durationSeconds,
      maxDurationSeconds: request.maxDurationSeconds,
      timeline,
    });
    await options.onPlan?.(plan, timeline);
    const sink = new FrameSink(options.onFrame);
    for (let index = 0; index < plan.frames; index++) {
      signal.throwIfAborted();
      const timeMs = frameTimeMs(index, plan.fps);
      const png = await withDeadline(
        (async () => {
          await page.evaluate(seekAnimations, timeMs);
          return captureScreenshot(slot.cdp, {
            format: 'png',
            optimizeForSpeed: true,
            captureBeyondViewport: false,
            // This pool's captures come out in CSS pixels whatever the emulated scale (measured): the clip's scale asks for device pixels.
            ...(emulation.deviceScaleFactor !== 1
              ? { clip: { x: 0, y: 0, width: request.width, height: request.height, scale: emulation.deviceScaleFactor } }
              : {}),
          });
        })(),
        options.stepTimeoutMs,
        `capturing frame ${index + 1} of ${plan.frames}`,
      );
      await sink.push(png, index, timeMs);
    }
    await sink.drain();
    if (pageGuard.blockedNavigation) throw pageGuard.blockedNavigation;
    // Frames are device pixels: CSS size × deviceScaleFactor.
    const scale = emulation.deviceScaleFactor;
    return { ...plan, width: Math.round(request.width * scale), height: Math.round(request.height * scale), timeline };
  } finally {
    pageGuard.release();
    // The page goes back to the pool: its next job must see a running clock. A hung page
    // never answers; it is replaced anyway, so the reset may not hold the job up.
    const reset = (async () => {
      await slot.cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
      await slot.cdp.send('Animation.disable');
    })();
    await Promise.race([reset.catch(() => undefined), delay(1_000)]);
  }
}
