import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { createApiKey, revokeApiKey, setOwnerPlan } from '@pressroom/db';
import { startPageServer, startTestStack, type TestStack } from '../../../deploy/embedded/test/harness.js';
import { Pressroom, PressroomApiError, PressroomError, PressroomNetworkError, verifyWebhook } from './index.js';
import { startProxy, type TestProxy } from './test-support/proxy.js';

const RED = '<html><body style="margin:0;background:#ff0000"></body></html>';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('@pressroom/client against a live Pressroom', () => {
  let stack: TestStack;
  let key: string;
  let accountId: string;
  let pages: Awaited<ReturnType<typeof startPageServer>>;
  const proxies: TestProxy[] = [];

  beforeAll(async () => {
    // A short render wait so a slow page answers 202 and the SDK has to poll.
    stack = await startTestStack('memory+pglite', { gateway: { renderWaitMs: 1_000, authCacheMs: 0 } });
    ({ key, accountId } = await stack.newAccount());
    pages = await startPageServer({
      '/slow': (_req, res) => {
        setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(RED), 2_500);
      },
      // Servers that answer 200 but are not Pressroom (a base URL pointing at the wrong thing).
      '/html/templates': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><h1>Welcome</h1>'),
      '/empty/templates': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(),
      '/list/templates': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'),
      '/json/image': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
    });
  });
  afterAll(async () => {
    for (const proxy of proxies) await proxy.close();
    await pages?.close();
    await stack?.dispose();
  });

  const client = (options: ConstructorParameters<typeof Pressroom>[0] = {}) =>
    new Pressroom({ baseUrl: stack.baseUrl, apiKey: key, ...options });

  it('renders HTML, downloads the file and types every endpoint', async () => {
    const pressroom = client();
    const result = await pressroom.renderImage({ html: RED, width: 40, height: 30 });
    expect(result.url).toMatch(/^http:\/\/.+\/files\/renders\/.+\.png$/);
    const { bytes, contentType } = await pressroom.download(result.url);
    expect(contentType).toBe('image/png');
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([40, 30]);
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
    const { presets } = await pressroom.api.listPdfPresets();
    expect(presets).toHaveProperty('A4');
    const { template } = await pressroom.api.createTemplate({ body: { name: 'sdk', html: '<h1>{{title}}</h1>', width: 200, height: 100 } });
    expect((await pressroom.api.getTemplate({ path: { uid: template.uid } })).template.name).toBe('sdk');
  });

  it('polls a 202 until the render completes', async () => {
    const pressroom = client({ pollIntervalMs: 200 });
    const first = await pressroom.call('renderImage', { body: { url: pages.url('/slow'), width: 20, height: 20 } });
    expect(first.status).toBe(202);
    const done = await pressroom.waitForRender(first.headers.get('location')!);
    expect(done.status).toBe('done');
    const again = await pressroom.renderImage({ url: pages.url('/slow?again'), width: 20, height: 20 });
    expect(again.url).toMatch(/\.png$/);
    const { data } = await sharp((await pressroom.download(again.url)).bytes)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('throws typed problems: bad input with field errors, a revoked key', async () => {
    const bad = await rejection(client().renderImage({ html: RED, width: 999_999 }));
    expect(bad).toBeInstanceOf(PressroomApiError);
    expect(bad).toMatchObject({ status: 400, slug: 'validation-error' });
    const width = (bad as PressroomApiError).errors.find((e) => e.field === 'width');
    const code: string | undefined = width?.code; // typed: every field error carries a machine-readable code
    expect(code).toBe('too_big');
    expect(width?.message).toMatch(/\d/);
    const issued = await createApiKey(stack.db, { accountId });
    await revokeApiKey(stack.db, issued.record.id);
    const revoked = await rejection(client({ apiKey: issued.key }).api.listTemplates());
    expect(revoked).toMatchObject({ status: 401, slug: 'invalid-api-key' });
    expect((revoked as PressroomApiError).detail.length).toBeGreaterThan(10);
  });

  it('explains a wrong base URL: nothing listening, not Pressroom, not a URL', async () => {
    const nobody = await rejection(new Pressroom({ baseUrl: 'http://127.0.0.1:9', apiKey: key, maxRetries: 1 }).api.listTemplates());
    expect(nobody).toBeInstanceOf(PressroomNetworkError);
    expect((nobody as Error).message).toMatch(/Could not reach http:\/\/127\.0\.0\.1:9\/templates/);
    const other = await rejection(new Pressroom({ baseUrl: pages.url('/elsewhere'), apiKey: key }).api.listTemplates());
    expect(other).toBeInstanceOf(PressroomApiError);
    expect((other as PressroomApiError).detail).toMatch(/answered 404 \(content-type: none\).*Is the base URL a Pressroom server\?/);
    expect(() => new Pressroom({ baseUrl: 'localhost:8080' })).toThrow(PressroomNetworkError);
  });

  it('turns a 200 that is not Pressroom JSON into a PressroomNetworkError naming status and content type', async () => {
    const wrong = (path: string) => new Pressroom({ baseUrl: pages.url(path), apiKey: key });
    const expected: [string, RegExp][] = [
      ['/html', /^GET \/templates answered 200 \(content-type: text\/html\) with a body that is not JSON \("<!doctype html>/],
      ['/empty', /^GET \/templates answered 200 \(content-type: application\/json\) with an empty body where a JSON object/],
      ['/list', /^GET \/templates answered 200 \(content-type: application\/json\) with JSON that is not an object/],
    ];
    for (const [path, message] of expected) {
      const error = await rejection(wrong(path).api.listTemplates());
      expect(error).toBeInstanceOf(PressroomNetworkError);
      expect(error).toBeInstanceOf(PressroomError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain(`is ${pages.url(path)} a Pressroom server?`);
    }
    const render = await rejection(wrong('/json').renderImage({ html: RED }));
    expect(render).toBeInstanceOf(PressroomNetworkError);
    expect((render as Error).message).toMatch(
      /^POST \/image answered 200 without `id` \(a string\) in the answer: is .+ a Pressroom server/,
    );
  });

  it('refuses a key with spaces or line breaks before any request, without echoing it; a trailing line break is dropped', async () => {
    const captured = `created key key_1; it is shown only now:\n${key}`;
    let thrown: unknown;
    try {
      new Pressroom({ baseUrl: stack.baseUrl, apiKey: captured });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PressroomError);
    expect((thrown as Error).message).toMatch(/^The API key holds spaces or line breaks \(\d+ words\)/);
    expect((thrown as Error).message).not.toContain(key);
    expect((await new Pressroom({ baseUrl: stack.baseUrl, apiKey: `${key}\n` }).api.listTemplates()).templates).toBeDefined();
  });

  it('waits out a 429 with Retry-After and retries the POST with the same Idempotency-Key', async () => {
    const proxy = await startProxy(stack.baseUrl, (req, index) =>
      req.method === 'POST' && index === 0
        ? {
            status: 429,
            headers: { 'content-type': 'application/problem+json', 'retry-after': '1' },
            body: JSON.stringify({ type: '/errors/rate-limit', title: 'Rate Limit Exceeded', status: 429, detail: 'Slow down.' }),
          }
        : 'forward',
    );
    proxies.push(proxy);
    const result = await new Pressroom({ baseUrl: proxy.url, apiKey: key }).renderImage({ html: RED, width: 10, height: 10 });
    expect(result.url).toMatch(/\.png$/);
    const posts = proxy.seen.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
  });

  it('never retries quota_exceeded, nor a rate limit longer than it may wait', async () => {
    const spent = await stack.newAccount();
    await setOwnerPlan(stack.db, { ownerId: spent.accountId, kind: 'account', plan: 'enterprise', settings: { renderCredits: 1 } });
    expect((await stack.api('/image', { method: 'POST', key: spent.key, json: { html: RED, width: 10, height: 10 } })).status).toBe(200);
    const proxy = await startProxy(stack.baseUrl, () => 'forward');
    proxies.push(proxy);
    const quota = await rejection(
      new Pressroom({ baseUrl: proxy.url, apiKey: spent.key }).renderImage({ html: RED, width: 10, height: 10 }),
    );
    expect(quota).toMatchObject({
      status: 429,
      slug: 'quota-exceeded',
      code: 'quota_exceeded',
      isQuotaExceeded: true,
      retryAfter: undefined,
    });
    expect(proxy.seen.filter((r) => r.method === 'POST')).toHaveLength(1);

    const free = await stack.newAccount(undefined, { plan: 'free' });
    const limited = new Pressroom({ baseUrl: stack.baseUrl, apiKey: free.key, maxRetryDelayMs: 0 });
    let error: unknown;
    // The window is fixed (per minute): twice the free plan's limit reaches it even when the calls straddle a window's end.
    for (let i = 0; i < 150 && !error; i++)
      error = await limited.api.listPdfPresets().then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({ status: 429, slug: 'rate-limit', isQuotaExceeded: false });
    expect((error as PressroomApiError).retryAfter).toBeGreaterThanOrEqual(1);
  });

  it('sends no Idempotency-Key when told not to, and then never retries the POST', async () => {
    const proxy = await startProxy(stack.baseUrl, () => ({
      status: 503,
      headers: { 'retry-after': '0', 'content-type': 'text/plain' },
      body: 'busy',
    }));
    proxies.push(proxy);
    const error = await rejection(
      new Pressroom({ baseUrl: proxy.url, apiKey: key }).api.renderImage({ body: { html: RED }, idempotencyKey: false }),
    );
    expect(error).toMatchObject({ status: 503 });
    expect(proxy.seen).toHaveLength(1);
    expect(proxy.seen[0]!.headers['idempotency-key']).toBeUndefined();
  });

  it('turns a connection cut mid-download into a retry, then a typed error', async () => {
    const pressroom = client();
    const { url } = await pressroom.renderImage({ html: RED, width: 300, height: 300 });
    const path = new URL(url).pathname;
    const once = await startProxy(stack.baseUrl, (_req, index) => (index === 0 ? 'cut-body' : 'forward'));
    const always = await startProxy(stack.baseUrl, () => 'cut-body');
    proxies.push(once, always);
    const recovered = await pressroom.download(`${once.url}${path}`);
    expect((await sharp(recovered.bytes).metadata()).width).toBe(300);
    expect(once.seen).toHaveLength(2);
    const cut = await rejection(pressroom.download(`${always.url}${path}`));
    expect(cut).toBeInstanceOf(PressroomNetworkError);
    expect((cut as Error).message).toMatch(/broke before a complete answer|was cut off/);
  });

  it('verifies webhook signatures like docs/webhooks.md', async () => {
    const secret = 'whsec_test';
    const body = '{"event":"render.completed","data":{}}';
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(await verifyWebhook(body, `t=${t},v1=${v1}`, secret)).toBe(true);
    expect(await verifyWebhook(new TextEncoder().encode(body), `t=${t},v1=${v1}`, secret)).toBe(true);
    expect(await verifyWebhook(`${body} `, `t=${t},v1=${v1}`, secret)).toBe(false);
    expect(await verifyWebhook(body, `t=${t},v1=${v1}`, 'whsec_other')).toBe(false);
    expect(
      await verifyWebhook(
        body,
        `t=${t - 600},v1=${createHmac('sha256', secret)
          .update(`${t - 600}.${body}`)
          .digest('hex')}`,
        secret,
      ),
    ).toBe(false);
    expect(await verifyWebhook(body, undefined, secret)).toBe(false);
  });
});
