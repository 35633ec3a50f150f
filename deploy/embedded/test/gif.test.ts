import sharp from 'sharp';
import { CATALOG, type RenderCompletedEvent, type RenderFailedEvent } from '@pressroom/contracts';
import { getRenderById } from '@pressroom/db';
import { waitFor } from '@pressroom/testing';
import { expectStatus, problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';

/** A red 50×50 square moving linearly from x=0 to x=500 over 2 s (its top edge at y=100). */
const SLIDE = `<!doctype html><html><head><style>
  body { margin: 0; background: #fff; }
  #sq { position: absolute; top: 100px; left: 0; width: 50px; height: 50px; background: #ff0000; animation: slide 2s linear forwards; }
  @keyframes slide { from { transform: translateX(0) } to { transform: translateX(500px) } }
</style></head><body><div id="sq"></div></body></html>`;

interface DecodedGif {
  bytes: Buffer;
  width: number;
  height: number;
  frames: number;
  /** Per-frame delays in ms (GIF stores hundredths). */
  delays: number[];
  loop: number;
  frame(index: number): Promise<{ data: Buffer; channels: number }>;
}

async function fetchGif(url: string): Promise<DecodedGif> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/gif');
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes, { pages: -1 }).metadata();
  expect(meta.format).toBe('gif');
  return {
    bytes,
    width: meta.width,
    height: meta.pageHeight ?? meta.height,
    frames: meta.pages ?? 1,
    delays: meta.delay ?? [],
    loop: meta.loop ?? -1,
    async frame(index) {
      const { data, info } = await sharp(bytes, { page: index }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      return { data, channels: info.channels };
    },
  };
}

/** Leftmost red pixel on row `y`, or -1. */
function redX(frame: { data: Buffer; channels: number }, width: number, y: number): number {
  for (let x = 0; x < width; x++) {
    const o = (y * width + x) * frame.channels;
    if (frame.data[o]! > 200 && frame.data[o + 1]! < 60 && frame.data[o + 2]! < 60) return x;
  }
  return -1;
}

/** Events arrive shortly after the HTTP answer: poll for one (the default wait leaves room for a loaded machine). */
const eventually = <T>(find: () => T | undefined) => waitFor(find, 'the event');

function distinctColours(frame: { data: Buffer; channels: number }): number {
  const seen = new Set<number>();
  for (let o = 0; o < frame.data.length; o += frame.channels)
    seen.add((frame.data[o]! << 16) | (frame.data[o + 1]! << 8) | frame.data[o + 2]!);
  return seen.size;
}

describe('GIFs through the HTTP API (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  const completed: RenderCompletedEvent['data'][] = [];
  const failed: RenderFailedEvent['data'][] = [];

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite');
    ({ key } = await stack.newAccount());
    await stack.bus.subscribeEvents(CATALOG.renderCompleted, async (d) => void completed.push(d.data.data), { group: 'gif-test' });
    await stack.bus.subscribeEvents(CATALOG.renderFailed, async (d) => void failed.push(d.data.data), { group: 'gif-test' });
  });
  afterAll(() => stack.dispose());

  async function postGif(json: Record<string, unknown>, path = '/gif') {
    return stack.api(path, { method: 'POST', key, json });
  }

  async function expectGifWorks(): Promise<void> {
    const res = await postGif({ html: SLIDE, width: 120, height: 200, quality: 'low', frameDurationSeconds: 0.5 });
    await expectStatus(res, 200);
    const gif = await fetchGif(((await res.json()) as { gif: { url: string } }).gif.url);
    expect(gif.frames).toBe(5);
  }

  it('steps a CSS animation frame by frame: count, delays, size, colours and motion', async () => {
    const res = await postGif({ html: SLIDE, width: 600, height: 400, frameDurationSeconds: 2 });
    await expectStatus(res, 200);
    const { gif: body } = (await res.json()) as {
      gif: { url: string; uid: string; width: number; height: number; animationLength: number; frames: number; fps: number };
    };
    expect(body.uid).toMatch(/^gif_/);
    expect(body).toMatchObject({ width: 600, height: 400, animationLength: 2, frames: 30, fps: 15 });

    const gif = await fetchGif(body.url);
    expect([gif.width, gif.height, gif.frames, gif.loop]).toEqual([600, 400, 30, 0]);
    // 15 fps in hundredths of a second: 7, 7, 6, … adding up to exactly 2 s.
    expect(gif.delays.slice(0, 6)).toEqual([70, 70, 60, 70, 70, 60]);
    expect(gif.delays.reduce((a, b) => a + b, 0)).toBe(2000);

    const xs: number[] = [];
    for (const index of [0, 15, 29]) {
      const frame = await gif.frame(index);
      expect(distinctColours(frame)).toBeLessThanOrEqual(256);
      xs.push(redX(frame, gif.width, 125));
    }
    // Frame i shows t = i/15 s: x = 500 × t / 2.
    expect(Math.abs(xs[0]! - 0)).toBeLessThanOrEqual(2);
    expect(Math.abs(xs[1]! - 250)).toBeLessThanOrEqual(2);
    expect(Math.abs(xs[2]! - 483)).toBeLessThanOrEqual(2);
    // Even steps: the same distance per frame in both halves.
    expect(Math.abs((xs[1]! - xs[0]!) / 15 - (xs[2]! - xs[1]!) / 14)).toBeLessThan(0.3);

    const event = await eventually(() => completed.find((e) => e.imageId === body.uid));
    expect(event).toMatchObject({ type: 'gif', source: 'html', width: 600, height: 400, url: body.url });
  });

  it('renders the same input to the same bytes', async () => {
    const json = { html: SLIDE, width: 300, height: 200, quality: 'low', frameDurationSeconds: 1 };
    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await postGif(json);
      await expectStatus(res, 200);
      urls.push(((await res.json()) as { gif: { url: string } }).gif.url);
    }
    expect(urls[0]).not.toBe(urls[1]);
    const [a, b] = await Promise.all(urls.map((u) => fetchGif(u)));
    expect(a!.frames).toBe(10);
    expect(a!.bytes.equals(b!.bytes)).toBe(true);
  });

  it('defaults the length to the page’s longest animation, even one that ended during load', async () => {
    const html = `<style>body{margin:0} div{width:40px;height:40px;background:#00f}
      #a { animation: grow 1.2s linear } #b { animation: grow 0.05s linear }
      @keyframes grow { to { width: 100px } }</style><div id="a"></div><div id="b"></div>`;
    const res = await postGif({ html, width: 120, height: 100, quality: 'low' });
    await expectStatus(res, 200);
    const { gif } = (await res.json()) as { gif: { url: string; animationLength: number; frames: number } };
    expect(gif).toMatchObject({ animationLength: 1.2, frames: 12 });
    const decoded = await fetchGif(gif.url);
    expect(decoded.frames).toBe(12);
    expect(decoded.delays.every((d) => d === 100)).toBe(true);
  });

  it('captures one seamless loop of an endless animation', async () => {
    const html = `<style>div{width:40px;height:40px;background:#f00;animation:spin 1s linear infinite}@keyframes spin{to{transform:rotate(360deg)}}</style><div></div>`;
    const res = await postGif({ html, width: 80, height: 80 });
    await expectStatus(res, 200);
    expect(((await res.json()) as { gif: { animationLength: number; frames: number } }).gif).toMatchObject({
      animationLength: 1,
      frames: 15,
    });
  });

  it('caps endless animations that never line up at the preset’s maximum', async () => {
    // 7 s and 11 s loops only meet after 77 s; quality low captures at most 10 s.
    const html = `<style>div{width:20px;height:20px;background:#0a0}#a{animation:m 7s infinite}#b{animation:m 11s infinite}@keyframes m{to{margin-left:40px}}</style><div id="a"></div><div id="b"></div>`;
    const res = await postGif({ html, width: 64, height: 48, quality: 'low' });
    await expectStatus(res, 200);
    const { gif } = (await res.json()) as { gif: { url: string; animationLength: number; frames: number } };
    expect(gif).toMatchObject({ animationLength: 10, frames: 100 });
    expect((await fetchGif(gif.url)).frames).toBe(100);
  });

  it('renders a page without animation as a single frame', async () => {
    const res = await postGif({ html: '<p>static</p>', width: 100, height: 50 });
    await expectStatus(res, 200);
    const { gif } = (await res.json()) as { gif: { url: string; frames: number } };
    expect(gif.frames).toBe(1);
    expect((await fetchGif(gif.url)).frames).toBe(1);
  });

  it('renders a template with variables, and a URL', async () => {
    const created = await stack.api('/templates', {
      method: 'POST',
      key,
      json: { name: 'pulse', html: SLIDE.replace('#ff0000', '{{colour}}'), width: 600, height: 400 },
    });
    expect(created.status).toBe(200);
    const { template } = (await created.json()) as { template: { uid: string } };
    const res = await postGif({
      template: template.uid,
      variables: { colour: '#ff0000' },
      width: 600,
      height: 200,
      quality: 'low',
      frameDurationSeconds: 1,
    });
    await expectStatus(res, 200);
    const { gif } = (await res.json()) as { gif: { url: string; uid: string } };
    const decoded = await fetchGif(gif.url);
    expect(Math.abs(redX(await decoded.frame(5), decoded.width, 125) - 125)).toBeLessThanOrEqual(2);
    expect(await eventually(() => completed.find((e) => e.imageId === gif.uid))).toMatchObject({
      type: 'gif',
      source: 'template',
      templateId: template.uid,
    });

    const pages = await startPageServer({ '/anim': (_req, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(SLIDE) });
    try {
      const fromUrl = await postGif({ url: pages.url('/anim'), width: 600, height: 200, quality: 'low', frameDurationSeconds: 1 });
      expect(fromUrl.status).toBe(200);
      const urlGif = await fetchGif(((await fromUrl.json()) as { gif: { url: string } }).gif.url);
      expect(Math.abs(redX(await urlGif.frame(5), urlGif.width, 125) - 125)).toBeLessThanOrEqual(2);
    } finally {
      await pages.close();
    }
  });

  it('records a live page in real time, costs 1.5 credits, and lists it', async () => {
    const page = `<!doctype html><body style="margin:0;background:#fff">
      <div id="box" style="position:absolute;left:20px;top:20px;width:100px;height:60px;background:#ff0000"></div>
      <script>setTimeout(() => { const d = document.createElement('p'); d.id = 'late'; document.body.append(d); }, 300);</script></body>`;
    const pages = await startPageServer({ '/live': (_req, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(page) });
    try {
      const res = await postGif(
        {
          url: pages.url('/live'),
          width: 300,
          height: 200,
          quality: 'low',
          frameDurationSeconds: 1,
          selector: '#box',
          waitForSelector: '#late',
        },
        '/gif/capture',
      );
      await expectStatus(res, 200);
      const { gif } = (await res.json()) as { gif: { url: string; uid: string; width: number; height: number; animationLength: number } };
      expect(gif).toMatchObject({ width: 100, height: 60, animationLength: 1 });
      const decoded = await fetchGif(gif.url);
      expect([decoded.width, decoded.height, decoded.frames]).toEqual([100, 60, 10]);
      expect(decoded.delays.every((d) => d === 100)).toBe(true);
      const frame = await decoded.frame(9);
      expect(redX(frame, 100, 30)).toBe(0);

      const row = await getRenderById(stack.db, gif.uid);
      expect(row?.cost).toBe(1.5);
      const shown = (await (await stack.api(`/gif/${gif.uid}`, { key })).json()) as { gif: Record<string, unknown> };
      expect(shown.gif).toMatchObject({ uid: gif.uid, status: 'done', source: 'capture', cost: 1.5, frames: 10, fps: 10, quality: 'low' });

      const list = (await (await stack.api('/gif?limit=100', { key })).json()) as {
        gifs: Array<{ uid: string; cost: number }>;
        pagination: Record<string, unknown>;
      };
      expect(list.gifs.map((g) => g.uid)).toContain(gif.uid);
      expect(list.gifs.filter((g) => g.uid !== gif.uid).every((g) => g.cost === 1)).toBe(true);
      expect(list.pagination).toMatchObject({ page: 1, limit: 100, total: list.gifs.length, hasPrev: false });

      const other = await stack.newAccount();
      const foreign = await stack.api(`/gif/${gif.uid}`, { key: other.key });
      expect(foreign.status).toBe(404);
      expect((await problemOf(foreign)).type).toMatch(/\/errors\/not-found$/);

      const missing = await postGif(
        { url: pages.url('/live'), width: 100, height: 100, frameDurationSeconds: 1, waitForSelector: '#never' },
        '/gif/capture',
      );
      expect(missing.status).toBe(422);
      expect((await problemOf(missing)).detail).toContain('#never');
    } finally {
      await pages.close();
    }
  });

  it.each([
    ['a 2001-pixel width', '/gif', { html: SLIDE, width: 2001, height: 100 }, 'width'],
    // A missing size is the published 800x600 (compat-clients.test.ts); a wrong type is still refused.
    ['a height of the wrong type', '/gif', { html: SLIDE, width: 100, height: 'tall' }, 'height'],
    ['quality ultra', '/gif', { html: SLIDE, width: 100, height: 100, quality: 'ultra' }, 'quality'],
    [
      'more seconds than the preset allows',
      '/gif',
      { html: SLIDE, width: 100, height: 100, quality: 'low', frameDurationSeconds: 12 },
      'frameDurationSeconds',
    ],
    ['html and url together', '/gif', { html: SLIDE, url: 'https://example.com', width: 100, height: 100 }, 'url'],
    ['a 31 s capture', '/gif/capture', { url: 'https://example.com', frameDurationSeconds: 31, quality: 'high' }, 'frameDurationSeconds'],
    ['a capture without url', '/gif/capture', { width: 100, height: 100 }, 'url'],
    ['a 2001-pixel capture', '/gif/capture', { url: 'https://example.com', height: 2001 }, 'height'],
  ])('rejects %s with a 400 naming the field', async (_name, path, json, field) => {
    const res = await postGif(json, path);
    expect(res.status).toBe(400);
    const body = await problemOf(res);
    expect((body.errors as Array<{ field: string }>).map((e) => e.field)).toContain(field);
  });

  it('refuses to record a blocked address', async () => {
    const res = await postGif({ url: 'http://169.254.169.254/latest/meta-data/', frameDurationSeconds: 1 }, '/gif/capture');
    expect(res.status).toBe(400);
    expect((await problemOf(res)).type).toMatch(/\/errors\/blocked-url$/);
  });

  it('times out a page that loops forever in JavaScript, then keeps serving', async () => {
    const res = await postGif({ html: '<script>while(true){}</script>', width: 100, height: 100 });
    expect(res.status).toBe(422);
    expect((await problemOf(res)).type).toMatch(/\/errors\/render-timeout$/);
    await expectGifWorks();
  });

  it('times out a page whose script hangs mid-animation, then keeps serving', async () => {
    const html = `${SLIDE}<script>setTimeout(() => { for (;;) {} }, 200)</script>`;
    const res = await postGif({ html, width: 200, height: 200, quality: 'high', frameDurationSeconds: 30 });
    expect(res.status).toBe(422);
    const problem = await problemOf(res);
    expect(problem.type).toMatch(/\/errors\/render-timeout$/);
    expect(await eventually(() => failed.find((e) => e.type === 'gif' && e.errorCode === 'RENDER_TIMEOUT'))).toBeDefined();
    await expectGifWorks();
  });
});

describe('GIFs on NATS and PostgreSQL', () => {
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack('nats+postgres');
    ({ key } = await stack.newAccount());
  });
  afterAll(() => stack.dispose());

  it('renders, stores in the object store and lists a GIF', async () => {
    const res = await stack.api('/gif', {
      method: 'POST',
      key,
      json: { html: SLIDE, width: 600, height: 200, quality: 'low', frameDurationSeconds: 1 },
    });
    await expectStatus(res, 200);
    const { gif } = (await res.json()) as { gif: { url: string; uid: string } };
    const decoded = await fetchGif(gif.url);
    expect(decoded.frames).toBe(10);
    expect(Math.abs(redX(await decoded.frame(5), decoded.width, 125) - 125)).toBeLessThanOrEqual(2);
    const list = (await (await stack.api('/gif', { key })).json()) as { gifs: Array<{ uid: string; animationLength: number }> };
    expect(list.gifs).toEqual([expect.objectContaining({ uid: gif.uid, animationLength: 1 })]);
  });
});

describe('a GIF that outlives the wait (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  let slow: Awaited<ReturnType<typeof startPageServer>>;

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite', { gateway: { renderWaitMs: 300 } });
    ({ key } = await stack.newAccount());
    // The page's load event waits for this image: the render outlives the gateway's 300 ms wait.
    slow = await startPageServer({ '/slow.png': (_req, res) => void setTimeout(() => res.writeHead(404).end(), 1_500) });
  });
  afterAll(async () => {
    await slow.close();
    await stack.dispose();
  });

  it('answers 202 with the flat fields and the same under `gif` (what the hosted clients read), then serves it when done', async () => {
    const html = `${SLIDE}<img src="${slow.url('/slow.png')}">`;
    const res = await stack.api('/gif', {
      method: 'POST',
      key,
      json: { html, width: 120, height: 200, quality: 'low', frameDurationSeconds: 0.5 },
    });
    await expectStatus(res, 202);
    const body = (await res.json()) as Record<string, any>;
    expect(body.id).toMatch(/^gif_/);
    expect(res.headers.get('location')).toBe(`/gif/${body.id}`);
    const queued = { uid: body.id, id: body.id, status: 'queued', url: null, createdAt: expect.any(String) };
    expect(body).toEqual({ ...queued, gif: { ...queued, createdAt: body.createdAt } });

    let shown: { gif: { status: string; url: string | null; uid: string } } = { gif: { status: 'queued', url: null, uid: '' } };
    // Up to 600 looks 100 ms apart (60 s; it was 10 s, short for a GIF render on a loaded CI machine).
    for (let i = 0; i < 600 && !['done', 'failed'].includes(shown.gif.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      shown = (await (await stack.api(`/gif/${body.gif.uid}`, { key })).json()) as typeof shown;
    }
    expect(shown.gif).toMatchObject({ uid: body.id, status: 'done' });
    const gif = await fetchGif(shown.gif.url!);
    expect([gif.width, gif.height, gif.frames]).toEqual([120, 200, 5]);
  });
});
