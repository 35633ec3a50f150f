import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { gatewayEnv, gatewaySettings } from '@pressroom/gateway';
import { QUADRANTS, startTestStack, type TestStack } from './harness.js';

/** Raw node:http GET (fetch would decode the body and hide Content-Encoding). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('HTTP conventions on the live stack', () => {
  const APP = 'https://app.example';
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite', { gateway: { corsOrigins: [APP] } });
    ({ key } = await stack.newAccount());
    for (let i = 0; i < 3; i++) {
      const res = await stack.api('/templates', {
        method: 'POST',
        key,
        json: { name: `conventions ${i}`, html: `<p>${'x'.repeat(600)}</p>` },
      });
      expect(res.status).toBe(200);
    }
  });
  afterAll(() => stack.dispose());

  it('keeps idle connections open longer than a load balancer does (Keep-Alive: timeout=65)', async () => {
    const res = await rawGet(`${stack.baseUrl}/health`, { connection: 'keep-alive' });
    expect(res.headers['keep-alive']).toBe('timeout=65');
  });

  it('has CORS off unless origins are configured', () => {
    expect(gatewaySettings(gatewayEnv.parse({})).corsOrigins).toEqual([]);
    expect(gatewaySettings(gatewayEnv.parse({ PRESSROOM_CORS_ORIGINS: 'https://a.example, *' })).corsOrigins).toEqual([
      'https://a.example',
      '*',
    ]);
    expect(gatewayEnv.safeParse({ PRESSROOM_CORS_ORIGINS: 'not a url' }).success).toBe(false);
  });

  it('answers an allowed origin’s preflight without a key, and its requests with readable rate-limit headers', async () => {
    const preflight = await stack.api('/image', {
      method: 'OPTIONS',
      headers: { origin: APP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP);
    const res = await stack.api('/templates', { key, headers: { origin: APP } });
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/RateLimit/);
    const foreign = await stack.api('/templates', { key, headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // Same-origin callers (the dashboard, /docs try-it) are unaffected.
    const same = await stack.api('/templates', { key, headers: { origin: stack.baseUrl } });
    expect(same.status).toBe(200);
  });

  it('sends the IETF RateLimit and RateLimit-Policy headers beside X-RateLimit-*', async () => {
    const res = await stack.api('/templates', { key });
    const limit = Number(res.headers.get('x-ratelimit-limit'));
    const remaining = Number(res.headers.get('x-ratelimit-remaining'));
    expect(res.headers.get('ratelimit-policy')).toMatch(new RegExp(`^"[a-z]+";q=${limit};w=\\d+$`));
    const [, r, t] = /^"[a-z]+";r=(\d+);t=(\d+)$/.exec(res.headers.get('ratelimit') ?? '') ?? [];
    expect(Number(r)).toBe(remaining);
    expect(Number(t)).toBeGreaterThan(0);
  });

  it('tags JSON GETs and answers 304 to If-None-Match while unchanged', async () => {
    const first = await stack.api('/templates', { key });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const again = await stack.api('/templates', { key, headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    await stack.api('/templates', { method: 'POST', key, json: { name: 'conventions 3', html: '<p>new</p>' } });
    const changed = await stack.api('/templates', { key, headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
  });

  it('links the pages of a list', async () => {
    const res = await stack.api('/templates?limit=2&page=1', { key });
    const link = res.headers.get('link')!;
    expect(link).toMatch(/<\/templates\?limit=2&page=2>; rel="next"/);
    expect(link).not.toMatch(/rel="prev"/);
    const next = await stack.api('/templates?limit=2&page=2', { key });
    expect(next.headers.get('link')).toMatch(/<\/templates\?limit=2&page=1>; rel="prev"/);
    expect(((await next.json()) as { templates: unknown[] }).templates).toHaveLength(2);
  });

  it('compresses JSON with brotli but serves rendered images as they are', async () => {
    const list = await rawGet(`${stack.baseUrl}/templates`, { authorization: `Bearer ${key}`, 'accept-encoding': 'gzip, br' });
    expect(list.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(list.body).toString()) as { templates: unknown[] };
    expect(body.templates.length).toBeGreaterThan(0);

    const render = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 200, height: 100 } });
    const { url } = (await render.json()) as { url: string };
    const file = await rawGet(url, { 'accept-encoding': 'gzip, br' });
    expect(file.status).toBe(200);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.body.subarray(1, 4).toString()).toBe('PNG');
  });
});
