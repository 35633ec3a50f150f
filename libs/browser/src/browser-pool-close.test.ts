import { BrowserPool, PoolClosedError, RenderCrashedError } from './index.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/**
 * A render cut by our own close is the shutdown's doing, never the page's: it fails as PoolClosedError
 * (503 service-unavailable, handed back by the render worker, ADR 0068), not as a renderer crash (422).
 */
describe('BrowserPool closed under a render', () => {
  const start = () =>
    BrowserPool.start({ executablePath: EXECUTABLE, pages: 1, restartAfter: 100, queueLimit: 10, renderTimeoutMs: 20_000 });

  it.each([
    [
      'waiting on the page',
      (page: Parameters<Parameters<BrowserPool['run']>[0]>[0]) => page.evaluate(() => new Promise<never>(() => undefined)),
    ],
    ['busy outside the page', () => new Promise<never>(() => undefined)],
  ])('fails the render %s with PoolClosedError, not RenderCrashedError', async (_what, job) => {
    const pool = await start();
    const running = pool.run(job).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await pool.close();
    const error = await running;
    expect(error).toBeInstanceOf(PoolClosedError);
    expect(error).not.toBeInstanceOf(RenderCrashedError);
    expect((error as PoolClosedError).slug).toBe('service-unavailable');
  });

  it('refuses a render asked of a closed pool, and one that was waiting for a page', async () => {
    const pool = await start();
    const busy = pool.run(() => new Promise<never>(() => undefined)).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waiting = pool.run(async () => 'never').catch((error: unknown) => error);
    await pool.close();
    expect(await waiting).toBeInstanceOf(PoolClosedError);
    expect(await busy).toBeInstanceOf(PoolClosedError);
    await expect(pool.run(async () => 'late')).rejects.toBeInstanceOf(PoolClosedError);
  });
});
