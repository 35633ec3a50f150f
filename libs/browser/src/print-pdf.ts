import type { Page } from 'puppeteer-core';
import type { SsrfGuard } from '@pressroom/ssrf';
import { inSpan } from '@pressroom/telemetry';
import type { BrowserPool } from './browser-pool.js';
import type { CaptureSource } from './capture-image.js';
import { guardPage } from './guard-page.js';
import { loadSource, withDeadline } from './load-source.js';
import { slotOf } from './page-slot.js';
import { printToPdf } from './print-to-pdf.js';
import { isScriptFree } from './script-free.js';

export interface PdfMargins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface PdfPrintRequest {
  source: CaptureSource;
  /** Page size in points (1/72 inch), orientation already applied. */
  widthPt: number;
  heightPt: number;
  /** Points. */
  margins: PdfMargins;
  printBackground: boolean;
  /** Chromium header/footer markup (classes pageNumber, totalPages, date, title, url); null: none. */
  headerTemplate: string | null;
  footerTemplate: string | null;
  /** Document title (PDF metadata and the `title` class); null: the page's own. */
  title: string | null;
}

export interface PdfPrintOptions {
  guard: SsrfGuard;
  /** The whole job; defaults to the pool's render time-out. */
  timeoutMs?: number;
  /** Loading the page must finish within this (default: the job's limit). */
  loadTimeoutMs?: number;
}

const inches = (points: number): number => points / 72;

/** Prints HTML or a URL to PDF on a pooled, guarded page (Chromium's Page.printToPDF). */
export async function printPdf(pool: BrowserPool, request: PdfPrintRequest, options: PdfPrintOptions): Promise<Buffer> {
  return pool.run(
    (page, signal) => inSpan('browser.on_page', () => printOnPage(page, request, options, signal)),
    options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {},
  );
}

async function printOnPage(page: Page, request: PdfPrintRequest, options: PdfPrintOptions, signal: AbortSignal): Promise<Buffer> {
  const slot = slotOf(page);
  if (!slot) throw new Error('printPdf needs a page from a BrowserPool');
  const { source } = request;
  const jsEnabled = source.kind === 'html' ? source.jsEnabled && !isScriptFree(source.html) : true;
  await slot.applySettings({ jsEnabled });
  const pageGuard = guardPage(page, options.guard);
  try {
    const loading = inSpan('browser.load', () => loadSource(page, source, pageGuard, signal));
    await (options.loadTimeoutMs !== undefined ? withDeadline(loading, options.loadTimeoutMs, 'loading the page') : loading);
    if (request.title !== null) {
      await page.evaluate((title) => {
        document.title = title;
      }, request.title);
    }
    const headerFooter = request.headerTemplate !== null || request.footerTemplate !== null;
    const bytes = await inSpan('browser.print', () =>
      printToPdf(
        slot.cdp,
        {
          paperWidth: inches(request.widthPt),
          paperHeight: inches(request.heightPt),
          marginTop: inches(request.margins.top),
          marginRight: inches(request.margins.right),
          marginBottom: inches(request.margins.bottom),
          marginLeft: inches(request.margins.left),
          printBackground: request.printBackground,
          displayHeaderFooter: headerFooter,
          // Chromium prints its own date/title header when one of the two is left out.
          ...(headerFooter
            ? { headerTemplate: request.headerTemplate ?? '<span></span>', footerTemplate: request.footerTemplate ?? '<span></span>' }
            : {}),
        },
        { inline: slot.inlineAnswers },
      ),
    );
    signal.throwIfAborted();
    if (pageGuard.blockedNavigation) throw pageGuard.blockedNavigation;
    return bytes;
  } finally {
    pageGuard.release();
  }
}
