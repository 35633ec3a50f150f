import { randomBytes } from 'node:crypto';
import { importLegacyApiKey, revokeApiKey, listApiKeys } from '@pressroom/db';
import { FLAVOURS, problemOf, startTestStack, type TestStack } from './harness.js';

describe.each(FLAVOURS)('authentication and problem responses (%s)', (flavour) => {
  let stack: TestStack;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    stack = await startTestStack(flavour, { withImageService: false, gateway: { maxBodyBytes: 1024 * 1024, authCacheMs: 0 } });
    ({ key, accountId } = await stack.newAccount());
  });
  afterAll(() => stack.dispose());

  it('answers a missing Authorization header with missing-auth', async () => {
    const res = await stack.api('/templates');
    expect(res.status).toBe(401);
    const body = await problemOf(res);
    expect(body).toMatchObject({
      type: `${stack.baseUrl.replace('127.0.0.1', 'localhost')}/errors/missing-auth`,
      title: 'Missing Authentication',
      status: 401,
      instance: '/templates',
    });
    expect(body.detail).toEqual(expect.any(String));
  });

  it.each([
    ['no Bearer word', (k: string) => k],
    ['two spaces', (k: string) => `Bearer  ${k}`],
    ['an empty token', (_k: string) => 'Bearer '],
    ['a tab separator', (k: string) => `Bearer\t${k}`],
    ['Basic scheme', (k: string) => `Basic ${k}`],
  ])('treats a malformed header (%s) as missing-auth', async (_name, header) => {
    const res = await stack.api('/templates', { headers: { authorization: header(key) } });
    expect(res.status).toBe(401);
    expect((await problemOf(res)).title).toBe('Missing Authentication');
  });

  it('reads the Bearer scheme in any case (RFC 9110), as some HTTP clients send it', async () => {
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      expect((await stack.api('/templates', { headers: { authorization: `${scheme} ${key}` } })).status).toBe(200);
    }
  });

  it('answers unknown, truncated and revoked keys with invalid-api-key', async () => {
    const unknown = `prs_live_${randomBytes(32).toString('hex')}`;
    for (const bad of [unknown, key.slice(0, -1), 'abc']) {
      const res = await stack.api('/templates', { key: bad });
      expect(res.status).toBe(401);
      const body = await problemOf(res);
      expect(body.type).toMatch(/\/errors\/invalid-api-key$/);
      expect(body.title).toBe('Invalid API Key');
    }
    const other = await stack.newAccount();
    expect((await stack.api('/templates', { key: other.key })).status).toBe(200);
    const [record] = await listApiKeys(stack.db, other.accountId);
    await revokeApiKey(stack.db, record!.id);
    const res = await stack.api('/templates', { key: other.key });
    expect(res.status).toBe(401);
    expect((await problemOf(res)).title).toBe('Invalid API Key');
  });

  it('accepts a legacy bare 64-hex key', async () => {
    const legacy = randomBytes(32).toString('hex');
    await importLegacyApiKey(stack.db, { accountId, key: legacy });
    const res = await stack.api('/templates', { key: legacy });
    expect(res.status).toBe(200);
  });

  it('answers malformed JSON, a wrong content type and a non-object body with problems', async () => {
    const malformed = await stack.api('/templates', {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(malformed.status).toBe(400);
    expect((await problemOf(malformed)).type).toMatch(/\/errors\/malformed-json$/);

    const wrongType = await stack.api('/templates', { method: 'POST', key, headers: { 'content-type': 'text/plain' }, body: 'name=x' });
    expect(wrongType.status).toBe(415);
    expect((await problemOf(wrongType)).type).toMatch(/\/errors\/unsupported-media-type$/);

    const array = await stack.api('/templates', { method: 'POST', key, json: [1, 2] });
    expect(array.status).toBe(400);
    expect((await problemOf(array)).type).toMatch(/\/errors\/validation-error$/);
  });

  it('answers a body over the limit with 413 and keeps serving', async () => {
    const huge = JSON.stringify({ name: 'x', html: 'a'.repeat(2 * 1024 * 1024) });
    const res = await stack.api('/templates', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: huge });
    expect(res.status).toBe(413);
    expect((await problemOf(res)).type).toMatch(/\/errors\/payload-too-large$/);
    expect((await stack.api('/templates', { key })).status).toBe(200);
  });

  it('answers a 50 MB body with 413 without reading it all', async () => {
    const res = await stack
      .api('/image', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: Buffer.alloc(50 * 1024 * 1024, 0x20) })
      .catch((error: unknown) => error as Error);
    // The server answers as soon as Content-Length exceeds the limit; the client may see the answer or a closed socket.
    if (res instanceof Response) {
      expect(res.status).toBe(413);
      expect((await problemOf(res)).status).toBe(413);
    }
    expect((await stack.api('/templates', { key })).status).toBe(200);
  });

  it('answers unknown routes with 404 and wrong methods with 405 and Allow', async () => {
    const missing = await stack.api('/nope', { key });
    expect(missing.status).toBe(404);
    expect(await problemOf(missing)).toMatchObject({ status: 404, instance: '/nope' });

    const wrong = await stack.api('/templates', { method: 'PATCH', key });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('GET');
    expect(wrong.headers.get('allow')).toContain('POST');
    expect((await problemOf(wrong)).type).toMatch(/\/errors\/method-not-allowed$/);
  });

  it('lists each failing field of a validation error', async () => {
    const res = await stack.api('/image', {
      method: 'POST',
      key,
      json: { html: '<p>x</p>', url: 'https://example.com', width: 0, height: 1.5, fileExtension: 'gif' },
    });
    expect(res.status).toBe(400);
    const body = await problemOf(res);
    const fields = (body.errors as Array<{ field: string }>).map((e) => e.field).sort();
    expect(fields).toEqual(expect.arrayContaining(['fileExtension', 'height', 'width', 'url']));
    expect(body.title).toBe('Validation Error');
  });

  it('serves a human page for each error slug', async () => {
    const page = await stack.api('/errors/invalid-api-key');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('Invalid API Key');
    const unknown = await stack.api('/errors/not-a-slug');
    expect(unknown.status).toBe(404);
    await problemOf(unknown);
  });
});
