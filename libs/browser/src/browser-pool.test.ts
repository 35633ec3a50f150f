import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSsrfGuard } from '@pressroom/ssrf';
import { createLogger } from '@pressroom/telemetry';
import { BrowserPool, captureImage, QueueFullError, RenderCrashedError, RenderTimeoutError, type CaptureRequest } from './index.js';
import { decode } from './test-support/pixels.js';
import { RED_PIXEL_PNG, startLocalServer, type LocalServer } from './test-support/local-server.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const guard = createSsrfGuard({ allowPrivateHosts: ['127.0.0.1/32'] });

const card = (colour: string, extra = '', jsEnabled = false): CaptureRequest => ({
  source: { kind: 'html', html: `<html><body style="margin:0;background:${colour}">${extra}</body></html>`, jsEnabled },
  width: 64,
  height: 64,
  selector: null,
  format: 'png',
  quality: 1,
});

/** A render that must work after whatever the test did to the pool. */
async function expectHealthyRender(pool: BrowserPool): Promise<void> {
  const image = await captureImage(pool, card('#00ff00'), { guard });
  expect((await decode(image.bytes)).pixel(32, 32)).toEqual([0, 255, 0]);
}

// Long enough for a page or browser to be replaced on a loaded CI machine (2 cores, other suites' Chromium beside).
async function waitFor(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A logger whose lines the test reads back. */
function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = createLogger({
    service: 'test',
    level: 'debug',
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  return { lines, logger };
}

describe('BrowserPool', () => {
  let pool: BrowserPool;
  let server: LocalServer;

  beforeAll(async () => {
    server = await startLocalServer('127.0.0.1', { '/never': () => undefined });
    pool = await BrowserPool.start({
      executablePath: EXECUTABLE,
      pages: 2,
      restartAfter: 1000,
      queueLimit: 1,
      // Healthy renders get room on a loaded CI machine; the bad pages below bring their own short limit.
      renderTimeoutMs: 5000,
      jsHeapLimitMb: 64,
    });
  });

  afterAll(async () => {
    await pool?.close();
    await server?.close();
  });

  it('starts with warm pages and reports the live browser', () => {
    const health = pool.health();
    expect(health).toMatchObject({ status: 'ok', pagesIdle: 2, pagesBusy: 0, queued: 0, restarts: 0 });
    expect(health.pid).toBeGreaterThan(0);
    expect(() => process.kill(health.pid!, 0)).not.toThrow();
  });

  it('times out a page that never finishes loading, replaces it, and renders on', async () => {
    const started = Date.now();
    const error = await captureImage(pool, card('#fff', `<img src="${server.origin}/never">`), { guard, timeoutMs: 1500 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RenderTimeoutError);
    expect((error as RenderTimeoutError).slug).toBe('render-timeout');
    // Ended by the 1.5 s time-out (/never never answers); the bound leaves room for a loaded machine's stall.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.hits).toContain('/never');
    await expectHealthyRender(pool);
  });

  it('times out an endless JavaScript loop, closes the hung page, and renders on', async () => {
    const error = await captureImage(pool, card('#fff', '<script>while (true) {}</script>', true), { guard, timeoutMs: 1000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RenderTimeoutError);
    await expectHealthyRender(pool);
    await expectHealthyRender(pool);
    await waitFor(() => pool.health().pagesIdle === 2);
  });

  it('reports a renderer crash (runaway memory) as RenderCrashedError and recovers', async () => {
    const hog = '<script>const keep = []; while (true) keep.push(new Array(1e6).fill(Math.random()));</script>';
    const error = await captureImage(pool, card('#fff', hog, true), { guard, timeoutMs: 20_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderCrashedError);
    expect((error as RenderCrashedError).slug).toBe('render-failed');
    await expectHealthyRender(pool);
    await waitFor(() => pool.health().pagesIdle === 2);
  });

  it('rejects jobs beyond the queue limit with QueueFullError', async () => {
    let releaseJobs!: () => void;
    const gate = new Promise<void>((resolve) => (releaseJobs = resolve));
    const holding = [pool.run(() => gate), pool.run(() => gate)];
    await waitFor(() => pool.health().pagesBusy === 2);
    const queued = pool.run(async () => 'queued ran');
    expect(pool.health().queued).toBe(1);
    await expect(pool.run(async () => 'never')).rejects.toBeInstanceOf(QueueFullError);
    releaseJobs();
    await Promise.all(holding);
    await expect(queued).resolves.toBe('queued ran');
  });

  it('notices a killed browser, reports it, and relaunches for the next render', async () => {
    const before = pool.health();
    process.kill(before.pid!, 'SIGKILL');
    await waitFor(() => pool.health().status !== 'ok');
    expect(['down', 'restarting']).toContain(pool.health().status);
    await expectHealthyRender(pool);
    const after = pool.health();
    expect(after.status).toBe('ok');
    expect(after.pid).not.toBe(before.pid);
    expect(after.restarts).toBe(before.restarts + 1);
    expect(after.pagesIdle + after.pagesBusy).toBe(2);
  });
});

/**
 * A browser executable that counts its launches in `launches` and exits at once for the first `failures`
 * of them (as a headless shell dying while DevTools attaches), then runs the real one.
 */
async function flakyExecutable(
  failures: number,
): Promise<{ executablePath: string; launches(): Promise<number>; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pressroom-flaky-chromium-'));
  const count = path.join(dir, 'launches');
  const executablePath = path.join(dir, 'chromium');
  await writeFile(
    executablePath,
    `#!/bin/sh\necho x >> '${count}'\nif [ "$(wc -l < '${count}')" -le ${failures} ]; then exit 1; fi\nexec '${EXECUTABLE}' "$@"\n`,
  );
  await chmod(executablePath, 0o755);
  return {
    executablePath,
    launches: async () => (await readFile(count, 'utf8').catch(() => '')).split('\n').filter(Boolean).length,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

describe('BrowserPool start-up', () => {
  it('launches once more when the first browser dies at start, and renders on the second', async () => {
    const flaky = await flakyExecutable(1);
    const { lines, logger } = recordingLogger();
    const pool = await BrowserPool.start({
      executablePath: flaky.executablePath,
      pages: 1,
      restartAfter: 100,
      queueLimit: 1,
      renderTimeoutMs: 5000,
      logger,
    });
    try {
      await expectHealthyRender(pool);
      expect(await flaky.launches()).toBe(2);
      expect(lines.filter((line) => line.level === 40).map((line) => line.msg)).toEqual(['browser launch failed: trying once more']);
      expect(pool.health()).toMatchObject({ status: 'ok', restarts: 0 });
    } finally {
      await pool.close();
      await flaky.remove();
    }
  });

  it('gives up after the second failed launch with the launch error', async () => {
    const flaky = await flakyExecutable(2);
    try {
      await expect(
        BrowserPool.start({ executablePath: flaky.executablePath, pages: 1, restartAfter: 100, queueLimit: 1, renderTimeoutMs: 5000 }),
      ).rejects.toThrow(/Target closed|Failed to launch the browser process/);
      expect(await flaky.launches()).toBe(2);
    } finally {
      await flaky.remove();
    }
  });
});

describe('BrowserPool restarts', () => {
  it('relaunches the browser after restartAfter renders and keeps rendering', async () => {
    const pool = await BrowserPool.start({ executablePath: EXECUTABLE, pages: 1, restartAfter: 3, queueLimit: 10, renderTimeoutMs: 5000 });
    try {
      const firstPid = pool.health().pid;
      for (let i = 0; i < 3; i++) await expectHealthyRender(pool);
      await expectHealthyRender(pool); // waits for the relaunch, then renders on the new browser
      const health = pool.health();
      expect(health.restarts).toBe(1);
      expect(health.pid).not.toBe(firstPid);
      expect(health.rendersSinceStart).toBe(1);
      expect(() => process.kill(firstPid!, 0)).toThrow();
    } finally {
      await pool.close();
    }
  });

  it('closes during a relaunch without reporting the abandoned launch as an error', async () => {
    const { lines, logger } = recordingLogger();
    const pool = await BrowserPool.start({
      executablePath: EXECUTABLE,
      pages: 1,
      restartAfter: 1,
      queueLimit: 10,
      renderTimeoutMs: 5000,
      logger,
    });
    await expectHealthyRender(pool); // its release starts the relaunch
    await waitFor(() => pool.health().status === 'restarting');
    await pool.close();
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.map((line) => line.msg)).toContain('browser relaunch abandoned: the pool is closing');
  });

  it('closes while a hung page is being replaced without reporting the page as hung', async () => {
    const { lines, logger } = recordingLogger();
    const pool = await BrowserPool.start({
      executablePath: EXECUTABLE,
      pages: 1,
      restartAfter: 100,
      queueLimit: 10,
      renderTimeoutMs: 800,
      logger,
    });
    await expect(captureImage(pool, card('#000', '<script>for(;;){}</script>', true), { guard })).rejects.toBeInstanceOf(
      RenderTimeoutError,
    );
    await pool.close(); // the timed-out page's replacement is under way
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lines.filter((line) => /restarting the browser/.test(line.msg))).toEqual([]);
  });

  it('lets queued jobs wait through a restart while the in-flight one runs again on the new browser', async () => {
    const pool = await BrowserPool.start({
      executablePath: EXECUTABLE,
      pages: 1,
      restartAfter: 100,
      queueLimit: 10,
      renderTimeoutMs: 5000,
    });
    try {
      let attempts = 0;
      const inFlight = pool.run(async () => {
        attempts += 1;
        if (attempts === 1) return new Promise<never>(() => undefined);
        return 'second attempt';
      });
      await waitFor(() => pool.health().pagesBusy === 1);
      const queued = captureImage(pool, card('#00ff00'), { guard });
      process.kill(pool.health().pid!, 'SIGKILL');
      await expect(inFlight).resolves.toBe('second attempt');
      const image = await queued;
      expect((await decode(image.bytes)).pixel(1, 1)).toEqual([0, 255, 0]);
    } finally {
      await pool.close();
    }
  });
});

describe("BrowserPool crash recovery (a crash is not the render's fault until it repeats)", () => {
  let server: LocalServer;
  let pool: BrowserPool;

  beforeAll(async () => {
    server = await startLocalServer('127.0.0.1', {
      // Holds each render in flight long enough to kill the browser under it.
      '/slow.png': (_req, res) => {
        setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(RED_PIXEL_PNG), 1500).unref();
      },
    });
    pool = await BrowserPool.start({ executablePath: EXECUTABLE, pages: 4, restartAfter: 1000, queueLimit: 4, renderTimeoutMs: 15_000 });
  });

  afterAll(async () => {
    await pool?.close();
    await server?.close();
  });

  it('runs all 4 renders in flight on a SIGKILLed browser again on the relaunched one: 4 successes', async () => {
    const colours: Array<[string, [number, number, number]]> = [
      ['#ff0000', [255, 0, 0]],
      ['#00ff00', [0, 255, 0]],
      ['#0000ff', [0, 0, 255]],
      ['#ffff00', [255, 255, 0]],
    ];
    const before = pool.health();
    const renders = colours.map(([colour]) =>
      captureImage(pool, card(colour, `<img src="${server.origin}/slow.png" style="width:1px;height:1px">`), { guard }),
    );
    await waitFor(() => pool.health().pagesBusy === 4 && server.hits.filter((hit) => hit === '/slow.png').length === 4);
    process.kill(before.pid!, 'SIGKILL');
    const images = await Promise.all(renders);
    for (const [index, image] of images.entries()) {
      expect((await decode(image.bytes)).pixel(32, 32)).toEqual(colours[index]![1]);
    }
    const after = pool.health();
    expect(after.status).toBe('ok');
    expect(after.pid).not.toBe(before.pid);
    expect(after.restarts).toBe(before.restarts + 1);
    expect(after.crashRetries).toBe(before.crashRetries + 4);
    // Each render loaded its page twice: once on the killed browser, once on the new one.
    expect(server.hits.filter((hit) => hit === '/slow.png')).toHaveLength(8);
  });

  it('answers RenderCrashedError (422) for a job that kills the browser on its retry too, and renders on', async () => {
    let attempts = 0;
    const error = await pool
      .run(async () => {
        attempts += 1;
        process.kill(pool.health().pid!, 'SIGKILL');
        return new Promise<never>(() => undefined);
      })
      .catch((e: unknown) => e);
    expect(attempts).toBe(2);
    expect(error).toBeInstanceOf(RenderCrashedError);
    expect((error as RenderCrashedError).slug).toBe('render-failed');
    expect((error as RenderCrashedError).detail).toMatch(/page crashed the renderer/);
    await expectHealthyRender(pool);
  });

  it('answers RenderCrashedError for a page that crashes its renderer on a fresh page too (runaway memory)', async () => {
    let attempts = 0;
    const error = await pool
      .run(async (page) => {
        attempts += 1;
        await page.evaluate(() => {
          const keep: number[][] = [];
          for (;;) keep.push(new Array<number>(1e6).fill(Math.random()));
        });
      })
      .catch((e: unknown) => e);
    expect(attempts).toBe(2);
    expect(error).toBeInstanceOf(RenderCrashedError);
    await expectHealthyRender(pool);
  });
});
