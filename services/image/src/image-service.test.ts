import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CATALOG, type RenderImageCommand } from '@pressroom/contracts';
import { BrowserPool } from '@pressroom/browser';
import { startRenderHarness, type RenderHarness } from '@pressroom/render-worker/testing';
import { createSsrfGuard } from '@pressroom/ssrf';
import { pixel } from '@pressroom/testing/media';
import { startImageService, type ImageService } from './service.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('image service: render.image through the shared lifecycle on real Chromium', () => {
  let harness: RenderHarness;
  let pool: BrowserPool;
  let service: ImageService;
  let server: Server;
  let origin: string;
  let slowHits = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.startsWith('/slow.png')) {
        slowHits += 1;
        setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG), 1_500).unref();
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    harness = await startRenderHarness();
    const guard = createSsrfGuard({ allowPrivateHosts: ['127.0.0.1/32'] });
    // As in production: every byte through the guard's egress proxy.
    pool = await BrowserPool.start({
      executablePath: EXECUTABLE,
      pages: 2,
      restartAfter: 1000,
      queueLimit: 10,
      renderTimeoutMs: 15_000,
      egressGuard: guard,
    });
    service = await startImageService({ ...harness.deps, pool, guard, pngCompression: 'fast', concurrency: 2 });
  });

  afterAll(async () => {
    await service?.stop();
    await pool?.close();
    await harness?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function command(overrides: Partial<RenderImageCommand>): Promise<RenderImageCommand> {
    return {
      ...(await harness.newRender('image', 'png')),
      source: { kind: 'html', html: '<body style="margin:0;background:#0000ff"></body>', jsEnabled: false },
      width: 40,
      height: 30,
      selector: null,
      format: 'png',
      quality: 1,
      ...overrides,
    };
  }

  it('renders HTML to a PNG of the asked size and colour', async () => {
    const render = await command({});
    await harness.deps.bus.publish(CATALOG.renderImage, render);
    const outcome = await harness.outcome(render.renderId);
    expect(outcome).toMatchObject({ status: 'done', contentType: 'image/png', width: 40, height: 30 });
    const png = await harness.file(outcome);
    expect(await pixel(png, 20, 15)).toEqual([0, 0, 255]);
  });

  it('renders a fabric canvas (half red, half green)', async () => {
    const rect = (left: number, fill: string) => ({
      type: 'Rect',
      originX: 'left',
      originY: 'top',
      left,
      top: 0,
      width: 20,
      height: 30,
      fill,
      strokeWidth: 0,
    });
    const render = await command({ source: { kind: 'canvas', canvas: { objects: [rect(0, '#ff0000'), rect(20, '#00ff00')] }, fonts: [] } });
    await harness.deps.bus.publish(CATALOG.renderImage, render);
    const png = await harness.file(await harness.outcome(render.renderId));
    expect(await pixel(png, 5, 15)).toEqual([255, 0, 0]);
    expect(await pixel(png, 35, 15)).toEqual([0, 255, 0]);
  });

  it('answers a selector that matches nothing with a 422 selector-not-found', async () => {
    const render = await command({ selector: '#nowhere' });
    await harness.deps.bus.publish(CATALOG.renderImage, render);
    expect(await harness.outcome(render.renderId)).toMatchObject({
      status: 'failed',
      problem: { slug: 'selector-not-found', status: 422 },
    });
  });

  it('finishes a render whose browser is SIGKILLed mid-render (retried on the relaunched browser)', async () => {
    const render = await command({
      source: {
        kind: 'html',
        html: `<body style="margin:0;background:#ff00ff"><img src="${origin}/slow.png" style="width:1px;height:1px"></body>`,
        jsEnabled: false,
      },
    });
    const before = pool.health();
    await harness.deps.bus.publish(CATALOG.renderImage, render);
    const deadline = Date.now() + 10_000;
    while (slowHits === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    process.kill(before.pid!, 'SIGKILL');
    const outcome = await harness.outcome(render.renderId);
    expect(outcome.status).toBe('done');
    expect(await pixel(await harness.file(outcome), 20, 15)).toEqual([255, 0, 255]);
    expect(slowHits).toBe(2);
    expect(pool.health()).toMatchObject({ status: 'ok', restarts: before.restarts + 1 });
  });
});
