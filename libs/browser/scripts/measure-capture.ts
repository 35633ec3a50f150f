/**
 * Compares captureImage (through BrowserPool) with a bare puppeteer-core loop
 * (pooled pages, setContent, CDP Page.captureScreenshot with optimizeForSpeed)
 * on the same 1200×630 card, alternating rounds so machine noise hits both.
 *
 *   npx tsx --conditions=source libs/browser/scripts/measure-capture.ts [png|jpeg|webp] [rounds] [flat|gradient]
 */
import puppeteer, { type CDPSession, type Page } from 'puppeteer-core';
import { createSsrfGuard } from '@pressroom/ssrf';
import { BrowserPool, captureImage, type ImageFormat } from '../src/index.js';
import { BASE_FLAGS } from '../src/launch-browser.js';
import { captureScreenshot } from '../src/screenshot-fast-path.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const format = (process.argv[2] ?? 'png') as ImageFormat;
const rounds = Number(process.argv[3] ?? 3);
const CARDS = {
  gradient: `<html><body style="margin:0"><div style="width:1200px;height:630px;background:linear-gradient(135deg,#1e3c72,#2a5298);color:white;font-family:sans-serif;display:flex;align-items:center;justify-content:center;flex-direction:column"><h1 style="font-size:72px">Pressroom render card</h1><p style="font-size:32px">Hello world — 日本語のテキスト 🎉</p></div></body></html>`,
  flat: `<html><body style="margin:0;background:#fff;font-family:sans-serif"><div style="padding:60px"><h1 style="font-size:64px;color:#111">Launch week: day 3</h1><p style="font-size:30px;color:#555">Everything we shipped today, in one card. Faster renders, smaller files.</p><div style="margin-top:80px;display:flex;gap:20px"><div style="width:120px;height:120px;border-radius:60px;background:#f43f5e"></div><div style="font-size:28px;color:#333">Jane Doe<br><span style="color:#888">@jane</span></div></div></div></body></html>`,
};
const card = (process.argv[4] ?? 'flat') as keyof typeof CARDS;
const CARD = CARDS[card];

type Render = () => Promise<number>;

async function rawLoop(pages: number): Promise<{ render: Render; close(): Promise<void> }> {
  const browser = await puppeteer.launch({ executablePath: EXECUTABLE, headless: 'shell', pipe: true, args: BASE_FLAGS });
  const idle: { page: Page; cdp: CDPSession }[] = [];
  for (let i = 0; i < pages; i++) {
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 630 });
    idle.push({ page, cdp: await page.createCDPSession() });
  }
  return {
    async render() {
      const slot = idle.pop()!;
      try {
        await slot.page.setContent(CARD);
        const captured = await captureScreenshot(slot.cdp, {
          format,
          optimizeForSpeed: true,
          ...(format === 'png' ? {} : { quality: 90 }),
        });
        return captured.length;
      } finally {
        idle.push(slot);
      }
    },
    close: () => browser.close(),
  };
}

async function pooled(pages: number): Promise<{ render: Render; close(): Promise<void> }> {
  const pool = await BrowserPool.start({
    executablePath: EXECUTABLE,
    pages,
    restartAfter: 100_000,
    queueLimit: 100,
    renderTimeoutMs: 10_000,
  });
  const guard = createSsrfGuard({ allowPrivateHosts: [] });
  return {
    async render() {
      const image = await captureImage(
        pool,
        { source: { kind: 'html', html: CARD, jsEnabled: false }, width: 1200, height: 630, selector: null, format, quality: 0.9 },
        { guard },
      );
      return image.bytes.length;
    },
    close: () => pool.close(),
  };
}

async function measure(render: Render, concurrency: number, count: number): Promise<{ p50: number; perSecond: number; bytes: number }> {
  const latencies: number[] = [];
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) {
        const t = performance.now();
        bytes = await render();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return { p50: latencies[Math.floor(latencies.length / 2)]!, perSecond: (count / elapsed) * 1000, bytes };
}

const subjects = { raw: await rawLoop(4), pool: await pooled(4) };
for (const subject of Object.values(subjects)) await measure(subject.render, 4, 20); // warm-up
const results: Record<string, { c1: number[]; c4: number[]; bytes: number }> = {
  raw: { c1: [], c4: [], bytes: 0 },
  pool: { c1: [], c4: [], bytes: 0 },
};
for (let round = 0; round < rounds; round++) {
  for (const [name, subject] of Object.entries(subjects)) {
    const one = await measure(subject.render, 1, 30);
    const four = await measure(subject.render, 4, 60);
    results[name]!.c1.push(one.p50);
    results[name]!.c4.push(four.perSecond);
    results[name]!.bytes = one.bytes;
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${format} ${card} ${name.padEnd(4)} c=1 p50 ${median(r.c1).toFixed(1)} ms   c=4 ${median(r.c4).toFixed(1)} renders/s   ${r.bytes} bytes`,
  );
}
console.log(
  `overhead c=1 ${(median(results.pool!.c1) - median(results.raw!.c1)).toFixed(1)} ms, throughput ratio c=4 ${(median(results.pool!.c4) / median(results.raw!.c4)).toFixed(2)}`,
);
await Promise.all(Object.values(subjects).map((s) => s.close()));
