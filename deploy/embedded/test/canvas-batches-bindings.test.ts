import type { IncomingMessage, ServerResponse } from 'node:http';
import { waitFor } from '@pressroom/testing';
import { decode, near, problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';

const RED: [number, number, number] = [255, 0, 0];
const BLUE: [number, number, number] = [0, 0, 255];
const WHITE: [number, number, number] = [255, 255, 255];

/**
 * A 200×100 canvas: a full-size rectangle whose fill is the `colour` variable,
 * and white 40 px text showing `{{ title }}` in the left half.
 */
const CARD = {
  width: 200,
  height: 100,
  objects: [
    { type: 'Rect', left: 0, top: 0, width: 200, height: 100, fill: '#000000', variableBindings: { fill: 'colour' } },
    { type: 'Textbox', left: 5, top: 25, width: 95, text: '{{ title }}', fontSize: 40, fill: '#ffffff', fontFamily: 'sans-serif' },
  ],
};

/** Pixels of the text box that are (near) white: the text the `title` variable put there. */
function inkOf(image: Awaited<ReturnType<typeof decode>>): number {
  let ink = 0;
  for (let y = 25; y < 75; y++) for (let x = 5; x < 100; x++) if (near(image.pixel(x, y), WHITE, 60)) ink++;
  return ink;
}

/** Batches and bindings plan canvas templates like POST /templates/{uid}/render (libs/render-requests). */
describe('canvas templates in batches and bindings (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  let server: Awaited<ReturnType<typeof startPageServer>>;

  beforeAll(async () => {
    server = await startPageServer({
      '/data': (_req: IncomingMessage, res: ServerResponse) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ card: { colour: '#0000ff', title: 'Hey' } })),
    });
    stack = await startTestStack('memory+pglite', {
      secretKey: 'canvas-batch-test-secret-key-0123456789',
      batches: { pollMs: 150 },
      bindings: { pollMs: 100, fetchTimeoutMs: 2_000, maxBytes: 1024 * 1024 },
    });
    ({ key } = await stack.newAccount(undefined, { plan: 'pro' }));
  });
  afterAll(async () => {
    await stack?.dispose();
    await server?.close();
  });

  async function canvasTemplate(): Promise<string> {
    const res = await stack.api('/templates', {
      method: 'POST',
      key,
      json: { name: 'canvas card', fabricJSData: CARD, width: 200, height: 100 },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { template: { uid: string } }).template.uid;
  }

  it('a batch over a canvas template renders each row’s colour and text', async () => {
    const uid = await canvasTemplate();
    const started = await stack.api(`/templates/${uid}/batch-render`, {
      method: 'POST',
      key,
      json: {
        variableSets: [
          { colour: '#ff0000', title: 'Ada' },
          { colour: '#0000ff', title: '' },
        ],
      },
    });
    expect(started.status).toBe(202);
    const { batchId } = (await started.json()) as { batchId: string };
    const done = await waitFor(
      async () => {
        const res = await stack.api(`/templates/batch/${batchId}/results`, { key });
        const body = (await res.json()) as { status: string; results: Array<{ success: boolean; url: string | null }> };
        return ['completed', 'partial', 'failed'].includes(body.status) ? body : null;
      },
      'the canvas batch to finish',
      40_000,
    );
    expect(done.status).toBe('completed');
    const [red, blue] = await Promise.all(done.results.map((r) => decode(r.url!.replace('//localhost:', '//127.0.0.1:'))));
    expect([red!.format, red!.width, red!.height]).toEqual(['png', 200, 100]);
    expect(near(red!.pixel(150, 50), RED)).toBe(true);
    expect(near(blue!.pixel(150, 50), BLUE)).toBe(true);
    // Row 1 wrote "Ada" in white; row 2's empty title left the box its background colour.
    expect(inkOf(red!)).toBeGreaterThan(30);
    expect(inkOf(blue!)).toBe(0);
  });

  it('a GIF batch of a canvas design or an oversized layout is a 400 at `format`, and nothing is queued', async () => {
    const batchCount = async () => ((await (await stack.api('/batches', { key })).json()) as { batches: unknown[] }).batches.length;
    const before = await batchCount();
    const canvas = await canvasTemplate();
    const refused = await stack.api(`/templates/${canvas}/batch-render`, {
      method: 'POST',
      key,
      json: { variableSets: [{ colour: '#ff0000', title: 'Ada' }], format: 'gif' },
    });
    expect(refused.status).toBe(400);
    const problem = await problemOf(refused);
    expect(problem.type).toMatch(/validation-error$/);
    expect(problem.detail).toBe(`GIF output animates an HTML page; template ${canvas} is a canvas design. Use png, jpeg or webp.`);
    expect(problem.errors).toEqual([expect.objectContaining({ field: 'format', code: 'unsupported_format' })]);

    // An HTML template is judged per requested layout: one over 2000 px a side refuses the batch.
    const html = await stack.api('/templates', {
      method: 'POST',
      key,
      json: {
        name: 'html card',
        html: '<p>{{ title }}</p>',
        width: 120,
        height: 60,
        layouts: { poster: { width: 2400, height: 1200 }, square: { width: 100, height: 100 } },
      },
    });
    expect(html.status).toBe(200);
    const uid = ((await html.json()) as { template: { uid: string } }).template.uid;
    const several = await stack.api(`/templates/${uid}/batch-render`, {
      method: 'POST',
      key,
      json: { variableSets: [{ title: 'Ada' }], format: 'gif', layouts: ['default', 'poster', 'square'] },
    });
    expect(several.status).toBe(400);
    const { errors } = await problemOf(several);
    expect(errors).toEqual([
      expect.objectContaining({
        field: 'format',
        message: `GIF output is at most 2000 pixels a side; layout "poster" of template ${uid} is 2400x1200. Use png, jpeg or webp.`,
      }),
    ]);
    expect(await batchCount()).toBe(before);

    // The same canvas as png is accepted.
    const png = await stack.api(`/templates/${canvas}/batch-render`, {
      method: 'POST',
      key,
      json: { variableSets: [{ colour: '#ff0000', title: 'Ada' }] },
    });
    expect(png.status).toBe(202);
  });

  it('a binding over a canvas template serves a PNG of the mapped colour and text', async () => {
    const uid = await canvasTemplate();
    const created = await stack.api('/bindings', {
      method: 'POST',
      key,
      json: {
        name: 'canvas status',
        templateId: uid,
        dataSource: { type: 'http', url: server.url('/data'), method: 'GET' },
        mapping: { colour: 'card.colour', title: 'card.title' },
        refreshPolicy: { type: 'ttl', ttlSeconds: 60, onError: 'serve_stale' },
      },
    });
    expect(created.status).toBe(201);
    const { binding } = (await created.json()) as { binding: { renderUrl: string } };
    const url = binding.renderUrl.replace('//localhost:', '//127.0.0.1:');
    const image = await waitFor(
      async () => {
        const res = await fetch(url);
        if (res.headers.get('content-type') !== 'image/png') return null;
        const decoded = await decode(url);
        return decoded.width === 200 ? decoded : null;
      },
      'the binding’s first canvas render',
      20_000,
    );
    expect(image.height).toBe(100);
    expect(near(image.pixel(150, 50), BLUE)).toBe(true);
    expect(inkOf(image)).toBeGreaterThan(30);
  });
});
