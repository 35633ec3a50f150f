import type { Page } from 'puppeteer-core';
import { CANVAS_KEYS, keepAutoFitWidth } from '@pressroom/contracts/constants';
import { BlockedUrlError, type SsrfGuard } from '@pressroom/ssrf';
import type { BrowserPool } from '../browser-pool.js';
import { captureFormatFor, chromiumQuality, CONTENT_TYPES, finishImage, type ImageFormat } from '../encode-image.js';
import { NavigationError } from '../errors.js';
import { guardPage, type PageGuard } from '../guard-page.js';
import { slotOf } from '../page-slot.js';
import type { CapturedImage } from '../capture-image.js';
import { CANVAS_SHELL, renderFabricInPage, type PageCanvasResult } from './canvas-page.js';
import { CanvasRenderError, describeUrl } from './canvas-errors.js';
import { fabricBundle } from './fabric-bundle.js';
import { captureScreenshot } from '../screenshot-fast-path.js';

/** A web font loaded (and awaited) before the canvas JSON. */
export interface CanvasFont {
  family: string;
  /** http(s) URL (fetched through the page's guarded network; cross-origin fonts need CORS) or a data: URL. */
  url: string;
  /** CSS font-weight, e.g. "400", "bold". Default "normal". */
  weight?: string;
  /** CSS font-style. Default "normal". */
  style?: string;
}

export interface CanvasCaptureRequest {
  /** fabric canvas JSON, as `canvas.toJSON()` gives it (`objects`, `background`, `backgroundImage`, …). */
  canvas: Record<string, unknown>;
  fonts: CanvasFont[];
  /** Canvas size in pixels = output size. */
  width: number;
  height: number;
  format: ImageFormat;
  /** 0–1, for jpeg and webp. */
  quality: number;
}

export interface CanvasCaptureOptions {
  /** Applied to every request the page makes (images, patterns, fonts). */
  guard: SsrfGuard;
  /** Defaults to the pool's renderTimeoutMs. */
  timeoutMs?: number;
  /** As in captureImage: Chromium's PNG is re-encoded above this many bytes per pixel. */
  pngReencodeBytesPerPixel?: number;
}

/**
 * Renders fabric canvas JSON with fabric's browser build in a pooled page and
 * returns the encoded image. The page is the pool's guarded page: every image,
 * pattern and font the JSON names is fetched through the SSRF guard, and a
 * refused or failed fetch fails the render naming the URL (fabric alone would
 * drop the object and render a blank).
 */
export async function captureCanvas(
  pool: BrowserPool,
  request: CanvasCaptureRequest,
  options: CanvasCaptureOptions,
): Promise<CapturedImage> {
  assertValid(request);
  const bundle = await fabricBundle();
  return pool.run(
    (page, signal) => captureOnPage(page, request, options, bundle, signal),
    options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {},
  );
}

async function captureOnPage(
  page: Page,
  request: CanvasCaptureRequest,
  options: CanvasCaptureOptions,
  bundle: string,
  signal: AbortSignal,
): Promise<CapturedImage> {
  // A canvas without a background is transparent, as fabric's own export is. JPEG has no alpha: there
  // the document itself is white, so no background override (once measured to be lost now and then,
  // and seen in CI to leave a JPEG black) can show through.
  const transparent = request.format !== 'jpeg';
  const drawing = transparent ? request : { ...request, pageBackground: '#ffffff' };
  return drawCanvasOnPage(page, drawing, { guard: options.guard, bundle, signal }, async (slot) => {
    // Set once the document is in: set before setContent, it was measured to be lost now and then. Through
    // the slot, which then parks the page and takes the override back before its next navigation.
    if (transparent)
      await slot.applySettings({ jsEnabled: true, width: request.width, height: request.height, transparentBackground: true });
    const captured = await captureScreenshot(slot.cdp, {
      format: captureFormatFor(request.format),
      optimizeForSpeed: true,
      captureBeyondViewport: false,
      ...(request.format === 'jpeg' ? { quality: chromiumQuality(request.quality) } : {}),
    });
    signal.throwIfAborted();
    const bytes = await finishImage({
      bytes: captured,
      format: request.format,
      quality: request.quality,
      width: request.width,
      height: request.height,
      ...(options.pngReencodeBytesPerPixel !== undefined ? { pngReencodeBytesPerPixel: options.pngReencodeBytesPerPixel } : {}),
    });
    return { bytes, contentType: CONTENT_TYPES[request.format], width: request.width, height: request.height };
  });
}

/** What drawing a canvas needs: the JSON, its fonts and its size in pixels. */
export interface CanvasDrawing {
  canvas: Record<string, unknown>;
  fonts: CanvasFont[];
  width: number;
  height: number;
  /** A CSS colour behind the canvas (a constant of ours, never user input); transparent when absent. */
  pageBackground?: string;
}

/**
 * Draws a canvas on a pooled, guarded page (fabric bundle inline, fonts
 * awaited, images through the guard), then hands the page's slot to `then`
 * while the drawing is on screen. Shared by image capture and PDF printing.
 */
export async function drawCanvasOnPage<T>(
  page: Page,
  drawing: CanvasDrawing,
  context: { guard: SsrfGuard; bundle: string; signal: AbortSignal },
  then: (slot: NonNullable<ReturnType<typeof slotOf>>) => Promise<T>,
): Promise<T> {
  const slot = slotOf(page);
  if (!slot) throw new Error('canvas jobs need a page from a BrowserPool');
  await slot.applySettings({ jsEnabled: true, width: drawing.width, height: drawing.height });
  const pageGuard = guardPage(page, context.guard);
  try {
    // Measured (scripts/measure-canvas.ts): the bundle inline in the document is one round trip
    // and the fastest way in (p50 22 ms vs 25 ms evaluate, 31 ms addScriptTag).
    const shell = drawing.pageBackground
      ? CANVAS_SHELL.replace('</head>', `<style>html{background:${drawing.pageBackground}}</style></head>`)
      : CANVAS_SHELL;
    await page.setContent(
      shell.replace('</body>', () => `<script>${context.bundle}</script></body>`),
      { waitUntil: 'load', timeout: 0 },
    );
    context.signal.throwIfAborted();
    const result = await page.evaluate(renderFabricInPage, {
      json: canvasJson(drawing.canvas),
      fonts: drawing.fonts,
      width: drawing.width,
      height: drawing.height,
    });
    context.signal.throwIfAborted();
    if (!result.ok) throw await failureOf(result, pageGuard, context.guard);
    return await then(slot);
  } finally {
    pageGuard.release();
  }
}

/**
 * The JSON fabric gets: canvas-level keys from CANVAS_KEYS only, and no
 * `crossOrigin` anywhere. With it an image from a server that sends no CORS
 * headers fails to load; the capture is a screenshot, so a tainted canvas
 * costs nothing. Auto-fit texts carry their designed width (keepAutoFitWidth).
 */
function canvasJson(canvas: Record<string, unknown>): string {
  const picked: Record<string, unknown> = {};
  for (const key of CANVAS_KEYS) if (canvas[key] !== undefined) picked[key] = canvas[key];
  return JSON.stringify(picked, (key, value: unknown) => (key === 'crossOrigin' ? undefined : keepAutoFitWidth(value)));
}

async function failureOf(result: Exclude<PageCanvasResult, { ok: true }>, pageGuard: PageGuard, guard: SsrfGuard): Promise<Error> {
  // A refused request explains a failed load better than the load itself (it may have been a redirect hop).
  const blocked = pageGuard.blockedUrls[0];
  if (blocked !== undefined && result.reason !== 'fabric' && result.reason !== 'no-fabric') {
    // The guard's own refusal of that URL keeps its full public detail (a private host's allow-list hint included).
    return guard.check(blocked).then(
      () => new BlockedUrlError(blocked, 'is not allowed'),
      (error: unknown) => (error instanceof BlockedUrlError ? error.forUrl(blocked) : new BlockedUrlError(blocked, 'is not allowed')),
    );
  }
  switch (result.reason) {
    case 'font':
      return new NavigationError(
        describeUrl(result.url),
        `The font ${JSON.stringify(result.family)} could not be loaded from ${describeUrl(result.url)} (unreachable, an HTTP error, no CORS header on a cross-origin font, or not a font).`,
      );
    case 'image':
      return new NavigationError(describeUrl(result.url), `The image ${describeUrl(result.url)} could not be loaded or decoded.`);
    case 'fabric':
      return new CanvasRenderError(result.message);
    case 'no-fabric':
      return new Error('the fabric bundle did not define window.fabric');
  }
}

const FORMATS = new Set<string>(['png', 'jpeg', 'webp']);

function assertValid(request: CanvasCaptureRequest): void {
  const sizeOk = (n: number) => Number.isInteger(n) && n >= 1 && n <= 16_384;
  if (!sizeOk(request.width) || !sizeOk(request.height)) throw new RangeError(`invalid canvas size ${request.width}×${request.height}`);
  if (!FORMATS.has(request.format)) throw new RangeError(`invalid capture format ${String(request.format)}`);
  if (!(request.quality >= 0 && request.quality <= 1)) throw new RangeError(`invalid capture quality ${request.quality}`);
  if (request.canvas === null || typeof request.canvas !== 'object' || Array.isArray(request.canvas))
    throw new TypeError('canvas must be a JSON object');
}
