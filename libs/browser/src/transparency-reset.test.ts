import { createSsrfGuard } from '@pressroom/ssrf';
import { type BrowserPool, captureImage, type CaptureRequest } from './index.js';
import { DEFAULT_PAGE_CONTROLS } from '@pressroom/contracts/constants';
import type { PageControls } from './page-controls.js';
import { decode, expectColour } from './test-support/pixels.js';
import { html, startLocalServer, type LocalServer } from './test-support/local-server.js';
import { startOnePagePool } from './test-support/one-page-pool.js';

const TRANSPARENT: PageControls = { ...DEFAULT_PAGE_CONTROLS, transparentBackground: true };

/** A job's transparent background must never reach the next job on its page (Chromium keeps it across navigations). */
describe('transparentBackground on a reused page', () => {
  let pool: BrowserPool;
  let server: LocalServer;
  const guard = createSsrfGuard({ allowPrivateHosts: ['127.0.0.1/32'] });

  beforeAll(async () => {
    server = await startLocalServer('127.0.0.1', { '/page': html('<p>from a URL</p>') });
    // One page: every job reuses the page the previous one left.
    pool = await startOnePagePool(guard);
  });
  afterAll(async () => {
    await pool?.close();
    await server?.close();
  });

  /** The pixel at (75, 50): a page without a background leaves it white, or transparent (flattened to black). */
  async function corner(source: CaptureRequest['source'], options: { transparent?: boolean; format?: 'png' | 'jpeg' } = {}) {
    const image = await captureImage(
      pool,
      {
        source,
        width: 100,
        height: 100,
        selector: null,
        format: options.format ?? 'png',
        quality: 0.9,
        ...(options.transparent ? { controls: TRANSPARENT } : {}),
      },
      { guard },
    );
    return (await decode(image.bytes)).pixel(75, 50);
  }
  const plain = { kind: 'html', html: '<p>x</p>', jsEnabled: false } as const;
  const scripted = { kind: 'html', html: '<p>x</p><script>document.title = "s"</script>', jsEnabled: true } as const;

  it('is taken back after a URL render (the page navigated while transparent)', async () => {
    expectColour(await corner({ kind: 'url', url: `${server.origin}/page` }, { transparent: true }), [0, 0, 0]);
    expectColour(await corner(plain), [255, 255, 255]);
    expectColour(await corner(plain, { format: 'jpeg' }), [255, 255, 255]);
  });

  it('is taken back after a page that ran script, and after a plain one', async () => {
    expectColour(await corner(scripted, { transparent: true }), [0, 0, 0]);
    expectColour(await corner(scripted), [255, 255, 255]);
    expectColour(await corner(plain, { transparent: true }), [0, 0, 0]);
    expectColour(await corner(plain, { format: 'jpeg' }), [255, 255, 255]);
    expectColour(await corner({ kind: 'url', url: `${server.origin}/page` }), [255, 255, 255]);
  });
});
