import { earlyInMinute, waitFor } from '@pressroom/testing';
import { setOwnerPlan } from '@pressroom/db';
import { probeGif } from '@pressroom/testing/media';
import { decode, near, startPageServer, startTestStack, type TestStack } from './harness.js';
import { recordInto, type Received } from './webhook-support.js';

/*
 * Every call of the hosted service's published clients, sent as they send it
 * (method, path, body, headers), asserting the members each one reads. The
 * Python SDK's sync and async clients share their paths; the MCP server's
 * stdio and remote modes share their tools. docs/compatibility.md maps each
 * call to the test here. Template render and video calls have their own
 * files (compat-template-render.test.ts, compat-video.test.ts).
 */

type Json = Record<string, any>;

const SDK = { 'User-Agent': 'pictify-python/1.0.0' };
const MCP = { 'User-Agent': '@pictify/mcp-server/0.1.0' };
const N8N = { 'User-Agent': 'n8n-nodes-pictify/1.0.2' };

const ANIMATED =
  '<style>body{margin:0}div{width:40px;height:40px;background:#00f;animation:move 0.4s linear}@keyframes move{to{transform:translateX(100px)}}</style><div></div>';
const CARD = '<body style="margin:0;background:{{ colour }}"><h1>{{ title }}</h1></body>';
const RED: [number, number, number] = [255, 0, 0];
const GREEN: [number, number, number] = [0, 255, 0];

describe('the hosted service’s clients against Pressroom', () => {
  let stack: TestStack;
  let key: string;
  let page: Awaited<ReturnType<typeof startPageServer>>;
  let uid: string;
  const received: Received[] = [];

  /** One client call: the SDKs send JSON with a Bearer key and their User-Agent, and drop unset fields. */
  async function call(
    client: Record<string, string>,
    method: string,
    path: string,
    json?: Json,
    apiKey = key,
  ): Promise<{ status: number; body: Json; headers: Headers }> {
    const res = await stack.api(path, {
      method,
      key: apiKey,
      headers: client,
      ...(json !== undefined ? { json: Object.fromEntries(Object.entries(json).filter(([, v]) => v !== undefined && v !== null)) } : {}),
    });
    const isJson = /json/.test(res.headers.get('content-type') ?? '');
    return { status: res.status, body: isJson ? ((await res.json()) as Json) : {}, headers: res.headers };
  }

  async function waitForBatch(batchId: string, client = SDK): Promise<Json> {
    // Up to 600 looks 100 ms apart (60 s; it was 20 s, short for a batch on a loaded CI machine).
    for (let i = 0; i < 600; i++) {
      const { body } = await call(client, 'GET', `/templates/batch/${batchId}/results`);
      if (!['pending', 'processing'].includes(body.status as string)) return body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`batch ${batchId} did not finish`);
  }

  beforeAll(async () => {
    page = await startPageServer({
      '/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<body style="margin:0;background:#00ff00"></body>'),
      '/hook': recordInto(received, 200),
    });
    stack = await startTestStack('memory+pglite', { gateway: { previewPerMinute: 2 }, webhooks: { pollMs: 40 } });
    ({ key } = await stack.newAccount());
    const created = await call(SDK, 'POST', '/templates', {
      html: CARD,
      name: 'Card',
      width: 200,
      height: 100,
      variableDefinitions: [
        { name: 'colour', type: 'color', defaultValue: '#ff0000' },
        { name: 'title', type: 'text', defaultValue: 'Hi' },
      ],
    });
    uid = created.body.template.uid as string;
  });
  afterAll(async () => {
    await stack?.dispose();
    await page?.close();
  });

  describe('Python SDK (Pictify and AsyncPictify)', () => {
    it('render_html and render_url: POST /image → url, id, createdAt', async () => {
      const html = await call(SDK, 'POST', '/image', {
        html: '<style>body{margin:0;background:#f00}</style><div></div>',
        width: 64,
        height: 48,
        selector: null,
        fileExtension: 'png',
      });
      expect(html.status).toBe(200);
      expect(html.body).toMatchObject({ url: expect.any(String), id: expect.any(String), createdAt: expect.any(String) });
      const image = await decode(html.body.url as string);
      expect([image.width, image.height]).toEqual([64, 48]);
      expect(near(image.pixel(30, 20), RED)).toBe(true);

      const url = await call(SDK, 'POST', '/image', { url: page.url('/page'), width: 50, height: 40, fileExtension: 'jpg' });
      expect(url.status).toBe(200);
      const shot = await decode(url.body.url as string);
      expect([shot.width, shot.height, shot.format]).toEqual([50, 40, 'jpeg']);
      expect(near(shot.pixel(25, 20), GREEN, 20)).toBe(true);
    });

    it('render_gif: POST /gif without width/height uses the published 800x600 and answers {gif}', async () => {
      const { status, body } = await call(SDK, 'POST', '/gif', { html: ANIMATED, quality: 'low' });
      expect(status).toBe(200);
      expect(body.gif).toMatchObject({
        url: expect.any(String),
        uid: expect.any(String),
        width: 800,
        height: 600,
        animationLength: expect.any(Number),
      });
      const gif = await probeGif(Buffer.from(await (await fetch(body.gif.url as string)).arrayBuffer()));
      expect([gif.width, gif.height]).toEqual([800, 600]);
      expect(gif.frames).toBeGreaterThan(1);
    });

    it('render_batch and get_batch_results, including format gif', async () => {
      const started = await call(SDK, 'POST', `/templates/${uid}/batch-render`, {
        variableSets: [{ colour: '#ff0000' }, { colour: 'not a colour' }],
        format: 'png',
        quality: 0.9,
        concurrency: 2,
      });
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ batchId: expect.any(String), status: 'pending', totalItems: 2 });
      const results = await waitForBatch(started.body.batchId as string);
      expect(results).toMatchObject({
        batchId: started.body.batchId,
        status: 'partial',
        progress: 100,
        totalItems: 2,
        completedItems: 1,
        failedItems: 1,
      });
      expect(results.results.map((r: Json) => [r.index, r.success])).toEqual(
        expect.arrayContaining([
          [0, true],
          [1, false],
        ]),
      );
      expect(results.errors).toEqual([expect.objectContaining({ index: 1, success: false, error: expect.any(String) })]);
      expect(results).toHaveProperty('createdAt');

      const animated = await call(SDK, 'POST', '/templates', { html: ANIMATED, width: 120, height: 60 });
      const gifBatch = await call(SDK, 'POST', `/templates/${animated.body.template.uid}/batch-render`, {
        variableSets: [{}],
        format: 'gif',
      });
      expect(gifBatch.status).toBe(202);
      const gifResults = await waitForBatch(gifBatch.body.batchId as string);
      expect(gifResults).toMatchObject({ status: 'completed', completedItems: 1 });
      const gifUrl = gifResults.results[0].url as string;
      expect(gifUrl).toMatch(/\.gif$/);
      const gif = await probeGif(Buffer.from(await (await fetch(gifUrl)).arrayBuffer()));
      expect([gif.width, gif.height]).toEqual([120, 60]);
      expect(gif.frames).toBeGreaterThan(1);
    }, 60_000);

    it('create_template without a name, get_template and list_templates (output_format gif too)', async () => {
      const created = await call(SDK, 'POST', '/templates', { html: '<p>{{ who }}</p>', width: 300, height: 200, outputFormat: 'image' });
      expect(created.status).toBe(200);
      expect(created.body.template).toMatchObject({
        uid: expect.any(String),
        name: 'Untitled template',
        width: 300,
        height: 200,
        outputFormat: 'image',
      });
      const got = await call(SDK, 'GET', `/templates/${created.body.template.uid}`);
      // Its variables found in the HTML, as the client's create_template promises ("auto-discovered").
      expect(got.body.template).toMatchObject({ uid: created.body.template.uid, variableDefinitions: [{ name: 'who', type: 'text' }] });
      const listed = await call(SDK, 'GET', '/templates?page=1&limit=50&sort=name&outputFormat=image');
      expect(listed.body.templates.map((t: Json) => t.uid)).toEqual(expect.arrayContaining([uid, created.body.template.uid]));
      expect(listed.body.pagination).toMatchObject({ page: 1, limit: 50, hasNext: false, hasPrev: false });
      const gifs = await call(SDK, 'GET', '/templates?outputFormat=gif');
      expect(gifs.status).toBe(200);
      expect(gifs.body.templates).toEqual([]);
    });

    it('maps error bodies as the SDK does: message, field codes, retryAfter on rate limits (no code)', async () => {
      const badKey = await call(SDK, 'POST', '/image', { html: '<p>x</p>' }, 'not-a-key');
      expect(badKey.status).toBe(401);
      expect(badKey.body.message).toBe(badKey.body.detail);
      const missing = await call(SDK, 'GET', '/templates/tpl_missing');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toMatch(/tpl_missing/);
      const invalid = await call(SDK, 'POST', '/image', { html: '<p>x</p>', width: 99999 });
      expect(invalid.status).toBe(400);
      expect(invalid.body.errors).toEqual([{ field: 'width', message: expect.any(String), code: 'too_big' }]);
      expect(invalid.body).toMatchObject({
        type: expect.stringMatching(/validation-error$/),
        title: expect.any(String),
        status: 400,
        instance: '/image',
      });

      // Template previews have a per-minute limit (2 here): the third is a rate-limit 429, retryable.
      const preview = () =>
        call({ ...SDK, Accept: 'application/json' }, 'POST', '/templates/preview', { html: '<p>x</p>', width: 20, height: 20 });
      await earlyInMinute();
      const first = await preview();
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ image: expect.stringMatching(/^data:image\/png;base64,/), width: 20, height: 20 });
      await preview();
      const limited = await preview();
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBeUndefined();
      expect(limited.body.retryAfter).toBe(Number(limited.headers.get('retry-after')));
      expect(limited.body.retryAfter).toBeGreaterThan(0);

      // Credits used up: a 429 with code quota_exceeded and no retry hint, so the SDK raises QuotaExceededError.
      const broke = await stack.newAccount();
      await setOwnerPlan(stack.db, { ownerId: broke.accountId, kind: 'account', plan: 'enterprise', settings: { renderCredits: 1 } });
      expect((await call(SDK, 'POST', '/image', { html: '<p>1</p>', width: 10, height: 10 }, broke.key)).status).toBe(200);
      const quota = await call(SDK, 'POST', '/image', { html: '<p>2</p>', width: 10, height: 10 }, broke.key);
      expect(quota.status).toBe(429);
      expect(quota.body).toMatchObject({ code: 'quota_exceeded', message: quota.body.detail });
      expect(quota.body).not.toHaveProperty('retryAfter');
      expect(quota.body).not.toHaveProperty('retry_after');
      expect(quota.headers.get('retry-after')).toBeNull();
    });
  });

  describe('MCP server tools (stdio and remote mode)', () => {
    it('remote mode checks a key with GET /api/users/', async () => {
      const ok = await stack.api('/api/users/', { key });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as Json).user).toMatchObject({ id: expect.any(String), plan: 'enterprise' });
      expect((await stack.api('/api/users/', { key: 'live_wrong' })).status).toBe(401);
      expect((await stack.api('/api/users/')).status).toBe(401);
    });

    it('image tools: create (html and template), canvas, list with offset, get', async () => {
      const created = await call(MCP, 'POST', '/image', {
        width: 1200,
        height: 630,
        fileExtension: 'png',
        template: uid,
        variables: { colour: '#00ff00' },
      });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ url: expect.any(String), id: expect.any(String) });
      expect(near((await decode(created.body.url as string)).pixel(600, 500), GREEN)).toBe(true);

      const canvas = await call(MCP, 'POST', '/image/canvas', {
        fabricJSData: { version: '6.0.0', width: 40, height: 30, background: '#ff0000', objects: [] },
        fileExtension: 'png',
      });
      expect(canvas.status).toBe(200);
      expect(canvas.body).toMatchObject({ url: expect.any(String), id: expect.any(String) });

      const list = await call(MCP, 'GET', '/image?limit=30&offset=0');
      expect(list.status).toBe(200);
      expect(list.body.images.length).toBeGreaterThan(0);
      expect(list.body.pagination).toBeDefined();
      const one = await call(MCP, 'GET', `/image/${created.body.id}`);
      expect(one.status).toBe(200);
      expect(JSON.stringify(one.body)).toContain(created.body.id as string);
    });

    it('GIF tools: create, capture, list, get', async () => {
      const made = await call(MCP, 'POST', '/gif', { width: 100, height: 60, html: ANIMATED });
      expect(made.status).toBe(200);
      expect(made.body.gif).toMatchObject({ url: expect.any(String), uid: expect.any(String), animationLength: expect.any(Number) });
      const captured = await call(MCP, 'POST', '/gif/capture', {
        url: page.url('/page'),
        width: 80,
        height: 60,
        quality: 'low',
        frameDurationSeconds: 1,
      });
      expect(captured.status).toBe(200);
      expect(captured.body.gif).toMatchObject({ url: expect.any(String), uid: expect.any(String) });
      const list = await call(MCP, 'GET', '/gif?limit=30&offset=0');
      expect(list.body.gifs.map((g: Json) => g.uid)).toEqual(expect.arrayContaining([made.body.gif.uid, captured.body.gif.uid]));
      const one = await call(MCP, 'GET', `/gif/${made.body.gif.uid}`);
      expect(one.status).toBe(200);
    }, 30_000);

    it('PDF tools: render, multi-page, presets', async () => {
      const single = await call(MCP, 'POST', '/pdf/render', {
        templateUid: uid,
        variables: { title: 'One' },
        options: { preset: 'A4', title: 'Doc' },
      });
      expect(single.status).toBe(200);
      expect(single.body).toMatchObject({ success: true, url: expect.any(String), pageCount: 1, preset: 'A4' });
      const multi = await call(MCP, 'POST', '/pdf/multi-page', { templateUid: uid, variableSets: [{ title: 'A' }, { title: 'B' }] });
      expect(multi.status).toBe(200);
      expect(multi.body).toMatchObject({ success: true, url: expect.any(String), pageCount: 2 });
      const presets = await call(MCP, 'GET', '/pdf/presets');
      // The MCP tool prints the answer as JSON, whatever its shape.
      expect(Object.keys(presets.body.presets as Json)).toEqual(expect.arrayContaining(['A4', 'Letter']));
    });

    it('template tools: list, get, variables, render, create, update, delete', async () => {
      const list = await call(MCP, 'GET', '/templates?page=1&limit=12&sort=newest&outputFormat=all');
      expect(list.body).toMatchObject({ templates: expect.any(Array), pagination: expect.any(Object) });
      expect((await call(MCP, 'GET', `/templates/${uid}`)).status).toBe(200);
      const variables = await call(MCP, 'GET', `/templates/${uid}/variables`);
      expect(variables.body.variables.map((v: Json) => v.name)).toEqual(['colour', 'title']);
      const rendered = await call(MCP, 'POST', `/templates/${uid}/render`, { variables: {}, format: 'jpeg', quality: 0.9 });
      expect(rendered.body).toMatchObject({ totalRendered: 1, totalErrors: 0, templateUid: uid });
      expect(rendered.body.results[0]).toMatchObject({ layout: 'default', name: 'default', width: 200, height: 100, format: 'jpeg' });

      const created = await call(MCP, 'POST', '/templates', {
        name: 'From MCP',
        html: '<p>{{ x }}</p>',
        type: 'social',
        category: 'marketing',
        tags: ['a'],
      });
      expect(created.body.template).toMatchObject({ uid: expect.any(String), name: 'From MCP' });
      const updated = await call(MCP, 'PUT', `/templates/${created.body.template.uid}`, { name: 'Renamed', width: 300 });
      expect(updated.body.template).toMatchObject({ uid: created.body.template.uid, name: 'Renamed', width: 300 });
      expect((await call(MCP, 'DELETE', `/templates/${created.body.template.uid}`)).status).toBe(200);
      expect((await call(MCP, 'GET', `/templates/${created.body.template.uid}`)).status).toBe(404);
    });

    it('batch tools: render, results, cancel', async () => {
      const started = await call(MCP, 'POST', `/templates/${uid}/batch-render`, {
        variableSets: [{ title: 'a' }],
        format: 'webp',
        quality: 0.9,
        concurrency: 5,
      });
      expect(started.body).toMatchObject({ batchId: expect.any(String), totalItems: 1, status: 'pending', message: expect.any(String) });
      expect((await waitForBatch(started.body.batchId as string, MCP)).status).toBe('completed');
      const another = await call(MCP, 'POST', `/templates/${uid}/batch-render`, {
        variableSets: [{ title: 'b' }],
        format: 'png',
        quality: 0.9,
        concurrency: 5,
      });
      const cancelled = await call(MCP, 'POST', `/templates/batch/${another.body.batchId}/cancel`);
      expect([200, 409]).toContain(cancelled.status);
      if (cancelled.status === 200) expect(cancelled.body).toMatchObject({ batchId: another.body.batchId, status: expect.any(String) });
    });

    it('the ten experiment tools get a 410 saying experiments are not part of Pressroom', async () => {
      const calls: Array<[string, string, Json?]> = [
        ['GET', '/experiments/api?page=1&limit=10'],
        ['POST', '/experiments/api', { name: 'x' }],
        ['GET', '/experiments/api/exp_1'],
        ['GET', '/experiments/api/quota'],
        ['PUT', '/experiments/api/exp_1', { name: 'y' }],
        ['DELETE', '/experiments/api/exp_1'],
        ['POST', '/experiments/api/exp_1/start'],
        ['POST', '/experiments/api/exp_1/pause'],
        ['POST', '/experiments/api/exp_1/complete', {}],
        ['POST', '/s/events', { event: 'view' }],
      ];
      for (const [method, path, json] of calls) {
        const res = await call(MCP, method, path, json);
        expect(res.status).toBe(410);
        expect(res.body).toMatchObject({ status: 410, title: 'Endpoint Retired', feature: 'experiments' });
        expect(res.body.detail).toMatch(/not part of Pressroom/);
      }
      expect((await call(MCP, 'GET', '/v1/s/abc')).status).toBe(410);
    });
  });

  describe('n8n node operations', () => {
    it('credential test, template get/list', async () => {
      expect((await call(N8N, 'GET', '/templates')).status).toBe(200);
      expect((await call(N8N, 'GET', `/templates/${uid}`)).body.template.uid).toBe(uid);
    });

    it('image: renderTemplate, renderHtml, renderBatch (jpg); gif from a template; PDF via format pdf', async () => {
      const tpl = await call(N8N, 'POST', `/templates/${uid}/render`, {
        variables: { colour: '#00ff00' },
        format: 'jpg',
        quality: 0.9,
        width: 100,
        height: 50,
        layouts: ['default'],
      });
      expect(tpl.status).toBe(200);
      const shot = await decode(tpl.body.results[0].url as string);
      expect([shot.width, shot.height, shot.format]).toEqual([100, 50, 'jpeg']);

      const html = await call(N8N, 'POST', '/image', { html: '<p>n8n</p>', width: 1280, height: 720, fileExtension: 'png' });
      expect(html.body.url).toEqual(expect.any(String));

      const batch = await call(N8N, 'POST', `/templates/${uid}/batch-render`, {
        variableSets: [{ title: 'x' }],
        format: 'jpg',
        quality: 0.9,
        concurrency: 5,
      });
      expect(batch.status).toBe(202);
      expect((await waitForBatch(batch.body.batchId as string, N8N)).results[0].url).toMatch(/\.jpe?g$/);

      const animated = await call(N8N, 'POST', '/templates', { name: 'Anim', html: ANIMATED, width: 100, height: 60 });
      const gif = await call(N8N, 'POST', '/gif', {
        width: 100,
        height: 60,
        quality: 'low',
        template: animated.body.template.uid,
        variables: {},
      });
      expect(gif.body.gif.url).toEqual(expect.any(String));

      const pdf = await call(N8N, 'POST', `/templates/${uid}/render`, { variables: { title: 'PDF' }, format: 'pdf' });
      expect(pdf.status).toBe(200);
      expect(pdf.body.results[0]).toMatchObject({ format: 'pdf' });
      const res = await fetch(pdf.body.results[0].url as string);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }, 30_000);
  });

  describe('dashboard and skills endpoints', () => {
    it('batch.failed is delivered beside batch.completed when every item failed', async () => {
      for (const event of ['batch.failed', 'batch.completed']) {
        const res = await call(SDK, 'POST', '/webhook-subscriptions', { event, targetUrl: page.url(`/hook?event=${event}`) });
        expect(res.status).toBe(201);
      }
      const started = await call(SDK, 'POST', `/templates/${uid}/batch-render`, { variableSets: [{ colour: 'nope' }, { colour: 'nada' }] });
      expect((await waitForBatch(started.body.batchId as string)).status).toBe('failed');
      const ofEvent = (event: string) =>
        received.find(
          (r) => r.path === `/hook?event=${event}` && (JSON.parse(r.raw.toString()) as Json).data.batchId === started.body.batchId,
        );
      const failed = await waitFor(() => ofEvent('batch.failed'), 'batch.failed');
      const completed = await waitFor(() => ofEvent('batch.completed'), 'batch.completed');
      expect(failed.headers['x-service-event']).toBe('batch.failed');
      expect(JSON.parse(failed.raw.toString())).toMatchObject({
        event: 'batch.failed',
        data: { batchId: started.body.batchId, status: 'failed', totalCount: 2, completedCount: 0, failedCount: 2 },
      });
      expect(JSON.parse(completed.raw.toString()).data).toEqual(JSON.parse(failed.raw.toString()).data);
    });

    it('expression validate and interpolate, multi-size render, preview as JSON', async () => {
      expect((await call(SDK, 'POST', '/templates/expression/validate', { expression: '{{ price * 2 }}' })).body).toEqual({ valid: true });
      const broken = await call(SDK, 'POST', '/templates/expression/validate', { expression: '{{ price * }}' });
      expect(broken.body).toMatchObject({ valid: false, error: expect.any(String), position: expect.any(Number) });
      const filled = await call(SDK, 'POST', '/templates/expression/interpolate', {
        template: 'Hi {{ uppercase(name) }}, {{ missing }}',
        variables: { name: 'ada' },
      });
      expect(filled.body).toEqual({ result: 'Hi ADA, {{ missing }}', missing: ['missing'] });

      const sizes = await call(SDK, 'POST', `/templates/${uid}/multi-size-render`, {
        variables: { colour: '#00ff00' },
        sizes: [
          { width: 60, height: 60, name: 'Square' },
          { width: 90, height: 30 },
        ],
      });
      expect(sizes.status).toBe(200);
      expect(sizes.body.results.map((r: Json) => [r.name, r.width, r.height])).toEqual([
        ['Square', 60, 60],
        ['90x30', 90, 30],
      ]);
      const wide = await decode(sizes.body.results[1].url as string);
      expect([wide.width, wide.height]).toEqual([90, 30]);
    });
  });
});
