import { PDFDocument } from 'pdf-lib';
import type { Page } from 'puppeteer-core';
import { launchRawBrowser, type RawBrowser } from './raw-browser.js';

/** The PDF baseline: puppeteer-core on warm pages, `setContent` + `page.pdf` (A4, backgrounds), nothing around it. */
export class RawPdfLoop {
  private constructor(
    private readonly raw: RawBrowser,
    private readonly idle: Page[],
  ) {}

  static async start(options: { executablePath: string; pages: number }): Promise<RawPdfLoop> {
    const raw = await launchRawBrowser({ executablePath: options.executablePath, name: 'raw-pdf', pipe: true });
    const pages = await Promise.all(Array.from({ length: options.pages }, () => raw.browser.newPage()));
    return new RawPdfLoop(raw, pages);
  }

  async print(html: string): Promise<Uint8Array> {
    const page = this.idle.pop();
    if (!page) throw new Error('raw pdf loop: more concurrent prints than pages');
    try {
      await page.setContent(html, { waitUntil: 'load' });
      return await page.pdf({ format: 'A4', printBackground: true });
    } finally {
      this.idle.push(page);
    }
  }

  /** One print, timing its two halves (the profile's raw reference). */
  async timedPrint(html: string): Promise<{ setContentMs: number; pdfMs: number }> {
    const page = this.idle.pop();
    if (!page) throw new Error('raw pdf loop: more concurrent prints than pages');
    try {
      const t0 = performance.now();
      await page.setContent(html, { waitUntil: 'load' });
      const t1 = performance.now();
      await page.pdf({ format: 'A4', printBackground: true });
      return { setContentMs: t1 - t0, pdfMs: performance.now() - t1 };
    } finally {
      this.idle.push(page);
    }
  }

  /** One print per document, joined with pdf-lib (what /pdf/multi-page does without a header/footer). */
  async printJoined(documents: string[]): Promise<Uint8Array> {
    const joined = await PDFDocument.create();
    for (const html of documents) {
      const part = await PDFDocument.load(await this.print(html));
      for (const page of await joined.copyPages(part, part.getPageIndices())) joined.addPage(page);
    }
    return joined.save();
  }

  async close(): Promise<void> {
    await this.raw.close();
  }
}
