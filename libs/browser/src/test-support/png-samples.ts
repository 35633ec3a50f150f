import { inflateSync } from 'node:zlib';
import puppeteer, { type Browser } from 'puppeteer-core';
import sharp from 'sharp';

/** Drawn content: a diagonal gradient (dithered by Skia), text and a shape. */
const GRADIENT_CARD = `<!doctype html><html><body style="margin:0;width:1200px;height:630px;background:linear-gradient(135deg,#1e3a8a,#7c3aed 55%,#db2777);font:700 64px sans-serif;color:#fff">
<h1 style="margin:0;padding:72px">Quarterly report: rendering at the speed of Chromium</h1>
<svg style="position:absolute;right:72px;top:72px" width="160" height="160"><circle cx="80" cy="80" r="70" fill="none" stroke="#fff" stroke-width="9"/></svg></body></html>`;

/** Photographic content: fractal noise, neighbouring pixels differ a little everywhere. */
const PHOTO_CARD = `<!doctype html><html><body style="margin:0;width:1200px;height:630px">
<svg width="1200" height="630"><filter id="f"><feTurbulence type="fractalNoise" baseFrequency="0.02" numOctaves="5" seed="4"/>
<feColorMatrix type="matrix" values="1 .3 0 0 0  .2 .8 .1 0 0  0 .3 .7 0 0  0 0 0 0 1"/></filter><rect width="1200" height="630" filter="url(#f)"/></svg></body></html>`;

export interface CardCaptures {
  /** Chromium's optimizeForSpeed PNG: what the image service re-packs. */
  fast: Buffer;
  /** Chromium's default encoder: the size reference of issue 18. */
  chromiumDefault: Buffer;
}

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** Both 1200×630 cards captured both ways, in a headless shell started for them and closed after. */
export async function captureCards(): Promise<Record<'gradient' | 'photo', CardCaptures>> {
  const browser = await puppeteer.launch({ executablePath: EXECUTABLE, headless: 'shell', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    return await captureOn(browser);
  } finally {
    await browser.close();
  }
}

async function captureOn(browser: Browser): Promise<Record<'gradient' | 'photo', CardCaptures>> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 630 });
  const cdp = await page.createCDPSession();
  const shot = async (optimizeForSpeed: boolean) =>
    Buffer.from((await cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed })).data, 'base64');
  const captures: Partial<Record<'gradient' | 'photo', CardCaptures>> = {};
  for (const [name, html] of [
    ['gradient', GRADIENT_CARD],
    ['photo', PHOTO_CARD],
  ] as const) {
    await page.setContent(html, { waitUntil: 'load' });
    captures[name] = { fast: await shot(true), chromiumDefault: await shot(false) };
  }
  await page.close();
  return captures as Record<'gradient' | 'photo', CardCaptures>;
}

export async function pixels(png: Buffer): Promise<{ data: Buffer; width: number; height: number; channels: number }> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** The filter type byte of every row of an 8-bit, non-interlaced PNG. */
export function rowFilters(png: Buffer): Set<number> {
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

/** An RGBA picture of bytes no filter predicts well, as a PNG whose rows libpng filtered adaptively (several filter types). */
export async function rgbaSample(): Promise<{ png: Buffer; raw: Buffer; width: number; height: number }> {
  const width = 97;
  const height = 61;
  const raw = Buffer.alloc(width * height * 4);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + ((i / 389) | 0) * 13 + ((i * i) % 251)) & 255;
  const png = await sharp(raw, { raw: { width, height, channels: 4 } })
    .png({ adaptiveFiltering: true, compressionLevel: 9 })
    .toBuffer();
  return { png, raw, width, height };
}

/** PNGs no re-packer here handles: a palette PNG, a 16-bit one, and bytes that are not a PNG. */
export async function unusualPngs(): Promise<Buffer[]> {
  const base = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } });
  return [
    await base().png({ palette: true }).toBuffer(),
    await base().toColourspace('rgb16').png().toBuffer(),
    Buffer.from('not a png at all, not even close to one'),
  ];
}
