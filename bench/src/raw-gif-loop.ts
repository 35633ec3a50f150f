import gifenc from 'gifenc';
import type { CDPSession, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { launchRawBrowser, type RawBrowser } from './raw-browser.js';

/**
 * The GIF baseline: one warm puppeteer-core page, the same stepping method
 * as Pressroom (animation clock frozen, every animation paused and seeked per
 * frame, CDP screenshot), sharp to decode, gifenc to encode; one frame after
 * the other, nothing around it.
 */
export class RawGifLoop {
  private constructor(
    private readonly raw: RawBrowser,
    private readonly page: Page,
    private readonly cdp: CDPSession,
  ) {}

  static async start(options: { executablePath: string; width: number; height: number }): Promise<RawGifLoop> {
    const raw = await launchRawBrowser({
      executablePath: options.executablePath,
      name: 'raw-gif',
      extraArgs: ['--disable-threaded-animation'],
      pipe: true,
    });
    const page = await raw.browser.newPage();
    await page.setViewport({ width: options.width, height: options.height });
    const cdp = await page.createCDPSession();
    return new RawGifLoop(raw, page, cdp);
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
    await this.raw.close();
  }
}
