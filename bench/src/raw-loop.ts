import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--hide-scrollbars',
  '--mute-audio',
  '--font-render-hinting=none',
  '--disable-frame-rate-limit',
];

/**
 * The baseline: puppeteer-core on warm pooled pages with the fastest capture
 * we know (CDP Page.captureScreenshot with optimizeForSpeed), no API around it.
 */
export class RawLoop {
  private constructor(
    private readonly browser: Browser,
    private readonly idle: Page[],
    private readonly userDataDir: string,
  ) {}

  static async start(options: { executablePath: string; pages: number; width: number; height: number }): Promise<RawLoop> {
    const userDataDir = await mkdtemp(join(tmpdir(), 'bench-raw-'));
    const browser = await puppeteer.launch({ executablePath: options.executablePath, headless: 'shell', args: FLAGS, userDataDir });
    const pages = await Promise.all(
      Array.from({ length: options.pages }, async () => {
        const page = await browser.newPage();
        await page.setViewport({ width: options.width, height: options.height });
        return page;
      }),
    );
    return new RawLoop(browser, pages, userDataDir);
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

  async close(): Promise<void> {
    await this.browser.close();
    await rm(this.userDataDir, { recursive: true, force: true });
  }
}
