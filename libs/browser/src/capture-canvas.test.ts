import { BlockedUrlError, createSsrfGuard } from '@pressroom/ssrf';
import { BrowserPool, CanvasRenderError, NavigationError, captureCanvas, captureImage, type CanvasCaptureRequest } from './index.js';
import { decode, expectColour } from './test-support/pixels.js';
import { RED_PIXEL_PNG, startLocalServer, type LocalServer } from './test-support/local-server.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const HALF_RED = {
  objects: [{ type: 'Rect', originX: 'left', originY: 'top', left: 0, top: 0, width: 50, height: 100, fill: '#ff0000', strokeWidth: 0 }],
};

function request(canvas: Record<string, unknown>, overrides: Partial<CanvasCaptureRequest> = {}): CanvasCaptureRequest {
  return { canvas, fonts: [], width: 100, height: 100, format: 'png', quality: 0.9, ...overrides };
}

describe('captureCanvas', () => {
  let pool: BrowserPool;
  let server: LocalServer; // 127.0.0.1: allow-listed
  const guard = createSsrfGuard({ allowPrivateHosts: ['127.0.0.1/32'] });

  beforeAll(async () => {
    server = await startLocalServer('127.0.0.1', {
      '/red.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(RED_PIXEL_PNG),
    });
    // One page: every job reuses the page the previous one left.
    pool = await BrowserPool.start({
      executablePath: EXECUTABLE,
      pages: 1,
      restartAfter: 1000,
      queueLimit: 20,
      renderTimeoutMs: 10_000,
      egressGuard: guard,
    });
  });
  afterAll(async () => {
    await pool.close();
    await server.close();
  });

  // The background override must not leak between jobs on a reused page, whatever the previous job did.
  it('gives JPEG a white background and HTML its default after canvas jobs, also after a failed one', async () => {
    await expect(
      captureCanvas(pool, request({ objects: [{ type: 'Image', src: 'data:image/png;base64,bm90IGFuIGltYWdl' }] }), { guard }),
    ).rejects.toBeInstanceOf(NavigationError);
    await captureCanvas(pool, request(HALF_RED), { guard });
    const jpeg = await decode((await captureCanvas(pool, request(HALF_RED, { format: 'jpeg' }), { guard })).bytes);
    expectColour(jpeg.pixel(75, 50), [255, 255, 255]);
    const html = await captureImage(
      pool,
      {
        source: { kind: 'html', html: '<p>x</p>', jsEnabled: false },
        width: 100,
        height: 100,
        selector: null,
        format: 'png',
        quality: 0.9,
      },
      { guard },
    );
    expectColour((await decode(html.bytes)).pixel(75, 50), [255, 255, 255]);
  });

  it('draws the canvas at its size, transparent where nothing is painted (PNG)', async () => {
    const image = await captureCanvas(pool, request(HALF_RED), { guard });
    expect([image.contentType, image.width, image.height]).toEqual(['image/png', 100, 100]);
    const pixels = await decode(image.bytes);
    expectColour(pixels.pixel(25, 50), [255, 0, 0]);
    expectColour(pixels.pixel(75, 50), [0, 0, 0]); // alpha 0, flattened
  });

  it('loads images through the guard; a refused one fails naming the URL, a broken one too', async () => {
    const image = (src: string) => ({
      objects: [{ type: 'Image', originX: 'left', originY: 'top', left: 0, top: 0, src, scaleX: 100, scaleY: 100 }],
    });
    const ok = await decode((await captureCanvas(pool, request(image(`${server.origin}/red.png`)), { guard })).bytes);
    expectColour(ok.pixel(50, 50), [255, 0, 0]);
    const strict = createSsrfGuard({ allowPrivateHosts: [] });
    await expect(captureCanvas(pool, request(image(`${server.origin}/red.png`)), { guard: strict })).rejects.toBeInstanceOf(
      BlockedUrlError,
    );
    await expect(captureCanvas(pool, request(image(`${server.origin}/nothing.png`)), { guard })).rejects.toBeInstanceOf(NavigationError);
    await expect(captureCanvas(pool, request({ objects: [{ type: 'Nope' }] }), { guard })).rejects.toBeInstanceOf(CanvasRenderError);
  });
});
