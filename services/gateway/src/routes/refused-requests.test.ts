import { createAccount, createApiKey, recordRefusedRequest, REFUSED_REQUESTS_KEPT } from '@pressroom/db';
import { Browser, startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

interface Listed {
  items: Array<{ method: string; path: string; status: number; type: string; detail: string; errors: unknown[]; key: unknown }>;
}

describe('the refused-requests log (pglite)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway('pglite');
  });
  afterAll(() => gw.close());

  async function keyedAccount(name: string) {
    const account = await createAccount(gw.db, { name: `${name}-${Math.random().toString(36).slice(2, 8)}` });
    const issued = await createApiKey(gw.db, { accountId: account.id, label: 'CI' });
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${gw.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${issued.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const list = async (query = '') => (await (await call('GET', `/account/refused-requests${query}`)).json()) as Listed;
    /** The log is written after the answer (fire and forget): wait for it to show the expected count. */
    const listOnce = async (count: number, query = '') => {
      // Up to 600 looks 50 ms apart (30 s; it was 5 s, short on a loaded CI machine).
      for (let attempt = 0; attempt < 600; attempt++) {
        const listed = await list(query);
        if (listed.items.length >= count) return listed;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the log never reached ${count} refusals: ${JSON.stringify(await list(query))}`);
    };
    return { account, issued, call, list, listOnce };
  }

  it('shows a refused POST made with a key, with its detail and field errors, and never the query string', async () => {
    const dev = await keyedAccount('refused');
    const refused = await dev.call('POST', '/v1/image?token=do-not-keep', { html: '<p>Hi</p>', width: 0 });
    expect(refused.status).toBe(400);
    const problem = (await refused.json()) as { detail: string; errors: Array<{ field: string; message: string; code: string }> };

    const listed = await dev.listOnce(1);
    expect(listed.items).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/image',
        status: 400,
        type: 'validation-error',
        detail: problem.detail,
        errors: problem.errors,
        key: { id: dev.issued.record.id, name: 'CI', masked: dev.issued.record.masked },
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain('do-not-keep');

    // Another workspace sees none of it.
    const other = await keyedAccount('other');
    expect((await other.list()).items).toEqual([]);
  });

  it('leaves out the "not set" answers of optional settings, unauthenticated requests and successes', async () => {
    const dev = await keyedAccount('quiet');
    // The 404 an API client gets when none is set, and the 200 the dashboard asks for instead (ifNone=empty, ADR 0076).
    expect((await dev.call('GET', '/custom-storage')).status).toBe(404);
    expect((await dev.call('GET', '/account/url-signing-secret')).status).toBe(404);
    expect((await dev.call('GET', '/custom-storage?ifNone=empty')).status).toBe(200);
    expect((await dev.call('GET', '/account/url-signing-secret?ifNone=empty')).status).toBe(200);
    expect((await fetch(`${gw.baseUrl}/image`, { method: 'POST' })).status).toBe(401);
    expect((await dev.call('GET', '/usage')).status).toBe(200);
    // A refusal made last: once it shows, whatever came before it would have too.
    expect((await dev.call('GET', '/renders/img_missing')).status).toBe(404);
    expect((await dev.listOnce(1)).items).toMatchObject([{ method: 'GET', path: '/renders/img_missing', status: 404 }]);
  });

  it(`keeps the newest ${REFUSED_REQUESTS_KEPT}; the limit parameter takes up to that many`, async () => {
    const dev = await keyedAccount('capped');
    for (let n = 0; n < REFUSED_REQUESTS_KEPT; n++) {
      await recordRefusedRequest(gw.db, {
        ownerId: dev.account.ownerId,
        accountId: dev.account.id,
        method: 'GET',
        path: `/renders/img_${n}`,
        status: 404,
        slug: 'not-found',
        title: 'Not found',
        detail: `older ${n}`,
        keyId: null,
      });
    }
    expect((await dev.call('POST', '/image', { html: '<p>Hi</p>', width: 0 })).status).toBe(400);
    const listed = await dev.listOnce(REFUSED_REQUESTS_KEPT, '?limit=200');
    expect(listed.items).toHaveLength(REFUSED_REQUESTS_KEPT);
    expect(listed.items[0]).toMatchObject({ method: 'POST', path: '/image', status: 400 });
    expect(listed.items.at(-1)).toMatchObject({ detail: 'older 1' });
    expect((await dev.list('?limit=3')).items).toHaveLength(3);
    expect((await dev.call('GET', '/account/refused-requests?limit=201')).status).toBe(400);
  });
});

describe('a session’s refusals', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway('pglite');
  });
  afterAll(() => gw.close());

  it('are listed as made in the dashboard: its refused writes, not its refused reads (said on the page that asked)', async () => {
    const user = new Browser(gw.baseUrl);
    await user.request('POST', '/auth/sign-up', { json: { email: 'refusals@example.com', password: 'refusals password' } });
    expect((await user.request('GET', '/renders/img_nope')).status).toBe(404);
    expect((await user.request('DELETE', '/renders/img_nope')).status).toBe(404);
    let items: Listed['items'] = [];
    for (let attempt = 0; attempt < 600 && items.length === 0; attempt++) {
      items = ((await (await user.request('GET', '/account/refused-requests')).json()) as Listed).items;
      if (items.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(items).toMatchObject([{ method: 'DELETE', path: '/renders/img_nope', status: 404, key: null }]);
  });
});
