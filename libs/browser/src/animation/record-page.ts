import type { Page } from 'puppeteer-core';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { BrowserPool } from '../browser-pool.js';
import { locate } from '../capture-image.js';
import { SelectorNotFoundError } from '../errors.js';
import { guardPage } from '../guard-page.js';
import { delay } from '../launch-browser.js';
import { loadSource, withDeadline } from '../load-source.js';
import { slotOf } from '../page-slot.js';
import { FrameSink, type FrameHandler } from './frame-sink.js';
import { captureScreenshot } from '../screenshot-fast-path.js';

export interface RecordingRequest {
  url: string;
  /** Viewport in CSS pixels; the output size unless `selector` is set. */
  width: number;
  height: number;
  fps: number;
  durationSeconds: number;
  /** Record only this element's box (taken when recording starts). */
  selector: string | null;
  /** Wait until this element exists before recording (bounded by stepTimeoutMs). */
  waitForSelector: string | null;
}

export interface RecordingOptions {
  guard: SsrfGuard;
  /** Loading, waiting for `waitForSelector`, and each capture must finish within this. */
  stepTimeoutMs: number;
  timeoutMs?: number;
  onStart?: (info: { frames: number; width: number; height: number }) => void | Promise<void>;
  onFrame: FrameHandler;
}

export interface RecordingResult {
  frames: number;
  fps: number;
  durationSeconds: number;
  width: number;
  height: number;
  /** Real time the capture loop took (ms); frames are taken on a fixed schedule and later ones lag when a capture is slow. */
  elapsedMs: number;
}

/**
 * Records a live page in real time: one screenshot every 1/fps seconds
 * after load (the page's own clock runs: scripts, video, canvas animate as a
 * visitor sees them). Not deterministic, by nature; the frame count is fixed
 * (fps × duration) so the GIF's length is what was asked.
 */
export async function recordPage(pool: BrowserPool, request: RecordingRequest, options: RecordingOptions): Promise<RecordingResult> {
  return pool.run(
    (page, signal) => recordOnPage(page, request, options, signal),
    options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {},
  );
}

async function recordOnPage(
  page: Page,
  request: RecordingRequest,
  options: RecordingOptions,
  signal: AbortSignal,
): Promise<RecordingResult> {
  const slot = slotOf(page);
  if (!slot) throw new Error('recordPage needs a page from a BrowserPool');
  await slot.applySettings({ jsEnabled: true, width: request.width, height: request.height });
  const pageGuard = guardPage(page, options.guard);
  try {
    await withDeadline(loadSource(page, { kind: 'url', url: request.url }, pageGuard, signal), options.stepTimeoutMs, 'loading the page');
    if (request.waitForSelector !== null) await waitForElement(page, request.waitForSelector, options.stepTimeoutMs);
    const target =
      request.selector === null ? null : await withDeadline(locate(page, request.selector), options.stepTimeoutMs, 'locating the element');
    const width = target?.clip.width ?? request.width;
    const height = target?.clip.height ?? request.height;
    const frames = Math.max(1, Math.round(request.durationSeconds * request.fps));
    await options.onStart?.({ frames, width, height });
    const sink = new FrameSink(options.onFrame, 8);
    const intervalMs = 1000 / request.fps;
    const started = performance.now();
    for (let index = 0; index < frames; index++) {
      signal.throwIfAborted();
      const wait = started + index * intervalMs - performance.now();
      if (wait > 0) await delay(wait);
      const frame = await withDeadline(
        captureScreenshot(slot.cdp, {
          format: 'png',
          optimizeForSpeed: true,
          ...(target
            ? { clip: { ...target.clip, scale: 1 }, captureBeyondViewport: target.beyondViewport }
            : { captureBeyondViewport: false }),
        }),
        options.stepTimeoutMs,
        `recording frame ${index + 1} of ${frames}`,
      );
      await sink.push(frame, index, performance.now() - started);
    }
    const elapsedMs = performance.now() - started;
    await sink.drain();
    if (pageGuard.blockedNavigation) throw pageGuard.blockedNavigation;
    return { frames, fps: request.fps, durationSeconds: frames / request.fps, width, height, elapsedMs };
  } finally {
    pageGuard.release();
  }
}

async function waitForElement(page: Page, selector: string, timeoutMs: number): Promise<void> {
  try {
    await page.waitForSelector(selector, { timeout: timeoutMs });
  } catch (error) {
    const invalid = error instanceof Error && /is not a valid selector|SyntaxError/i.test(error.message);
    if (invalid) throw new SelectorNotFoundError(selector, 'invalid');
    throw new SelectorNotFoundError(selector, 'no-match');
  }
}
