import { getRenderById, listRenders } from '@pressroom/db';
import { decode, near, problemOf, QUADRANTS, startPageServer, startTestStack, type TestStack } from './harness.js';

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('bad pages never take the service down (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  let slow: Awaited<ReturnType<typeof startPageServer>>;

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite', {
      browser: {
        executablePath: '/usr/lib/chromium/chromium-headless-shell',
        pages: 2,
        restartAfter: 200,
        queueLimit: 20,
        renderTimeoutMs: 2_500,
      },
    });
    ({ key } = await stack.newAccount());
    // Never answers: a resource that keeps the page loading forever. /slow.png holds a render in flight for a second.
    slow = await startPageServer({
      '/hang': () => undefined,
      '/slow.png': (_req, res) => void setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG), 1_000),
    });
  });
  afterAll(async () => {
    await slow.close();
    await stack.dispose();
  });

  async function expectNextRenderWorks(): Promise<void> {
    const res = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 400, height: 300 } });
    expect(res.status).toBe(200);
    const image = await decode(((await res.json()) as { url: string }).url);
    expect(near(image.pixel(5, 5), [255, 0, 0])).toBe(true);
  }

  it('times out an HTML page that never finishes loading, then serves the next render', async () => {
    const html = `<html><body><img src="${slow.url('/hang')}"></body></html>`;
    const res = await stack.api('/image', { method: 'POST', key, json: { html } });
    expect(res.status).toBe(422);
    const body = await problemOf(res);
    expect(body.type).toMatch(/\/errors\/render-timeout$/);
    await expectNextRenderWorks();
  });

  it('times out a page that loops forever in JavaScript', async () => {
    const res = await stack.api('/image', { method: 'POST', key, json: { html: '<script>while(true){}</script>' } });
    expect(res.status).toBe(422);
    expect((await problemOf(res)).type).toMatch(/\/errors\/render-timeout$/);
    await expectNextRenderWorks();
  });

  it('recovers from a page that crashes the renderer', async () => {
    const html = '<script>const hog = []; for (;;) hog.push(new Array(1e6).fill(Math.random()));</script>';
    const res = await stack.api('/image', { method: 'POST', key, json: { html } });
    expect([422]).toContain(res.status);
    expect((await problemOf(res)).type).toMatch(/\/errors\/render-(failed|timeout)$/);
    await expectNextRenderWorks();
  });

  it('answers 200 to a synchronous POST /image whose browser is SIGKILLed mid-render (retried on the relaunched browser)', async () => {
    const pool = stack.pool!;
    const before = pool.health();
    const html = `<body style="margin:0;background:#ff0000"><img src="${slow.url('/slow.png')}" style="width:1px;height:1px"></body>`;
    const pending = stack.api('/image', { method: 'POST', key, json: { html, width: 40, height: 30 } });
    const deadline = Date.now() + 10_000;
    while (!slow.hits.get('/slow.png') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    process.kill(before.pid!, 'SIGKILL');
    const res = await pending;
    expect(res.status).toBe(200);
    const image = await decode(((await res.json()) as { url: string }).url);
    expect(near(image.pixel(20, 15), [255, 0, 0])).toBe(true);
    expect(slow.hits.get('/slow.png')).toBe(2);
    expect(pool.health()).toMatchObject({ status: 'ok', restarts: before.restarts + 1 });
  });

  it('reports the browser in /health', async () => {
    const res = await fetch(`${stack.baseUrl}/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; components: Record<string, { ok: boolean }> };
    expect(body.status).toBe('ok');
    expect(body.components.browser?.ok).toBe(true);
    expect(body.components.db?.ok).toBe(true);
  });
});

describe('a gateway that stops waiting never loses or repeats a render (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  let slow: Awaited<ReturnType<typeof startPageServer>>;

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite', { gateway: { renderWaitMs: 300 } });
    ({ key } = await stack.newAccount());
    slow = await startPageServer({
      '/slow.png': (_req, res) => {
        setTimeout(() => res.writeHead(404).end(), 1_500);
      },
    });
  });
  afterAll(async () => {
    await slow.close();
    await stack.dispose();
  });

  it('answers 202 with the id, then the render completes exactly once', async () => {
    const html = `${QUADRANTS}<img src="${slow.url('/slow.png')}">`;
    const res = await stack.api('/image', { method: 'POST', key, json: { html, width: 120, height: 80 } });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { id: string; status: string };
    expect(res.headers.get('location')).toBe(`/image/${body.id}`);
    let row = await getRenderById(stack.db, body.id);
    for (let i = 0; i < 50 && row?.state !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      row = await getRenderById(stack.db, body.id);
    }
    expect(row?.state).toBe('done');
    const shown = (await (await stack.api(`/image/${body.id}`, { key })).json()) as { image: { status: string; url: string } };
    expect(shown.image.status).toBe('done');
    const image = await decode(shown.image.url);
    expect([image.width, image.height]).toEqual([120, 80]);
    expect(slow.hits.get('/slow.png')).toBe(1);
    const { total } = await listRenders(stack.db, { ownerId: row!.ownerId, kind: 'image', offset: 0, limit: 10 });
    expect(total).toBe(1);
  });
});
