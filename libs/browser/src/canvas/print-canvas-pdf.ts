import type { Page } from 'puppeteer-core';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { BrowserPool } from '../browser-pool.js';
import { CanvasRenderError } from './canvas-errors.js';
import { svgOfCanvasInPage } from './canvas-page.js';
import { drawCanvasOnPage, type CanvasDrawing } from './capture-canvas.js';
import { fabricBundle } from './fabric-bundle.js';
import { slotOf } from '../page-slot.js';
import { printToPdf } from '../print-to-pdf.js';

export interface CanvasPdfOptions {
  /** Applied to every request the page makes (images, patterns, fonts). */
  guard: SsrfGuard;
  /** Defaults to the pool's renderTimeoutMs. */
  timeoutMs?: number;
  /** The paper, in points: the drawing scaled to fill it (centred, its shape kept). Default: the canvas size. */
  paper?: { widthPt: number; heightPt: number } | undefined;
}

/**
 * Prints one fabric canvas as a one-page PDF whose page is the canvas size
 * (CSS pixels: 1 px = 0.75 pt), or `options.paper` with the drawing scaled to fill it. The canvas is drawn exactly as for an image
 * (same fonts, images through the guard, same failures), then printed from
 * fabric's SVG export: vectors and selectable text rather than a bitmap.
 */
export async function printCanvasPdf(pool: BrowserPool, drawing: CanvasDrawing, options: CanvasPdfOptions): Promise<Buffer> {
  const bundle = await fabricBundle();
  return pool.run(
    (page, signal) =>
      drawCanvasOnPage(page, drawing, { guard: options.guard, bundle, signal }, () => printDrawn(page, drawing, options.paper, signal)),
    options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {},
  );
}

async function printDrawn(page: Page, drawing: CanvasDrawing, paper: CanvasPdfOptions['paper'], signal: AbortSignal): Promise<Buffer> {
  // CSS pixels: 96 to the inch, 72 points to the inch.
  const sheet = paper ? { width: (paper.widthPt / 72) * 96, height: (paper.heightPt / 72) * 96 } : null;
  if (!(await page.evaluate(svgOfCanvasInPage, sheet))) throw new CanvasRenderError('the drawn canvas could not be exported as SVG');
  // Images in the SVG load again (from cache, through the same guard) before printing.
  await page.evaluate(() => Promise.all(Array.from(document.images).map((image) => image.decode().catch(() => undefined))));
  signal.throwIfAborted();
  const slot = slotOf(page);
  if (!slot) throw new Error('printCanvasPdf needs a page from a BrowserPool');
  const bytes = await printToPdf(
    slot.cdp,
    {
      paperWidth: (sheet?.width ?? drawing.width) / 96,
      paperHeight: (sheet?.height ?? drawing.height) / 96,
      marginTop: 0,
      marginRight: 0,
      marginBottom: 0,
      marginLeft: 0,
      printBackground: true,
      displayHeaderFooter: false,
      pageRanges: '1',
    },
    { inline: slot.inlineAnswers },
  );
  signal.throwIfAborted();
  return bytes;
}
