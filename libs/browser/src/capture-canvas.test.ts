import { BlockedUrlError, createSsrfGuard } from '@pressroom/ssrf';
import { type BrowserPool, CanvasRenderError, NavigationError, captureCanvas, captureImage, type CanvasCaptureRequest } from './index.js';
import { decode, expectColour } from './test-support/pixels.js';
import { RED_PIXEL_PNG, startLocalServer, type LocalServer } from './test-support/local-server.js';
import { startOnePagePool } from './test-support/one-page-pool.js';

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
    pool = await startOnePagePool(guard);
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

  // The dashboard's canvas editor saves auto-fit text (fitAutoFitText, libs/contracts canvas/text-fit.ts); text that
  // changed since (a variable) must shrink here the same way: from autoFitMaxFontSize down until it fits its box.
  it('shrinks auto-fit text until it fits its box, from autoFitMaxFontSize (not the saved font size)', async () => {
    const text = (autoFit: boolean) => ({
      background: '#ffffff',
      objects: [
        {
          type: 'Textbox',
          originX: 'left',
          originY: 'top',
          left: 0,
          top: 0,
          width: 100,
          text: 'Much longer',
          fontSize: 200,
          fontFamily: 'sans-serif',
          fill: '#ff0000',
          ...(autoFit ? { autoFit: true, autoFitMaxFontSize: 60, autoFitHeight: 50 } : {}),
        },
      ],
    });
    const redRows = async (canvas: Record<string, unknown>) => {
      const pixels = await decode((await captureCanvas(pool, request(canvas), { guard })).bytes);
      const rows = new Set<number>();
      for (let y = 0; y < 100; y++) for (let x = 0; x < 100; x++) if (pixels.pixel(x, y)[1] < 200) rows.add(y);
      return rows;
    };
    const fitted = await redRows(text(true));
    expect(fitted.size).toBeGreaterThan(3);
    expect(Math.max(...fitted)).toBeLessThan(51);
    // Without auto-fit the same box spills far below.
    expect(Math.max(...(await redRows(text(false))))).toBeGreaterThan(70);
  });

  // autoFitMode one-line (the designer's "always one line"): the real Textbox never wraps, it only shrinks.
  it('fits one-line auto-fit text on one line: a single band of ink, where wrap mode breaks it onto lines', async () => {
    const name = (mode: string | undefined) => ({
      background: '#ffffff',
      objects: [
        {
          type: 'Textbox',
          originX: 'left',
          originY: 'top',
          left: 0,
          top: 0,
          width: 200,
          text: 'Augusta Ada King Lovelace',
          fontSize: 40,
          fontFamily: 'DejaVu Sans',
          lineHeight: 1.6, // a clear gap between wrapped lines
          fill: '#ff0000',
          autoFit: true,
          autoFitMaxFontSize: 40,
          autoFitHeight: 100,
          ...(mode ? { autoFitMode: mode } : {}),
        },
      ],
    });
    const inkRows = async (canvas: Record<string, unknown>) => {
      const pixels = await decode((await captureCanvas(pool, request(canvas, { width: 200, height: 120 }), { guard })).bytes);
      const rows: number[] = [];
      for (let y = 0; y < 120; y++) if (Array.from({ length: 200 }, (_, x) => pixels.pixel(x, y)[1]).some((g) => g < 200)) rows.push(y);
      return rows;
    };
    const bands = (rows: number[]) => rows.filter((y, i) => i > 0 && y - rows[i - 1]! > 1).length + 1;
    expect(bands(await inkRows(name(undefined)))).toBeGreaterThanOrEqual(2);
    const oneLine = await inkRows(name('one-line'));
    expect(oneLine.length).toBeGreaterThan(5);
    expect(bands(oneLine)).toBe(1);
  });

  // Fabric widens a text box to its longest word as it loads it; auto-fit must shrink to the width designed.
  it("shrinks a word wider than its auto-fit box to the box's designed width, not the width fabric widened it to", async () => {
    const word = {
      background: '#ffffff',
      objects: [
        {
          type: 'Textbox',
          originX: 'left',
          originY: 'top',
          left: 0,
          top: 0,
          width: 100,
          text: 'Featherstonehaugh',
          fontSize: 40,
          fontFamily: 'DejaVu Sans',
          fill: '#ff0000',
          autoFit: true,
          autoFitMaxFontSize: 40,
          autoFitHeight: 60,
        },
      ],
    };
    const pixels = await decode((await captureCanvas(pool, request(word, { width: 200, height: 60 }), { guard })).bytes);
    const columns: number[] = [];
    for (let x = 0; x < 200; x++) if (Array.from({ length: 60 }, (_, y) => pixels.pixel(x, y)[1]).some((g) => g < 200)) columns.push(x);
    expect(columns.length).toBeGreaterThan(50);
    expect(Math.max(...columns)).toBeLessThan(101);
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
