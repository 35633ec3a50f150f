import { CATALOG, type RenderGifCommand } from '@pressroom/contracts';
import { ANIMATION_CAPTURE_FLAGS, BrowserPool } from '@pressroom/browser';
import { startRenderHarness, type RenderHarness } from '@pressroom/render-worker/testing';
import { createSsrfGuard } from '@pressroom/ssrf';
import { pixel, probeGif } from '@pressroom/testing/media';
import { startGifService, type GifService } from './service.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** Red for the first half second, blue for the second (a stepped CSS animation). */
const RED_THEN_BLUE = `<style>
  body { margin: 0 }
  #box { width: 40px; height: 30px; background: red; animation: flip 1s steps(1, end) forwards }
  @keyframes flip { 0% { background: red } 50% { background: blue } 100% { background: blue } }
</style><div id="box"></div>`;

describe('gif service: render.gif through the shared lifecycle on real Chromium', () => {
  let harness: RenderHarness;
  let pool: BrowserPool;
  let service: GifService;

  beforeAll(async () => {
    harness = await startRenderHarness();
    const guard = createSsrfGuard({ allowPrivateHosts: [] });
    pool = await BrowserPool.start({
      executablePath: EXECUTABLE,
      pages: 1,
      restartAfter: 1000,
      queueLimit: 10,
      renderTimeoutMs: 30_000,
      extraArgs: ANIMATION_CAPTURE_FLAGS,
      egressGuard: guard,
    });
    service = await startGifService({ ...harness.deps, pool, guard, concurrency: 1, stepTimeoutMs: 10_000, gifTimeoutMs: 30_000 });
  });

  afterAll(async () => {
    await service?.stop();
    await pool?.close();
    await harness?.close();
  });

  async function command(overrides: Partial<RenderGifCommand>): Promise<RenderGifCommand> {
    return {
      ...(await harness.newRender('gif', 'gif')),
      mode: 'animation',
      source: { kind: 'html', html: RED_THEN_BLUE, jsEnabled: false },
      width: 40,
      height: 30,
      quality: 'medium',
      fps: 10,
      durationSeconds: 1,
      maxDurationSeconds: 5,
      selector: null,
      waitForSelector: null,
      ...overrides,
    };
  }

  it('steps a CSS animation into a GIF: 10 frames at 10 fps, red first, details on the row', async () => {
    const render = await command({});
    await harness.deps.bus.publish(CATALOG.renderGif, render);
    const outcome = await harness.outcome(render.renderId);
    expect(outcome).toMatchObject({ status: 'done', contentType: 'image/gif', width: 40, height: 30 });
    const gif = await harness.file(outcome);
    const probe = await probeGif(gif);
    expect(probe).toMatchObject({ frames: 10, width: 40, height: 30 });
    expect(probe.delays.reduce((a, b) => a + b, 0)).toBe(1_000);
    const [r, g, b] = await pixel(gif, 20, 15);
    expect(r).toBeGreaterThan(200);
    expect(g + b).toBeLessThan(60);
  });

  it('answers a recording of a non-URL source as a failure of ours after the last delivery (500, never a 4xx)', async () => {
    const render = await command({ mode: 'recording' });
    await harness.deps.bus.publish(CATALOG.renderGif, render);
    expect(await harness.outcome(render.renderId)).toMatchObject({ status: 'failed', problem: { slug: 'render-failed', status: 500 } });
  });
});
