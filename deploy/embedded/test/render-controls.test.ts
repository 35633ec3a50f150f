import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { decode, near, problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';

const RED: [number, number, number] = [255, 0, 0];
const GREEN: [number, number, number] = [0, 255, 0];
const WHITE: [number, number, number] = [255, 255, 255];
const BLACK: [number, number, number] = [0, 0, 0];

/** RGBA pixels of a rendered file (decode() drops alpha). */
async function rgba(url: string): Promise<{ width: number; height: number; raw: Buffer; pixel(x: number, y: number): number[] }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    raw: data,
    pixel: (x, y) => Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x + 1) * 4)),
  };
}

/** A page whose background says whether a condition held in the page: green yes, red no. */
const verdictPage = (condition: string, text: string) => `<!doctype html><html><body style="margin:0;font:24px sans-serif">
<p id="t" style="margin:0 0 0 40px"></p><div id="v" style="position:absolute;left:0;top:0;width:30px;height:30px"></div>
<script>document.getElementById('v').style.background = (${condition}) ? '#00ff00' : '#ff0000';
document.getElementById('t').textContent = ${text};</script></body></html>`;

describe('render controls on POST /image, /gif and template renders (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite');
    ({ key } = await stack.newAccount());
  });
  afterAll(() => stack.dispose());

  async function render(json: Record<string, unknown>): Promise<string> {
    const res = await stack.api('/image', { method: 'POST', key, json });
    expect(res.status).toBe(200);
    return ((await res.json()) as { url: string }).url;
  }

  it('deviceScaleFactor 2 doubles the file dimensions and draws at twice the density', async () => {
    const html = '<body style="margin:0"><div style="width:25px;height:30px;background:#ff0000"></div></body>';
    const plain = await decode(await render({ html, width: 50, height: 30 }));
    expect([plain.width, plain.height]).toEqual([50, 30]);
    const retina = await decode(await render({ html, width: 50, height: 30, deviceScaleFactor: 2 }));
    expect([retina.width, retina.height]).toEqual([100, 60]);
    // The red half stays half: CSS pixels, twice the device pixels.
    expect(near(retina.pixel(45, 30), RED)).toBe(true);
    expect(near(retina.pixel(55, 30), WHITE)).toBe(true);
    // With a selector the element's box is scaled too.
    const element = await decode(await render({ html, width: 50, height: 30, selector: 'div', deviceScaleFactor: 3 }));
    expect([element.width, element.height]).toEqual([75, 90]);
  });

  it('always waits for web fonts: a slow font file is drawn, not the fallback', async () => {
    const font = await readFile('/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf');
    const server = await startPageServer({
      '/slow.ttf': (_req, res) => {
        // Fonts are fetched with CORS: a cross-origin font without the header would never be used.
        setTimeout(() => res.writeHead(200, { 'content-type': 'font/ttf', 'access-control-allow-origin': '*' }).end(font), 700);
      },
    });
    try {
      const page = (src: string | null) =>
        `<style>${src ? `@font-face{font-family:W;src:url(${src})}` : ''}body{margin:0;background:#fff}
         p{margin:0;font:48px W, monospace;color:#000}</style><p>Wig</p>`;
      const slow = await rgba(await render({ html: page(server.url('/slow.ttf')), width: 120, height: 60 }));
      const inline = await rgba(await render({ html: page(`data:font/ttf;base64,${font.toString('base64')}`), width: 120, height: 60 }));
      const fallback = await rgba(await render({ html: page(null), width: 120, height: 60 }));
      expect(server.hits.get('/slow.ttf')).toBe(1);
      expect(slow.raw.equals(inline.raw)).toBe(true);
      expect(slow.raw.equals(fallback.raw)).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('refuses a deviceScaleFactor of 5 with a problem naming the field', async () => {
    const res = await stack.api('/image', { method: 'POST', key, json: { html: '<p>x</p>', deviceScaleFactor: 5 } });
    expect(res.status).toBe(400);
    const problem = await problemOf(res);
    expect(problem.type).toMatch(/\/errors\/validation-error$/);
    expect((problem.errors as { field: string }[]).map((e) => e.field)).toContain('deviceScaleFactor');
  });

  it('colorScheme dark makes prefers-color-scheme: dark apply, and the next render is light again', async () => {
    const html = `<style>body{margin:0;background:#fff}@media (prefers-color-scheme: dark){body{background:#000}}</style><p></p>`;
    const dark = await decode(await render({ html, width: 40, height: 40, colorScheme: 'dark' }));
    expect(near(dark.pixel(20, 20), BLACK)).toBe(true);
    const light = await decode(await render({ html, width: 40, height: 40, colorScheme: 'light' }));
    expect(near(light.pixel(20, 20), WHITE)).toBe(true);
    await render({ html, width: 40, height: 40, colorScheme: 'dark' });
    const neutral = await decode(await render({ html, width: 40, height: 40 }));
    expect(near(neutral.pixel(20, 20), WHITE)).toBe(true);
  });

  it('timezone and locale change what the page prints', async () => {
    // 1970-01-01T00:00Z is 09:00 in Tokyo; de-DE writes 1.5 as "1,5".
    const clock = verdictPage('new Date(0).getHours() === 9', 'new Date(0).toLocaleString()');
    const tokyo = await rgba(await render({ html: clock, width: 400, height: 40, timezone: 'Asia/Tokyo' }));
    const utc = await rgba(await render({ html: clock, width: 400, height: 40, timezone: 'UTC' }));
    expect(near(tokyo.pixel(10, 10).slice(0, 3) as [number, number, number], GREEN)).toBe(true);
    expect(near(utc.pixel(10, 10).slice(0, 3) as [number, number, number], RED)).toBe(true);
    expect(tokyo.raw.subarray(0, 400 * 4 * 40).equals(utc.raw)).toBe(false);

    const number = verdictPage("new Intl.NumberFormat().format(1.5) === '1,5'", 'new Intl.NumberFormat().format(1234567.5)');
    const german = await rgba(await render({ html: number, width: 400, height: 40, locale: 'de-DE' }));
    const american = await rgba(await render({ html: number, width: 400, height: 40, locale: 'en-US' }));
    expect(near(german.pixel(10, 10).slice(0, 3) as [number, number, number], GREEN)).toBe(true);
    expect(near(american.pixel(10, 10).slice(0, 3) as [number, number, number], RED)).toBe(true);
    // The printed numbers differ ("1.234.567,5" vs "1,234,567.5"), so the text pixels do.
    expect(german.raw.equals(american.raw)).toBe(false);
  });

  it('transparentBackground leaves uncovered pixels with alpha 0 in PNG and WebP, and JPEG refuses it', async () => {
    const html = '<body style="margin:0"><div style="width:10px;height:10px;background:#ff0000"></div></body>';
    for (const fileExtension of ['png', 'webp']) {
      const image = await rgba(await render({ html, width: 40, height: 40, fileExtension, transparentBackground: true }));
      expect(image.pixel(30, 30)[3]).toBe(0);
      expect(image.pixel(5, 5)[3]).toBe(255);
    }
    const opaque = await rgba(await render({ html, width: 40, height: 40 }));
    expect(opaque.pixel(30, 30)).toEqual([255, 255, 255, 255]);
    const jpeg = await stack.api('/image', { method: 'POST', key, json: { html, fileExtension: 'jpg', transparentBackground: true } });
    expect(jpeg.status).toBe(400);
    expect((await problemOf(jpeg)).errors[0].field).toBe('transparentBackground');
  });

  it('waitForFunction waits for a late-painted element; waitForSelector for a late-added one; delayMs for a late paint', async () => {
    const late = (ready: string) => `<body style="margin:0;background:#fff"><script>setTimeout(() => {
      const d = document.createElement('div'); d.id = 'late';
      d.style.cssText = 'position:absolute;inset:0;background:#00ff00'; document.body.appendChild(d); ${ready}
    }, 400)</script></body>`;
    const byFunction = await decode(
      await render({ html: late('window.renderReady = true;'), width: 30, height: 30, waitForFunction: 'window.renderReady === true' }),
    );
    expect(near(byFunction.pixel(15, 15), GREEN)).toBe(true);
    const bySelector = await decode(await render({ html: late(''), width: 30, height: 30, waitForSelector: '#late' }));
    expect(near(bySelector.pixel(15, 15), GREEN)).toBe(true);
    const byDelay = await decode(await render({ html: late(''), width: 30, height: 30, delayMs: 1_500 }));
    expect(near(byDelay.pixel(15, 15), GREEN)).toBe(true);
  });

  it('a waitForSelector that never appears is the render time-out problem, and the next render works', async () => {
    const res = await stack.api('/image', {
      method: 'POST',
      key,
      json: { html: '<p>never</p>', width: 30, height: 30, waitForSelector: '#never' },
    });
    expect(res.status).toBe(422);
    expect((await problemOf(res)).type).toMatch(/\/errors\/render-timeout$/);
    const next = await decode(await render({ html: '<body style="margin:0;background:#ff0000"></body>', width: 30, height: 30 }));
    expect(near(next.pixel(15, 15), RED)).toBe(true);
  });

  it('a waitForFunction that is not JavaScript is a render-failed problem naming it', async () => {
    const res = await stack.api('/image', {
      method: 'POST',
      key,
      json: { html: '<p>x</p>', width: 30, height: 30, waitForFunction: 'window.renderReady ===' },
    });
    expect(res.status).toBe(422);
    const problem = await problemOf(res);
    expect(problem.type).toMatch(/\/errors\/render-failed$/);
    expect(problem.detail).toMatch(/waitForFunction/);
  });

  it('fullPage captures the whole document height', async () => {
    const html = `<body style="margin:0"><div style="height:500px;background:#ff0000"></div><div style="height:100px;background:#00ff00"></div></body>`;
    const page = await decode(await render({ html, width: 60, height: 100, fullPage: true }));
    expect([page.width, page.height]).toEqual([60, 600]);
    expect(near(page.pixel(30, 50), RED)).toBe(true);
    expect(near(page.pixel(30, 590), GREEN)).toBe(true);
    const retina = await decode(await render({ html, width: 60, height: 100, fullPage: true, deviceScaleFactor: 2 }));
    expect([retina.width, retina.height]).toEqual([120, 1200]);
  });

  it('template renders and GIFs take the controls too', async () => {
    const created = await stack.api('/templates', {
      method: 'POST',
      key,
      json: {
        name: 'controls',
        html: '<style>body{margin:0;background:#fff}@media (prefers-color-scheme: dark){body{background:#000}}</style><p>{{t}}</p>',
        width: 40,
        height: 20,
      },
    });
    expect(created.status).toBe(200);
    const uid = ((await created.json()) as { template: { uid: string } }).template.uid;
    const res = await stack.api(`/templates/${uid}/render`, {
      method: 'POST',
      key,
      json: { variables: { t: '' }, deviceScaleFactor: 2, colorScheme: 'dark' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url?: string; results?: { url: string }[] };
    const image = await decode(body.url ?? body.results![0]!.url);
    expect([image.width, image.height]).toEqual([80, 40]);
    expect(near(image.pixel(40, 20), BLACK)).toBe(true);

    const gif = await stack.api('/gif', {
      method: 'POST',
      key,
      json: {
        html: '<body style="margin:0;background:#ff0000"></body>',
        width: 30,
        height: 20,
        frameDurationSeconds: 0.2,
        deviceScaleFactor: 2,
      },
    });
    expect(gif.status).toBe(200);
    const file = await fetch(((await gif.json()) as { gif: { url: string } }).gif.url);
    const meta = await sharp(Buffer.from(await file.arrayBuffer()), { pages: -1 }).metadata();
    expect([meta.width, meta.pageHeight ?? meta.height]).toEqual([60, 40]);
  });
});
