import { createAccount } from '@pressroom/db';
import { Browser, ENGINES, startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

interface Holder {
  id: string;
  kind: string;
  name: string;
  email: string | null;
  members: number | null;
  plan: string;
  overage: boolean;
  customLimits: boolean;
  limits: { renderCredits: number; perMinute: number };
  creditsUsed: number;
}

describe.each(ENGINES)('the instance owner sets every workspace plan (%s)', (engine) => {
  let gw: TestGateway;
  const owner = () => new Browser(gw.baseUrl);
  let ownerSession: Browser;
  let member: Browser;
  beforeAll(async () => {
    gw = await startTestGateway(engine, { dashboard: { signupMode: 'open' } });
    ownerSession = owner();
    await ownerSession.request('POST', '/auth/sign-up', { json: { email: 'boss@example.com', password: 'the owner password' } });
    member = new Browser(gw.baseUrl);
    await member.request('POST', '/auth/sign-up', { json: { email: 'pat@example.com', password: 'the member password' } });
    await ownerSession.request('POST', '/teams', { json: { name: 'Studio' } });
    await createAccount(gw.db, { name: 'ci-robot' });
  });
  afterAll(() => gw.close());

  const holders = async () => ((await (await ownerSession.request('GET', '/instance/workspaces')).json()) as { items: Holder[] }).items;
  const usage = async () =>
    (await (await member.request('GET', '/usage')).json()) as { credits: { limit: number; overage: boolean }; rate: { tier: string } };
  const change = (id: string, body: unknown) => ownerSession.request('PUT', `/instance/workspaces/${id}/plan`, { json: body });

  it('lists each team and each account outside a team with its plan, and only to the owner', async () => {
    const items = await holders();
    expect(items.map((h) => [h.kind, h.name, h.email, h.members, h.plan])).toEqual([
      ['team', 'Studio', null, 1, 'free'],
      ['account', 'boss@example.com', 'boss@example.com', null, 'free'],
      ['account', 'ci-robot', null, null, 'free'],
      ['account', 'pat@example.com', 'pat@example.com', null, 'free'],
    ]);
    expect(items[1]).toMatchObject({ overage: false, customLimits: false, limits: { renderCredits: 100, perMinute: 60 }, creditsUsed: 0 });
    const listing = (await (await ownerSession.request('GET', '/instance/workspaces')).json()) as { plans: Record<string, unknown> };
    expect(Object.keys(listing.plans)).toEqual(['free', 'pro', 'business', 'enterprise']);
    expect(listing.plans.pro).toMatchObject({ perMinute: 300, renderCredits: 5000 });
    const refused = await member.request('GET', '/instance/workspaces');
    expect(refused.status).toBe(403);
    expect((await member.request('PUT', `/instance/workspaces/${items[3]!.id}/plan`, { json: { plan: 'enterprise' } })).status).toBe(403);
  });

  it('a change applies to the next request at once; enterprise limits are kept until the plan leaves enterprise', async () => {
    const pat = (await holders()).find((h) => h.email === 'pat@example.com')!;
    expect((await usage()).rate.tier).toBe('free');

    const pro = await change(pat.id, { plan: 'pro', overage: true });
    expect(pro.status).toBe(200);
    expect(await pro.json()).toMatchObject({ id: pat.id, kind: 'account', plan: 'pro', overage: true, limits: { renderCredits: 5000 } });
    expect(await usage()).toMatchObject({ rate: { tier: 'pro' }, credits: { limit: 5000, overage: true } });

    expect((await change(pat.id, { plan: 'enterprise', renderCredits: 250_000 })).status).toBe(200);
    expect((await usage()).credits).toMatchObject({ limit: 250_000, overage: true });
    expect((await holders()).find((h) => h.id === pat.id)).toMatchObject({ plan: 'enterprise', customLimits: true });

    expect((await change(pat.id, { plan: 'business' })).status).toBe(200);
    expect((await usage()).credits).toMatchObject({ limit: 50_000, overage: true });
    expect((await holders()).find((h) => h.id === pat.id)).toMatchObject({ plan: 'business', customLimits: false });

    // Free never has overage: moving there turns it off.
    expect((await change(pat.id, { plan: 'free' })).status).toBe(200);
    expect((await usage()).credits).toMatchObject({ limit: 100, overage: false });
  });

  it('refuses what a plan does not allow, field by field, and ids that hold no plan', async () => {
    const [team, , robot] = await holders();
    const bad = await change(team!.id, { plan: 'free', overage: true, renderCredits: 5 });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await bad.json()) as { errors: { field: string; message: string }[] };
    expect(problem.errors.map((e) => e.field).sort()).toEqual(['overage', 'renderCredits']);
    expect(problem.errors.find((e) => e.field === 'renderCredits')!.message).toMatch(/enterprise plan only/);
    expect((await change(robot!.id, { plan: 'platinum' })).status).toBe(400);
    expect((await change(robot!.id, { plan: 'enterprise', perMinute: 1.5 })).status).toBe(400);

    const missing = await change('acc_nothing', { plan: 'pro' });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { detail: string }).detail).toMatch(/acc_nothing/);

    expect((await change(team!.id, { plan: 'business' })).status).toBe(200);
    expect((await holders())[0]).toMatchObject({ kind: 'team', plan: 'business' });
  });

  it('new accounts and teams start on the plan the owner chose for them; free until chosen', async () => {
    const settings = async () => (await (await ownerSession.request('GET', '/instance/settings')).json()) as Record<string, unknown>;
    expect(await settings()).toMatchObject({ newWorkspacePlan: 'free' });
    const chosen = await ownerSession.request('PUT', '/instance/settings', { json: { newWorkspacePlan: 'business' } });
    expect(await chosen.json()).toEqual({ signupMode: 'open', newWorkspacePlan: 'business' });

    const newcomer = new Browser(gw.baseUrl);
    await newcomer.request('POST', '/auth/sign-up', { json: { email: 'new@example.com', password: 'the newcomer password' } });
    expect(((await (await newcomer.request('GET', '/usage')).json()) as { rate: { tier: string } }).rate.tier).toBe('business');
    await newcomer.request('POST', '/teams', { json: { name: 'Later team' } });
    await createAccount(gw.db, { name: 'later-robot' });
    const plans = Object.fromEntries((await holders()).map((h) => [h.name, h.plan]));
    expect(plans).toMatchObject({ 'Later team': 'business', 'later-robot': 'business', 'new@example.com': 'business', 'ci-robot': 'free' });

    const neither = await ownerSession.request('PUT', '/instance/settings', { json: {} });
    expect(neither.status).toBe(400);
    const unknown = await ownerSession.request('PUT', '/instance/settings', { json: { newWorkspacePlan: 'gold' } });
    expect(((await unknown.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['newWorkspacePlan']);
    expect(await settings()).toMatchObject({ newWorkspacePlan: 'business' });
  });
});
