import { newId, UsageView } from '@pressroom/contracts';
import { failRender, insertRenderWithinCredits, insertUnchargedRender } from '@pressroom/db';
import { Browser, startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

describe('usage page API (pglite)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway('pglite');
  });
  afterAll(() => gw.close());

  it('answers credits, AI credits, rate tier and renders per day; overage only on paid plans, session only', async () => {
    const user = new Browser(gw.baseUrl);
    await user.request('POST', '/auth/sign-up', { json: { email: 'usage@example.com', password: 'usage password' } });
    const usage = (await (await user.request('GET', '/usage?days=7')).json()) as Record<string, any>;
    expect(usage.credits).toEqual({ used: 0, limit: 100, overage: false, overageAllowed: false });
    expect(usage.aiCredits).toEqual({ used: 0, limit: 10 });
    expect(usage.rate).toEqual({ perMinute: 60, perDay: 1000, tier: 'free' });
    expect(usage.perDay).toHaveLength(7);
    expect(Date.parse(usage.period.end)).toBeGreaterThan(Date.parse(usage.period.start));
    expect((await user.request('GET', '/usage?days=0')).status).toBe(400);

    const refused = await user.request('PUT', '/usage/overage', { json: { enabled: true } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/paid plans/);
    const key = ((await (await user.request('POST', '/account/keys', { json: { name: 'k' } })).json()) as { key: string }).key;
    const byKey = await fetch(`${gw.baseUrl}/usage/overage`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    expect(byKey.status).toBe(403);
    expect((await fetch(`${gw.baseUrl}/usage`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  });

  it('says how many renders were free and why, per day and for the month: failed, binding refreshes, AI screenshots; charged + free = total', async () => {
    const user = new Browser(gw.baseUrl);
    expect((await user.request('POST', '/auth/sign-in', { json: { email: 'usage@example.com', password: 'usage password' } })).status).toBe(
      200,
    );
    const key = ((await (await user.request('POST', '/account/keys', { json: { name: 'free' } })).json()) as { key: string }).key;
    const caller = (await (await fetch(`${gw.baseUrl}/api/users`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
      user: { ownerId: string };
    };
    const ownerId = caller.user.ownerId;
    const base = { ownerId, accountId: ownerId, templateId: null, format: 'png', width: 10, height: 10, kind: 'image' };
    const fail = (id: string) =>
      failRender(gw.db, { id, error: { slug: 'render-failed', detail: 'The page did not load.' }, completedAt: new Date() });
    await insertRenderWithinCredits(gw.db, { ...base, origin: 'html', id: newId('img') });
    await fail((await insertRenderWithinCredits(gw.db, { ...base, origin: 'url', id: newId('img') })).id);
    await insertUnchargedRender(gw.db, { ...base, origin: 'binding', id: newId('img') });
    await fail((await insertUnchargedRender(gw.db, { ...base, origin: 'binding', id: newId('img') })).id);
    await insertRenderWithinCredits(gw.db, { ...base, origin: 'url', cost: 0, id: newId('img') });

    const usage = UsageView.parse(await (await user.request('GET', '/usage?days=2')).json());
    expect(usage.perDay.at(-1)).toMatchObject({ image: 5, failed: 2, bindingRefreshes: 1, aiScreenshots: 1 });
    expect(usage.perDay[0]).toMatchObject({ failed: 0, bindingRefreshes: 0, aiScreenshots: 0 });
    expect(usage.renders).toEqual({ total: 5, charged: 1, failed: 2, bindingRefreshes: 1, aiScreenshots: 1 });
    expect(usage.credits.used).toBe(1);
    // The API key's caller reads the same.
    const byKey = UsageView.parse(await (await fetch(`${gw.baseUrl}/usage`, { headers: { authorization: `Bearer ${key}` } })).json());
    expect(byKey.renders).toEqual(usage.renders);
  });

  it('counts dashboard sessions in a bucket of their own: a busy page never spends the API key its 60 a minute', async () => {
    const user = new Browser(gw.baseUrl);
    // The instance's one user (sign-up closes after the first), signed in afresh: its own account is on free.
    expect((await user.request('POST', '/auth/sign-in', { json: { email: 'usage@example.com', password: 'usage password' } })).status).toBe(
      200,
    );
    const key = ((await (await user.request('POST', '/account/keys', { json: { name: 'k' } })).json()) as { key: string }).key;
    // 70 session reads: past the free plan's 60, within the dashboard's floor of 600.
    for (let i = 0; i < 70; i++) expect((await user.request('GET', '/user/plan-details')).status).toBe(200);
    const last = await user.request('GET', '/user/plan-details');
    expect(last.headers.get('x-ratelimit-limit')).toBe('600');
    // The key's bucket is untouched by the 70: only the key's own few calls (here and in the test above) are in it.
    const byKey = await fetch(`${gw.baseUrl}/user/plan-details`, { headers: { authorization: `Bearer ${key}` } });
    expect(byKey.status).toBe(200);
    expect(byKey.headers.get('x-ratelimit-limit')).toBe('60');
    expect(Number(byKey.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(50);
  });
});
