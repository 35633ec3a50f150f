import type { Page } from 'puppeteer-core';
import { launchRawBrowser, type RawBrowser } from './raw-browser.js';

/**
 * The baseline: puppeteer-core on warm pooled pages with the fastest capture
 * we know (CDP Page.captureScreenshot with optimizeForSpeed), no API around it.
 */
export class RawLoop {
  private constructor(
    private readonly raw: RawBrowser,
    private readonly idle: Page[],
  ) {}

  static async start(options: {
    executablePath: string;
    pages: number;
    width: number;
    height: number;
    /** Flags beyond the developer's own (raw-browser.ts), for a side that measures one of ours. */
    extraArgs?: string[];
  }): Promise<RawLoop> {
    const raw = await launchRawBrowser({ executablePath: options.executablePath, name: 'raw', extraArgs: options.extraArgs });
    const pages = await Promise.all(
      Array.from({ length: options.pages }, async () => {
        const page = await raw.browser.newPage();
        await page.setViewport({ width: options.width, height: options.height });
        return page;
      }),
    );
    return new RawLoop(raw, pages);
  }

  /** `optimizeForSpeed: false` asks for Chromium's default PNG encoder (the PNG bench's size reference). */
  async capture(html: string, size: { width: number; height: number }, options: { optimizeForSpeed?: boolean } = {}): Promise<Buffer> {
    const page = this.idle.pop();
    if (!page) throw new Error('raw loop: more concurrent captures than pages');
    try {
      await page.setContent(html, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const session = await page.createCDPSession();
      try {
        const { data } = await session.send('Page.captureScreenshot', {
          format: 'png',
          optimizeForSpeed: options.optimizeForSpeed ?? true,
          clip: { x: 0, y: 0, width: size.width, height: size.height, scale: 1 },
        });
        return Buffer.from(data, 'base64');
      } finally {
        await session.detach();
      }
    } finally {
      this.idle.push(page);
    }
  }

  /** The browser process; its descendants are Chromium's other processes. */
  get browserPid(): number | undefined {
    return this.raw.browser.process()?.pid;
  }

  async close(): Promise<void> {
    await this.raw.close();
  }
}
