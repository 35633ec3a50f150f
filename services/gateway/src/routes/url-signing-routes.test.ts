import { createAccount, createApiKey } from '@pressroom/db';
import { startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

/** GET /account/url-signing-secret: 404 when none (the default), or 200 `{configured: false}` under `?ifNone=empty` (ADR 0076). */
describe('GET /account/url-signing-secret', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway('pglite');
  }, 120_000);
  afterAll(() => gw.close(), 120_000);

  async function keyed(name: string) {
    const account = await createAccount(gw.db, { name: `${name}-${Math.random().toString(36).slice(2, 8)}` });
    const { key } = await createApiKey(gw.db, { accountId: account.id });
    return (method: string, query = '', body?: unknown) =>
      fetch(`${gw.baseUrl}/account/url-signing-secret${query}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
  }

  it('answers 404 when none by default, and 200 {configured: false} only when asked with ifNone=empty', async () => {
    const call = await keyed('sig-none');
    for (const query of ['', '?ifNone=404']) {
      const res = await call('GET', query);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(((await res.json()) as { type: string }).type).toMatch(/not-found$/);
    }
    const empty = await call('GET', '?ifNone=empty');
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ configured: false });
  });

  it('answers a secret alike with or without ifNone, with configured: true and never the secret', async () => {
    const call = await keyed('sig-set');
    const made = (await (await call('POST', '', { maxRenders: 5 })).json()) as { id: string; secret: string; createdAt: string };
    const expected = { configured: true, id: made.id, maxRenders: 5, rendersUsed: 0, createdAt: made.createdAt };
    for (const query of ['', '?ifNone=empty']) {
      const res = await call('GET', query);
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(JSON.parse(body)).toEqual(expected);
      expect(body).not.toContain(made.secret);
    }
    expect((await call('DELETE')).status).toBe(204);
    expect(await (await call('GET', '?ifNone=empty')).json()).toEqual({ configured: false });
    expect((await call('GET')).status).toBe(404);
  });

  it('refuses an unknown ifNone with a 400 naming the parameter and its values', async () => {
    const call = await keyed('sig-bad');
    const res = await call('GET', '?ifNone=null');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const problem = (await res.json()) as { type: string; errors: { field: string; message: string }[] };
    expect(problem.type).toMatch(/validation-error$/);
    expect(problem.errors).toEqual([expect.objectContaining({ field: 'ifNone', message: expect.stringMatching(/404 .* or empty/) })]);
  });
});
