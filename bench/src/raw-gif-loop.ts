import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import gifenc from 'gifenc';
import puppeteer, { type Browser, type CDPSession, type Page } from 'puppeteer-core';
import sharp from 'sharp';

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
  '--disable-threaded-animation',
];

/**
 * The GIF baseline: one warm puppeteer-core page, the same stepping method
 * as Pressroom (animation clock frozen, every animation paused and seeked per
 * frame, CDP screenshot), sharp to decode, gifenc to encode; one frame after
 * the other, nothing around it.
 */
export class RawGifLoop {
  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
    private readonly cdp: CDPSession,
    private readonly userDataDir: string,
  ) {}

  static async start(options: { executablePath: string; width: number; height: number }): Promise<RawGifLoop> {
    const userDataDir = await mkdtemp(join(tmpdir(), 'bench-raw-gif-'));
    const browser = await puppeteer.launch({
      executablePath: options.executablePath,
      headless: 'shell',
      args: FLAGS,
      userDataDir,
      pipe: true,
    });
    const page = await browser.newPage();
    await page.setViewport({ width: options.width, height: options.height });
    const cdp = await page.createCDPSession();
    return new RawGifLoop(browser, page, cdp, userDataDir);
  }

  async render(html: string, options: { fps: number; frames: number }): Promise<Buffer> {
    await this.cdp.send('Animation.enable');
    await this.cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
    await this.page.setContent(html, { waitUntil: 'load' });
    const gif = gifenc.GIFEncoder();
    const end = (i: number) => Math.ceil((100 * i) / options.fps - 1e-9);
    for (let i = 0; i < options.frames; i++) {
      await this.page.evaluate(
        (t) => {
          for (const a of document.getAnimations()) {
            a.pause();
            a.currentTime = t;
          }
        },
        (i * 1000) / options.fps,
      );
      const { data } = await this.cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true });
      const { data: rgba, info } = await sharp(Buffer.from(data, 'base64')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const palette = gifenc.quantize(rgba, 256);
      gif.writeFrame(gifenc.applyPalette(rgba, palette), info.width, info.height, {
        palette,
        delay: (end(i + 1) - end(i)) * 10,
        repeat: 0,
      });
    }
    gif.finish();
    await this.cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
    return Buffer.from(gif.bytesView());
  }

  async close(): Promise<void> {
    await this.browser.close();
    await rm(this.userDataDir, { recursive: true, force: true });
  }
}
