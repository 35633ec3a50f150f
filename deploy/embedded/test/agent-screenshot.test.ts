import { setOwnerPlan } from '@pressroom/db';
import { decode, near, problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';
import { startAiStandIn } from './ai-stand-in.js';

/** A page with a 300×120 blue pricing box below a red header. */
const PAGE = `<!doctype html><body style="margin:0;background:#ff0000"><header style="height:200px"></header>
<section id="pricing" style="width:300px;height:120px;background:#0000ff"></section></body>`;

describe('POST /image/agent-screenshot (memory+pglite)', () => {
  let stack: TestStack;
  let ai: Awaited<ReturnType<typeof startAiStandIn>>;
  let pages: Awaited<ReturnType<typeof startPageServer>>;

  beforeAll(async () => {
    ai = await startAiStandIn();
    pages = await startPageServer({ '/product': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE) });
    stack = await startTestStack('memory+pglite', {
      gateway: { ai: { baseUrl: ai.baseUrl, apiKey: 'sk-test', model: 'planner', timeoutMs: 10_000 } },
    });
  });
  afterAll(async () => {
    await stack?.dispose();
    await pages?.close();
    await ai?.close();
  });

  const plan = (url: string, selector: string | null) =>
    `Sure:\n\`\`\`json\n${JSON.stringify({ url, selector, elementDescription: 'the pricing section' })}\n\`\`\``;

  it('captures the element the provider names, reports what it did, and spends one AI credit (no render credit)', async () => {
    const { key } = await stack.newAccount();
    ai.answers.push(plan(pages.url('/product'), '#pricing'));
    const res = await stack.api('/image/agent-screenshot', {
      method: 'POST',
      key,
      json: { prompt: 'Screenshot the pricing section of the product page' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; id: string; metadata: Record<string, unknown> };
    expect(body.metadata).toMatchObject({
      prompt: 'Screenshot the pricing section of the product page',
      url: pages.url('/product'),
      selector: '#pricing',
      elementDescription: 'the pricing section',
      executionTime: expect.any(Number),
    });
    const image = await decode(body.url);
    expect([image.width, image.height]).toEqual([300, 120]);
    expect(near(image.pixel(150, 60), [0, 0, 255])).toBe(true);
    expect(JSON.stringify(ai.requests.at(-1)!.body.messages)).toContain('pricing section');
    const details = (await (await stack.api('/user/plan-details', { key })).json()) as {
      aiCredits: { used: number };
      renders: { used: number };
    };
    expect([details.aiCredits.used, details.renders.used]).toEqual([1, 0]);
  });

  it('falls back to the viewport when the selector matches nothing', async () => {
    const { key } = await stack.newAccount();
    ai.answers.push(plan(pages.url('/product'), '#does-not-exist'));
    const res = await stack.api('/image/agent-screenshot', { method: 'POST', key, json: { prompt: 'the plans', width: 400, height: 300 } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; metadata: { selector: string | null } };
    expect(body.metadata.selector).toBeNull();
    const image = await decode(body.url);
    expect([image.width, image.height]).toEqual([400, 300]);
    expect(near(image.pixel(10, 10), [255, 0, 0])).toBe(true);
  });

  it('refuses blocked pages, bad answers and exhausted credits, charging nothing', async () => {
    const { key, accountId } = await stack.newAccount();
    ai.answers.push(plan('http://169.254.169.254/latest/meta-data/', null));
    const blocked = await problemOf(
      await stack.api('/image/agent-screenshot', { method: 'POST', key, json: { prompt: 'metadata please' } }),
    );
    expect([blocked.status, blocked.type]).toEqual([400, expect.stringMatching(/\/blocked-url$/)]);
    ai.answers.push('I cannot help with that.');
    const nonsense = await problemOf(await stack.api('/image/agent-screenshot', { method: 'POST', key, json: { prompt: 'anything' } }));
    expect(nonsense.status).toBe(502);
    const empty = await problemOf(await stack.api('/image/agent-screenshot', { method: 'POST', key, json: { prompt: '' } }));
    expect([empty.status, empty.errors[0].field]).toEqual([400, 'prompt']);
    let details = (await (await stack.api('/user/plan-details', { key })).json()) as { aiCredits: { used: number } };
    expect(details.aiCredits.used).toBe(0);

    await setOwnerPlan(stack.db, { ownerId: accountId, kind: 'account', plan: 'pro', settings: { aiCredits: 1 } });
    ai.answers.push(plan(pages.url('/product'), '#pricing'));
    expect((await stack.api('/image/agent-screenshot', { method: 'POST', key, json: { prompt: 'pricing' } })).status).toBe(200);
    const exhausted = await problemOf(
      await stack.api('/image/agent-screenshot', { method: 'POST', key, json: { prompt: 'pricing again' } }),
    );
    expect(exhausted).toMatchObject({ status: 402, code: 'ai_quota_exceeded' });
    details = (await (await stack.api('/user/plan-details', { key })).json()) as { aiCredits: { used: number } };
    expect(details.aiCredits.used).toBe(1);
  });
});
