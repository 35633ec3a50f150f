import {
  AgentScreenshotRequest,
  BatchRenderRequest,
  BindingCreate,
  BindingTestSource,
  BindingUpdate,
  CanvasImageRequest,
  ExpressionTestRequest,
  GifCaptureRequest,
  GifRequest,
  INPUT_MAX_DEPTH,
  ImageRequest,
  OgImageRequest,
  PdfMultiPageRequest,
  PdfRenderRequest,
  TemplateCreate,
  TemplateRenderRequest,
  TemplateUpdate,
  VideoGenerateRequest,
  VideoRenderRequest,
  VideoTemplateCreate,
  VideoTemplateUpdate,
  WebhookCreate,
  WebhookUpdate,
} from '@pressroom/contracts';
import sharp from 'sharp';
import type { z } from 'zod';
import { FLAVOURS, problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';

/** `{"a":{"a":…1}}` as text, `levels` objects deep, without recursion anywhere. */
function nestedText(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

const WRONG: unknown[] = [1, 's', true, null, {}, [], [null], { a: null }];

describe.each(FLAVOURS)('bad input never reaches a 500 (%s)', (flavour) => {
  let stack: TestStack;
  let key: string;
  let templateUid: string;
  let pages: Awaited<ReturnType<typeof startPageServer>>;

  beforeAll(async () => {
    stack = await startTestStack(flavour, { withImageService: false });
    ({ key } = await stack.newAccount());
    pages = await startPageServer({
      '/nul.csv': (_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end('name,title\nAda,"Coun\u0000tess"\n'),
      // A lone surrogate as UTF-8 would write it (CESU-8 bytes ED A0 80): not UTF-8.
      '/surrogate.csv': (_req, res) =>
        res
          .writeHead(200, { 'content-type': 'text/csv' })
          .end(Buffer.concat([Buffer.from('name\nx'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('\n')])),
    });
    const created = await stack.api('/templates', {
      method: 'POST',
      key,
      json: { name: 'card', html: '<p>{{title}}</p>', width: 100, height: 50 },
    });
    expect(created.status).toBe(200);
    templateUid = ((await created.json()) as { template: { uid: string } }).template.uid;
  });
  afterAll(async () => {
    await pages?.close();
    await stack?.dispose();
  });

  const post = (path: string, body: unknown, method = 'POST') =>
    stack.api(path, {
      method,
      key,
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  async function expectInvalid(res: Response, field: string | RegExp, message?: RegExp): Promise<void> {
    expect(res.status).toBe(400);
    const problem = await problemOf(res);
    expect(problem.type).toMatch(/\/validation-error$/);
    const fields = (problem.errors as Array<{ field: string; message: string }>).map((e) => e.field);
    expect(fields).toContainEqual(typeof field === 'string' ? field : expect.stringMatching(field));
    if (message) expect(problem.detail).toMatch(message);
  }

  it('refuses NUL and lone surrogates in every kind of string field with a 400 naming it (nothing stored)', async () => {
    await expectInvalid(await post('/templates', '{"name":"n\\u0000","html":"<p/>"}'), 'name', /NUL/);
    await expectInvalid(await post('/templates', '{"name":"n","html":"<p>\\ud800</p>"}'), 'html', /lone UTF-16 surrogate/);
    await expectInvalid(await post('/templates', '{"name":"n","html":"<p/>","tags":["ok","\\u0000"]}'), 'tags.1');
    await expectInvalid(await post(`/templates/${templateUid}`, '{"name":"\\udfff"}', 'PUT'), 'name');
    await expectInvalid(
      await post(`/templates/${templateUid}/batch-render`, '{"variableSets":[{"title":"a\\u0000"}]}'),
      'variableSets.0.title',
    );
    await expectInvalid(
      await post('/bindings', { name: 'b\u0000', templateId: templateUid, dataSource: { url: 'https://example.com/x.json' } }),
      'name',
    );
    await expectInvalid(await post('/bindings', '{"name":"b","defaults":{"t":"\\ud800"}}'), 'defaults.t');
    await expectInvalid(
      await post('/bindings/test-source', '{"dataSource":{"url":"https://e.com","body":{"q":"\\u0000"}}}'),
      'dataSource.body.q',
    );
    await expectInvalid(
      await post('/webhook-subscriptions', '{"event":"render.completed","filters":{"templateId":"\\u0000"}}'),
      'filters.templateId',
    );
    const list = (await (await stack.api('/templates', { key })).json()) as { data?: unknown[]; templates?: unknown[] };
    expect((list.data ?? list.templates ?? []).length).toBe(1);
  });

  it('refuses JSON nested deeper than the door limit before anything recurses, up to 10,000 levels', async () => {
    await expectInvalid(
      await post('/templates/expression/test', `{"expression":"1","variables":${nestedText(5_000)}}`),
      /^variables(\.a)+$/,
      /deeper than 64/,
    );
    await expectInvalid(
      await post(`/templates/${templateUid}/batch-render`, `{"variableSets":[${nestedText(5_000)}]}`),
      /^variableSets\.0(\.a)+$/,
    );
    await expectInvalid(
      await post('/templates', `{"name":"n","html":"<p/>","variableDefinitions":[{"name":"v","defaultValue":${nestedText(5_000)}}]}`),
      /^variableDefinitions\.0\.defaultValue(\.a)+$/,
    );
    await expectInvalid(
      await post('/webhook-subscriptions', `{"event":"render.completed","filters":${nestedText(5_000)}}`),
      /^filters(\.a)+$/,
    );
    await expectInvalid(await post('/image', `{"template":"${templateUid}","variables":${nestedText(10_000)}}`), /^variables(\.a)+$/);
    // One level inside the limit is an ordinary body (the body object is level 1).
    const ok = await post('/templates/expression/test', `{"expression":"1","variables":${nestedText(INPUT_MAX_DEPTH - 1)}}`);
    expect(ok.status).toBe(200);
  });

  it('keeps the template language at 200 levels: 200 evaluate, 201 and deep parseJson are expression errors', async () => {
    const at = (levels: number) => post('/templates/expression/test', { expression: '['.repeat(levels) + ']'.repeat(levels) });
    expect((await at(200)).status).toBe(200);
    const over = await at(201);
    expect(over.status).toBe(400);
    expect((await problemOf(over)).detail).toMatch(/nests deeper than 200 levels/);
    const deep = '['.repeat(5_000) + ']'.repeat(5_000);
    const parsed = await post('/templates/expression/test', { expression: 'parseJson(text)', variables: { text: deep } });
    expect(parsed.status).toBe(400);
    expect((await problemOf(parsed)).detail).toMatch(/parseJson: the JSON nests deeper than 200 levels/);
  });

  it('answers layouts of a wrong type on batch-render with a 400 on layouts', async () => {
    for (const layouts of [1, null, {}])
      await expectInvalid(await post(`/templates/${templateUid}/batch-render`, { variableSets: [{}], layouts }), 'layouts');
  });

  it('answers NUL in a URL render variable with the transparent image naming validation-error', async () => {
    const res = await fetch(`${stack.baseUrl}/r/${templateUid}.png?token=${key}&title=a%00b`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-pressroom-error')).toBe('validation-error');
    const { info } = await sharp(Buffer.from(await res.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1, 1]);
  });

  it('answers NUL and surrogates in a batch CSV with a 400 on csvUrl', async () => {
    await expectInvalid(
      await post(`/templates/${templateUid}/batch-render`, { csvUrl: pages.url('/nul.csv') }),
      'csvUrl',
      /line 2: field 2 contains a NUL/,
    );
    await expectInvalid(
      await post(`/templates/${templateUid}/batch-render`, { csvUrl: pages.url('/surrogate.csv') }),
      'csvUrl',
      /not UTF-8/,
    );
  });

  it('answers an unresolvable host the same way on URL renders, webhooks and data sources', async () => {
    const host = 'https://no-such-host.invalid/x';
    await expectInvalid(await post('/image', { url: host }), 'url', /could not be resolved/);
    await expectInvalid(
      await post('/webhook-subscriptions', { event: 'render.completed', targetUrl: host }),
      'targetUrl',
      /could not be resolved/,
    );
    await expectInvalid(await post('/bindings/test-source', { dataSource: { url: host } }), 'dataSource.url', /could not be resolved/);
  });

  it('answers every wrong JSON type in every field of every POST/PUT body with a 400 problem', async () => {
    const routes: Array<[string, string, z.ZodType]> = [
      ['POST', '/image', ImageRequest],
      ['POST', '/image/og-image', OgImageRequest],
      ['POST', '/image/agent-screenshot', AgentScreenshotRequest],
      ['POST', '/image/canvas', CanvasImageRequest],
      ['POST', '/gif', GifRequest],
      ['POST', '/gif/capture', GifCaptureRequest],
      ['POST', '/pdf/render', PdfRenderRequest],
      ['POST', '/pdf/multi-page', PdfMultiPageRequest],
      ['POST', '/templates', TemplateCreate],
      ['PUT', `/templates/${templateUid}`, TemplateUpdate],
      ['POST', `/templates/${templateUid}/render`, TemplateRenderRequest],
      ['POST', `/templates/${templateUid}/batch-render`, BatchRenderRequest],
      ['POST', '/templates/expression/test', ExpressionTestRequest],
      ['POST', '/webhook-subscriptions', WebhookCreate],
      ['PUT', '/webhook-subscriptions/wh_missing', WebhookUpdate],
      ['POST', '/bindings', BindingCreate],
      ['POST', '/bindings/test-source', BindingTestSource],
      ['PUT', '/bindings/bnd_missing', BindingUpdate],
      ['POST', '/video/templates', VideoTemplateCreate],
      ['PUT', '/video/templates/vid_missing', VideoTemplateUpdate],
      ['POST', '/video/templates/vid_missing/render', VideoRenderRequest],
      ['POST', '/video/templates/generate', VideoGenerateRequest],
    ];
    const failures: string[] = [];
    for (const [method, path, schema] of routes) {
      const fields = Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? {});
      expect(fields.length).toBeGreaterThan(0);
      // Every field wrong at once for each type (object-level checks see only wrong types), and each field alone with the
      // first wrong value its schema refuses: whatever the schema refuses, the API answers with a 400 problem.
      const refused = (body: unknown) => !schema.safeParse(body).success;
      const bodies = [
        ...WRONG.map((value) => Object.fromEntries(fields.map((field) => [field, value]))),
        ...fields.flatMap((field) => {
          const value = WRONG.find((v) => refused({ [field]: v }));
          return value === undefined ? [] : [{ [field]: value }];
        }),
      ].filter(refused);
      {
        for (const body of bodies) {
          const res = await post(path, body, method);
          const problem = res.headers.get('content-type')?.startsWith('application/problem+json');
          // A PUT to an unknown uid may answer 404 first; nothing may answer 5xx or succeed.
          if (!problem || !(res.status === 400 || (res.status === 404 && path.includes('missing'))))
            failures.push(`${method} ${path} ${JSON.stringify(body)} → ${res.status}`);
          await res.arrayBuffer();
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
