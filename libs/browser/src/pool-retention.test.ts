import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BrowserPool } from './index.js';
import { OneShot } from './one-shot.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('OneShot', () => {
  it('calls each listener once, late listeners at once, and removed listeners never', () => {
    const event = new OneShot<string>();
    const heard: string[] = [];
    event.on((v) => heard.push(`a:${v}`));
    const off = event.on((v) => heard.push(`b:${v}`));
    off();
    event.fire('x');
    event.fire('y');
    event.on((v) => heard.push(`c:${v}`));
    expect(heard).toEqual(['a:x', 'c:x']);
  });
});

/** In its own frame, so the test's own variables hold none of the results. */
async function renderBigResults(pool: BrowserPool, count: number): Promise<WeakRef<Buffer>[]> {
  const results: WeakRef<Buffer>[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = await pool.run(async (page) => {
      await page.setContent(`<p>${i}</p>`);
      return Buffer.alloc(256 * 1024, i);
    });
    if (bytes[0] !== i) throw new Error(`render ${i} returned another result`);
    results.push(new WeakRef(bytes));
  }
  return results;
}

describe('BrowserPool memory', () => {
  let pool: BrowserPool;
  beforeAll(async () => {
    pool = await BrowserPool.start({
      executablePath: EXECUTABLE,
      pages: 2,
      restartAfter: 1_000_000,
      queueLimit: 10,
      renderTimeoutMs: 5_000,
    });
  });
  afterAll(() => pool?.close());

  // A browser lives for many renders: nothing a render returns may stay reachable from it once the render is over
  // (each render used to leave a reaction on the browser's and the page's lifetime promises, holding its result).
  it('keeps no render result alive after the render returned, on a browser that is never relaunched', async () => {
    const results = await renderBigResults(pool, 40);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    gc();
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(results.flatMap((ref, i) => (ref.deref() === undefined ? [] : [i]))).toEqual([]);
  });
});
