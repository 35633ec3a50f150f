/**
 * Which encoder path is fastest per output format: Chromium encoding JPEG/WebP
 * itself vs capturing the fast PNG and encoding with sharp, at concurrency 1
 * and 4, on a flat and a gradient 1200×630 card. Numbers are in the README.
 *
 *   npx tsx --conditions=source libs/browser/scripts/measure-formats.ts
 */
import puppeteer, { type CDPSession, type Page } from 'puppeteer-core';
import sharp from 'sharp';
import { BASE_FLAGS } from '../src/launch-browser.js';
const CARDS: Record<string, string> = {
  gradient: `<html><body style="margin:0"><div style="width:1200px;height:630px;background:linear-gradient(135deg,#1e3c72,#2a5298);color:white;font-family:sans-serif;display:flex;align-items:center;justify-content:center;flex-direction:column"><h1 style="font-size:72px">Pressroom render card</h1><p style="font-size:32px">Hello world — 日本語のテキスト 🎉</p></div></body></html>`,
  flat: `<html><body style="margin:0;background:#fff;font-family:sans-serif"><div style="padding:60px"><h1 style="font-size:64px;color:#111">Launch week: day 3</h1><p style="font-size:30px;color:#555">Everything we shipped today, in one card. Faster renders, smaller files.</p><div style="margin-top:80px;display:flex;gap:20px"><div style="width:120px;height:120px;border-radius:60px;background:#f43f5e"></div><div style="font-size:28px;color:#333">Jane Doe<br><span style="color:#888">@jane</span></div></div></div></body></html>`,
};
const browser = await puppeteer.launch({
  executablePath: '/usr/lib/chromium/chromium-headless-shell',
  headless: 'shell',
  pipe: true,
  args: BASE_FLAGS,
});
const idle: { page: Page; cdp: CDPSession }[] = [];
for (let i = 0; i < 4; i++) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 630 });
  idle.push({ page, cdp: await page.createCDPSession() });
}
type Strategy = (cdp: CDPSession) => Promise<Buffer>;
const shot = async (cdp: CDPSession, format: 'png' | 'jpeg' | 'webp', quality?: number) =>
  Buffer.from(
    (await cdp.send('Page.captureScreenshot', { format, optimizeForSpeed: true, ...(quality ? { quality } : {}) })).data,
    'base64',
  );
const strategies: Record<string, Strategy> = {
  'chromium jpeg q90': (cdp) => shot(cdp, 'jpeg', 90),
  'png -> sharp jpeg q90': async (cdp) =>
    sharp(await shot(cdp, 'png'))
      .jpeg({ quality: 90 })
      .toBuffer(),
  'chromium webp q90': (cdp) => shot(cdp, 'webp', 90),
  'png -> sharp webp q90 e0': async (cdp) =>
    sharp(await shot(cdp, 'png'))
      .webp({ quality: 90, effort: 0 })
      .toBuffer(),
  'jpeg q100 -> sharp webp': async (cdp) =>
    sharp(await shot(cdp, 'jpeg', 100))
      .webp({ quality: 90, effort: 0 })
      .toBuffer(),
};
for (const [cardName, html] of Object.entries(CARDS)) {
  for (const s of idle) await s.page.setContent(html);
  for (const [name, strategy] of Object.entries(strategies)) {
    const run = async (conc: number, n: number) => {
      const lat: number[] = [];
      let size = 0;
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: conc }, async () => {
          while (next++ < n) {
            const s = idle.pop()!;
            const t = performance.now();
            await s.page.setContent(html);
            size = (await strategy(s.cdp)).length;
            lat.push(performance.now() - t);
            idle.push(s);
          }
        }),
      );
      lat.sort((a, b) => a - b);
      return { p50: lat[lat.length >> 1]!, rps: (n / (performance.now() - t0)) * 1000, size };
    };
    await run(4, 8);
    const a = await run(1, 20),
      b = await run(4, 40);
    console.log(
      cardName.padEnd(9),
      name.padEnd(26),
      'c1 p50',
      a.p50.toFixed(1).padStart(6),
      ' c4',
      b.rps.toFixed(1).padStart(5),
      '/s  ',
      a.size,
    );
  }
}
await browser.close();
