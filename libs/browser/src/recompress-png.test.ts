import { inflateSync } from 'node:zlib';
import puppeteer, { type Browser } from 'puppeteer-core';
import sharp from 'sharp';
import { recompressPng } from './recompress-png.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** Drawn content: a diagonal gradient (dithered by Skia), text and a shape. */
const GRADIENT_CARD = `<!doctype html><html><body style="margin:0;width:1200px;height:630px;background:linear-gradient(135deg,#1e3a8a,#7c3aed 55%,#db2777);font:700 64px sans-serif;color:#fff">
<h1 style="margin:0;padding:72px">Quarterly report: rendering at the speed of Chromium</h1>
<svg style="position:absolute;right:72px;top:72px" width="160" height="160"><circle cx="80" cy="80" r="70" fill="none" stroke="#fff" stroke-width="9"/></svg></body></html>`;

/** Photographic content: fractal noise, neighbouring pixels differ a little everywhere. */
const PHOTO_CARD = `<!doctype html><html><body style="margin:0;width:1200px;height:630px">
<svg width="1200" height="630"><filter id="f"><feTurbulence type="fractalNoise" baseFrequency="0.02" numOctaves="5" seed="4"/>
<feColorMatrix type="matrix" values="1 .3 0 0 0  .2 .8 .1 0 0  0 .3 .7 0 0  0 0 0 0 1"/></filter><rect width="1200" height="630" filter="url(#f)"/></svg></body></html>`;

async function pixels(png: Buffer): Promise<{ data: Buffer; width: number; height: number; channels: number }> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** The filter type byte of every row of an 8-bit, non-interlaced PNG. */
function rowFilters(png: Buffer): Set<number> {
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  let channels = 0;
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') [width, height, channels] = [data.readUInt32BE(0), data.readUInt32BE(4), data[9] === 6 ? 4 : 3];
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(idat));
  const stride = width * channels + 1;
  return new Set(Array.from({ length: height }, (_, y) => rows[y * stride]!));
}

describe('recompressPng', () => {
  let browser: Browser;
  const captures: Record<string, { fast: Buffer; chromiumDefault: Buffer }> = {};

  beforeAll(async () => {
    browser = await puppeteer.launch({ executablePath: EXECUTABLE, headless: 'shell', args: ['--no-sandbox', '--disable-gpu'] });
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 630 });
    const cdp = await page.createCDPSession();
    for (const [name, html] of Object.entries({ gradient: GRADIENT_CARD, photo: PHOTO_CARD })) {
      await page.setContent(html, { waitUntil: 'load' });
      const shot = async (optimizeForSpeed: boolean) =>
        Buffer.from((await cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed })).data, 'base64');
      captures[name] = { fast: await shot(true), chromiumDefault: await shot(false) };
    }
  }, 60_000);

  afterAll(async () => {
    await browser.close();
  });

  it.each(['gradient', 'photo'])(
    "keeps every pixel of Chromium's fast %s PNG and is no larger than Chromium's default encoder makes it",
    async (name) => {
      const { fast, chromiumDefault } = captures[name]!;
      const small = await recompressPng(fast);
      expect(small).not.toBeNull();
      const [before, after] = await Promise.all([pixels(fast), pixels(small!)]);
      expect([after.width, after.height, after.channels]).toEqual([1200, 630, before.channels]);
      expect(after.data.equals(before.data)).toBe(true);
      expect(small!.length).toBeLessThanOrEqual(chromiumDefault.length * 1.1);
      expect(small!.length).toBeLessThan(fast.length);
    },
  );

  it('packs drawn content unfiltered and photographic content filtered Up', async () => {
    expect(rowFilters((await recompressPng(captures.gradient!.fast))!)).toEqual(new Set([0]));
    const photo = rowFilters((await recompressPng(captures.photo!.fast))!);
    expect(photo.has(2)).toBe(true);
    expect([...photo].every((type) => type === 0 || type === 2)).toBe(true);
  });

  it('undoes every PNG row filter and keeps an alpha channel (RGBA input filtered adaptively by libpng)', async () => {
    const width = 97;
    const height = 61;
    const raw = Buffer.alloc(width * height * 4);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + ((i / 389) | 0) * 13 + ((i * i) % 251)) & 255;
    const input = await sharp(raw, { raw: { width, height, channels: 4 } })
      .png({ adaptiveFiltering: true, compressionLevel: 9 })
      .toBuffer();
    expect(rowFilters(input).size).toBeGreaterThan(1);
    for (const packing of ['plain', 'up-rle'] as const) {
      const output = await recompressPng(input, { packing });
      const decoded = await pixels(output!);
      expect([decoded.width, decoded.height, decoded.channels]).toEqual([width, height, 4]);
      expect(decoded.data.equals(raw)).toBe(true);
    }
  });

  it('declines what it does not handle: a palette PNG, 16-bit, and bytes that are not a PNG', async () => {
    const palette = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png({ palette: true })
      .toBuffer();
    const deep = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect(await recompressPng(palette)).toBeNull();
    expect(await recompressPng(deep)).toBeNull();
    expect(await recompressPng(Buffer.from('not a png at all, not even close to one'))).toBeNull();
  });
});
