/**
 * How to get fabric's browser bundle into a pooled page for a canvas job. For
 * each way, alternating rounds: `inject` is the time from setContent to a page
 * with window.fabric (the only part that differs), `job` the whole pooled job
 * (setContent → fabric → loadFromJSON → CDP capture) one at a time, and the
 * throughput at concurrency 2:
 *
 *   inline:  setContent of the shell with the bundle in an inline <script>
 *   tag:     setContent of the shell, then page.addScriptTag({ content })
 *   evaluate: setContent of the shell, then Runtime.evaluate of the bundle
 *
 *   npx tsx --conditions=source libs/browser/scripts/measure-canvas.ts [rounds] [renders]
 */
import type { Page } from 'puppeteer-core';
import { BrowserPool } from '../src/index.js';
import { slotOf } from '../src/page-slot.js';
import { CANVAS_SHELL, renderFabricInPage } from '../src/canvas/canvas-page.js';
import { fabricBundle } from '../src/canvas/fabric-bundle.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const rounds = Number(process.argv[2] ?? 3);
const renders = Number(process.argv[3] ?? 30);

const CARD = {
  version: '7.4.0',
  background: '#ffffff',
  objects: [
    { type: 'Rect', originX: 'left', originY: 'top', left: 0, top: 0, width: 600, height: 630, fill: '#1e3c72' },
    { type: 'Circle', originX: 'left', originY: 'top', left: 800, top: 200, radius: 120, fill: '#f43f5e' },
    {
      type: 'Textbox',
      originX: 'left',
      originY: 'top',
      left: 60,
      top: 120,
      width: 480,
      text: 'Launch week: day 3\nEverything we shipped today',
      fontSize: 48,
      fill: '#ffffff',
      fontFamily: 'sans-serif',
      styles: [{ start: 0, end: 6, style: { fontWeight: 'bold' } }],
    },
  ],
};

type Strategy = 'inline' | 'tag' | 'evaluate';

const injectTimes: Record<Strategy, number[]> = { inline: [], tag: [], evaluate: [] };

async function render(pool: BrowserPool, strategy: Strategy, bundle: string): Promise<void> {
  await pool.run(async (page: Page) => {
    const slot = slotOf(page)!;
    await slot.applySettings({ jsEnabled: true, width: 1200, height: 630 });
    const started = performance.now();
    if (strategy === 'inline') {
      await page.setContent(
        CANVAS_SHELL.replace('</body>', () => `<script>${bundle}</script></body>`),
        { waitUntil: 'load', timeout: 0 },
      );
    } else {
      await page.setContent(CANVAS_SHELL, { waitUntil: 'load', timeout: 0 });
      if (strategy === 'tag') await page.addScriptTag({ content: bundle });
      else await page.evaluate(bundle);
    }
    injectTimes[strategy].push(performance.now() - started);
    const result = await page.evaluate(renderFabricInPage, { json: JSON.stringify(CARD), fonts: [], width: 1200, height: 630 });
    if (!result.ok) throw new Error(JSON.stringify(result));
    await slot.cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true, captureBeyondViewport: false });
  });
}

async function measure(
  pool: BrowserPool,
  strategy: Strategy,
  bundle: string,
  concurrency: number,
): Promise<{ p50: number; perSecond: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < renders) {
        const t = performance.now();
        await render(pool, strategy, bundle);
        times.push(performance.now() - t);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    p50: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10,
    perSecond: Math.round((renders / ((performance.now() - started) / 1000)) * 10) / 10,
  };
}

const bundle = await fabricBundle();
const pool = await BrowserPool.start({
  executablePath: EXECUTABLE,
  pages: 2,
  restartAfter: 100_000,
  queueLimit: 100,
  renderTimeoutMs: 10_000,
});
try {
  for (const strategy of ['inline', 'tag', 'evaluate'] as const) await measure(pool, strategy, bundle, 1); // warm-up
  for (const strategy of ['inline', 'tag', 'evaluate'] as const) injectTimes[strategy].length = 0;
  for (let round = 0; round < rounds; round++) {
    for (const strategy of ['inline', 'tag', 'evaluate'] as const) {
      const one = await measure(pool, strategy, bundle, 1);
      const two = await measure(pool, strategy, bundle, 2);
      const inject = injectTimes[strategy].splice(0).sort((a, b) => a - b);
      console.log(
        `round ${round + 1} ${strategy.padEnd(8)} inject p50 ${inject[Math.floor(inject.length / 2)]!.toFixed(1)} ms   job c=1 p50 ${one.p50} ms   c=2 ${two.perSecond}/s`,
      );
    }
  }
} finally {
  await pool.close();
}
