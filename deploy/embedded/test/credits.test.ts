import { setOwnerPlan } from '@pressroom/db';
import { FLAVOURS, QUADRANTS, decode, startPageServer, startTestStack, type TestStack } from './harness.js';

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADUlEQVQImWNgYGBgAAAABQABh6FO1AAAAABJRU5ErkJggg==',
  'base64',
);

interface PlanDetails {
  plan: string;
  requestLimits: { perMinute: number; perDay: number };
  renders: { used: number; limit: number; overageEnabled: boolean; periodStart: string; periodEnd: string };
  aiCredits: { used: number; limit: number };
}

describe.each(FLAVOURS)('monthly render credits (%s)', (flavour) => {
  let stack: TestStack;
  let pages: Awaited<ReturnType<typeof startPageServer>>;
  beforeAll(async () => {
    stack = await startTestStack(flavour);
    pages = await startPageServer({
      '/live': (_req, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(QUADRANTS),
      '/slow.png': (_req, r) => setTimeout(() => r.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL), 1_500),
    });
  });
  afterAll(async () => {
    await stack?.dispose();
    await pages?.close();
  });

  async function details(key: string, path = '/user/plan-details'): Promise<PlanDetails> {
    const res = await stack.api(path, { key });
    expect(res.status).toBe(200);
    return (await res.json()) as PlanDetails;
  }

  it('reports the free plan on both plan-details paths', async () => {
    const { key } = await stack.newAccount(undefined, { plan: 'free' });
    const now = new Date();
    const expected = {
      plan: 'free',
      requestLimits: { perMinute: 60, perDay: 1000 },
      renders: {
        used: 0,
        limit: 100,
        overageEnabled: false,
        periodStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
        periodEnd: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      },
      aiCredits: { used: 0, limit: 10 },
    };
    expect(await details(key)).toMatchObject(expected);
    expect(await details(key, '/plan-details')).toMatchObject(expected);
  });

  it('charges once per success, never for a failure; gif/capture costs 1.5; exhausted answers 429 quota_exceeded without Retry-After', async () => {
    const { key, accountId } = await stack.newAccount(undefined, { plan: 'enterprise' });
    await setOwnerPlan(stack.db, { ownerId: accountId, kind: 'account', plan: 'enterprise', settings: { renderCredits: 3 } });

    const ok = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 200, height: 200 } });
    expect(ok.status).toBe(200);
    const image = await decode(((await ok.json()) as { url: string }).url);
    expect([image.width, image.height]).toEqual([200, 200]);
    const [r, g, b] = image.pixel(20, 20);
    expect(r).toBeGreaterThan(240);
    expect(g + b).toBeLessThan(30);
    expect((await details(key)).renders.used).toBe(1);

    const failed = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, selector: '#missing' } });
    expect(failed.status).toBe(422);
    expect((await details(key)).renders.used).toBe(1);

    const gif = await stack.api('/gif/capture', {
      method: 'POST',
      key,
      json: { url: pages.url('/live'), width: 40, height: 40, quality: 'low', frameDurationSeconds: 1 },
    });
    expect(gif.status).toBe(200);
    expect((await details(key)).renders).toMatchObject({ used: 2.5, limit: 3 });

    const over = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 40, height: 40 } });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeNull();
    const problem = (await over.json()) as Record<string, unknown>;
    expect(problem).toMatchObject({ code: 'quota_exceeded', status: 429, title: 'Quota Exceeded', limit: 3, used: 2.5 });
    expect(problem.type).toMatch(/\/quota-exceeded$/);
    expect(problem.detail).toMatch(/monthly render credits are used up/);
    expect(JSON.stringify(problem)).not.toMatch(/retry/i);
    // The refused render left no row and no charge.
    expect((await details(key)).renders.used).toBe(2.5);
    // Request rate headers still describe the request.
    expect(over.headers.get('x-ratelimit-limit')).not.toBeNull();

    // A template render is refused the same way.
    const tpl = await stack.api('/templates', { method: 'POST', key, json: { name: 'q', html: '<p>{{x}}</p>', width: 20, height: 20 } });
    expect(tpl.status).toBe(200);
    const uid = ((await tpl.json()) as { template: { uid: string } }).template.uid;
    const viaTemplate = await stack.api(`/templates/${uid}/render`, { method: 'POST', key, json: { variables: { x: 1 } } });
    expect(viaTemplate.status).toBe(429);
    expect(((await viaTemplate.json()) as { code: string }).code).toBe('quota_exceeded');
    // A batch that cannot fit is refused at start.
    const batch = await stack.api(`/templates/${uid}/batch-render`, { method: 'POST', key, json: { variableSets: [{ x: 1 }, { x: 2 }] } });
    expect(batch.status).toBe(429);
    expect(((await batch.json()) as { code: string }).code).toBe('quota_exceeded');

    // Overage on a paid plan: no cap, usage still counted.
    await setOwnerPlan(stack.db, { ownerId: accountId, kind: 'account', plan: 'enterprise', settings: { overage: true } });
    const overage = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 40, height: 40 } });
    expect(overage.status).toBe(200);
    expect((await details(key)).renders).toMatchObject({ used: 3.5, limit: 3, overageEnabled: true });
  }, 90_000);

  it('never overshoots under concurrent requests', async () => {
    const { key, accountId } = await stack.newAccount(undefined, { plan: 'enterprise' });
    await setOwnerPlan(stack.db, { ownerId: accountId, kind: 'account', plan: 'enterprise', settings: { renderCredits: 2 } });
    const res = await Promise.all(
      Array.from({ length: 5 }, () => stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 20, height: 20 } })),
    );
    expect(res.filter((r) => r.status === 200)).toHaveLength(2);
    expect(res.filter((r) => r.status === 429)).toHaveLength(3);
    expect((await details(key)).renders.used).toBe(2);
  }, 60_000);

  it('checks each batch item again: an item that no longer fits fails with QUOTA_EXCEEDED and is not charged', async () => {
    const { key, accountId } = await stack.newAccount(undefined, { plan: 'enterprise' });
    await setOwnerPlan(stack.db, { ownerId: accountId, kind: 'account', plan: 'enterprise', settings: { renderCredits: 3 } });
    const tpl = await stack.api('/templates', {
      method: 'POST',
      key,
      json: { name: 'b', html: `<img src="${pages.url('/slow.png')}?n={{n}}">`, width: 20, height: 20 },
    });
    const uid = ((await tpl.json()) as { template: { uid: string } }).template.uid;
    const started = await stack.api(`/templates/${uid}/batch-render`, {
      method: 'POST',
      key,
      json: { variableSets: [{ n: 1 }, { n: 2 }, { n: 3 }], concurrency: 1 },
    });
    expect(started.status).toBe(202);
    const { batchId } = (await started.json()) as { batchId: string };
    // While the first item renders, a direct render takes one of the three credits.
    const direct = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 20, height: 20 } });
    expect(direct.status).toBe(200);
    let results: { status: string; results: Array<{ success: boolean; errorCode: string | null; error: string | null }> } | undefined;
    for (let i = 0; i < 100; i++) {
      results = (await (await stack.api(`/templates/batch/${batchId}/results`, { key })).json()) as typeof results;
      if (['completed', 'partial', 'failed'].includes(results!.status)) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(results!.status).toBe('partial');
    expect(results!.results.filter((item) => item.success)).toHaveLength(2);
    const failed = results!.results.filter((item) => !item.success);
    expect(failed.map((item) => item.errorCode)).toEqual(['QUOTA_EXCEEDED']);
    expect(failed[0]!.error).toMatch(/monthly render credits are used up/);
    expect((await details(key)).renders.used).toBe(3);
  }, 90_000);
});
