import type { Page } from 'puppeteer-core';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { BrowserPool } from './browser-pool.js';
import { guardPage } from './guard-page.js';
import { slotOf } from './page-slot.js';
import { elementBox, type Box } from './page-scripts.js';
import { captureFormatFor, chromiumQuality, CONTENT_TYPES, finishImage, type ImageFormat } from './encode-image.js';
import { SelectorNotFoundError } from './errors.js';
import { isScriptFree } from './script-free.js';
import { loadSource, waitForAssets } from './load-source.js';
import { emulationOf, fullPageHeight, settle, waitUntilReady, type PageControls } from './page-controls.js';
import { captureScreenshot } from './screenshot-fast-path.js';

/** Chromium's largest capture side in device pixels. */
const MAX_DEVICE_PIXELS = 16_384;

export type CaptureSource = { kind: 'html'; html: string; jsEnabled: boolean } | { kind: 'url'; url: string };

export interface CaptureRequest {
  source: CaptureSource;
  /** Viewport size in CSS pixels (deviceScaleFactor 1), and the output size unless `selector` is set. */
  width: number;
  height: number;
  /** CSS selector of the element to capture; its border box becomes the output size. */
  selector: string | null;
  format: ImageFormat;
  /** 0–1, for jpeg and webp. */
  quality: number;
  /** Scale, waits, emulation and transparency; absent: every control at its default. */
  controls?: PageControls | undefined;
}

export interface CapturedImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export interface CaptureOptions {
  /** Applied to every request the page makes. */
  guard: SsrfGuard;
  /** Defaults to the pool's renderTimeoutMs. */
  timeoutMs?: number;
  /**
   * Chromium's fast PNG is re-encoded (zlib level 6) only when larger than
   * this many bytes per pixel. Default 0.2; 0 always re-encodes (smallest
   * files), Infinity never does (fastest: what a bare puppeteer loop returns).
   */
  pngReencodeBytesPerPixel?: number;
}

/** Renders HTML or a URL in a pooled page and returns the encoded image. */
export async function captureImage(pool: BrowserPool, request: CaptureRequest, options: CaptureOptions): Promise<CapturedImage> {
  assertValid(request);
  return pool.run(
    (page, signal) => captureOnPage(page, request, options, signal),
    options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {},
  );
}

async function captureOnPage(page: Page, request: CaptureRequest, options: CaptureOptions, signal: AbortSignal): Promise<CapturedImage> {
  const slot = slotOf(page);
  if (!slot) throw new Error('captureImage needs a page from a BrowserPool');
  const { source, controls } = request;
  // Script-free HTML renders identically with JavaScript off, and its page is then reusable at once;
  // a readiness condition is the page's own script's business, so it keeps JavaScript on.
  const waits = controls !== undefined && (controls.waitForFunction !== null || controls.waitForSelector !== null);
  const jsEnabled = source.kind === 'html' ? source.jsEnabled && (waits || !isScriptFree(source.html)) : true;
  const emulation = emulationOf(controls);
  await slot.applySettings({ jsEnabled, width: request.width, height: request.height, ...emulation });
  const pageGuard = guardPage(page, options.guard);
  try {
    await loadSource(page, source, pageGuard, signal);
    if (controls) {
      await waitUntilReady(page, controls, signal);
      // What the page added while getting ready (a late web font, an image) loads before the capture too.
      if (waits) await waitForAssets(page, signal);
      await settle(controls, signal);
    }
    // A refresh or a script may have tried to take the main frame somewhere forbidden meanwhile.
    if (pageGuard.blockedNavigation) throw pageGuard.blockedNavigation;

    const scale = emulation.deviceScaleFactor;
    const target = request.selector === null ? null : await locate(page, request.selector);
    const fullHeight = controls?.fullPage ? await fullPageHeight(page, request.height, Math.floor(MAX_DEVICE_PIXELS / scale)) : null;
    const clip = target
      ? { clip: { ...target.clip, scale: 1 }, captureBeyondViewport: target.beyondViewport }
      : fullHeight !== null
        ? { clip: { x: 0, y: 0, width: request.width, height: fullHeight, scale: 1 }, captureBeyondViewport: true }
        : { captureBeyondViewport: false };
    const captured = await captureScreenshot(slot.cdp, {
      format: captureFormatFor(request.format),
      optimizeForSpeed: true,
      ...(request.format === 'jpeg' ? { quality: chromiumQuality(request.quality) } : {}),
      ...clip,
    });
    signal.throwIfAborted();
    // File dimensions are device pixels: CSS size × deviceScaleFactor.
    const width = Math.round((target?.clip.width ?? request.width) * scale);
    const height = Math.round((target?.clip.height ?? fullHeight ?? request.height) * scale);
    const bytes = await finishImage({
      bytes: captured,
      format: request.format,
      quality: request.quality,
      width,
      height,
      ...(options.pngReencodeBytesPerPixel !== undefined ? { pngReencodeBytesPerPixel: options.pngReencodeBytesPerPixel } : {}),
    });
    return { bytes, contentType: CONTENT_TYPES[request.format], width, height };
  } finally {
    pageGuard.release();
  }
}

export async function locate(page: Page, selector: string): Promise<{ clip: Box; beyondViewport: boolean }> {
  const found = await page.evaluate(elementBox, selector);
  if (found === 'no-match' || found === 'invalid') throw new SelectorNotFoundError(selector, found);
  const { element, viewport } = found;
  const clip = { x: Math.round(element.x), y: Math.round(element.y), width: Math.round(element.width), height: Math.round(element.height) };
  if (clip.width < 1 || clip.height < 1) throw new SelectorNotFoundError(selector, 'empty');
  const inside =
    clip.x >= viewport.x &&
    clip.y >= viewport.y &&
    clip.x + clip.width <= viewport.x + viewport.width &&
    clip.y + clip.height <= viewport.y + viewport.height;
  return { clip, beyondViewport: !inside };
}

const FORMATS = new Set<string>(['png', 'jpeg', 'webp']);

function assertValid(request: CaptureRequest): void {
  const sizeOk = (n: number) => Number.isInteger(n) && n >= 1 && n <= 16_384;
  if (!sizeOk(request.width) || !sizeOk(request.height)) throw new RangeError(`invalid capture size ${request.width}×${request.height}`);
  if (!FORMATS.has(request.format)) throw new RangeError(`invalid capture format ${String(request.format)}`);
  if (!(request.quality >= 0 && request.quality <= 1)) throw new RangeError(`invalid capture quality ${request.quality}`);
}
