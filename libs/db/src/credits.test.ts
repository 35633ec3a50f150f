import {
  AiQuotaExceededError,
  aiCreditsUsed,
  assertAiCreditsAvailable,
  spendAiCredits,
  QuotaExceededError,
  addAccountToTeam,
  createAccount,
  createTeam,
  failRender,
  completeRender,
  getRenderById,
  insertRenderWithinCredits,
  insertUnchargedRender,
  renderCreditsUsed,
  setOwnerPlan,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { completion, renderRow as render } from './test-support/render-rows.js';

describe('the quota refusal says what can be done before the credits renew', () => {
  const renew = new Date('2026-12-01T00:00:00Z');
  it.each([
    ['free', 'They renew on 2026-12-01; to render before then, upgrade the plan.'],
    ['pro', 'They renew on 2026-12-01; to render before then, turn on overage billing or upgrade the plan.'],
    ['business', 'They renew on 2026-12-01; to render before then, turn on overage billing or upgrade the plan.'],
    // The top plan has nothing to upgrade to.
    ['enterprise', 'They renew on 2026-12-01; to render before then, turn on overage billing.'],
  ] as const)('%s', (plan, ending) => {
    const message = new QuotaExceededError(plan, 3, 3, 1, renew).message;
    expect(message).toBe(`The ${plan} plan's 3 monthly render credits are used up (3 used; this render needs 1). ${ending}`);
  });
});

describe.each(ENGINES)('render credits on %s', (engine) => {
  const db = useDatabase(engine);

  async function ownerWith(credits: number, overage = false): Promise<string> {
    const account = await createAccount(db(), { name: unique('cred'), plan: 'pro' });
    await setOwnerPlan(db(), { ownerId: account.id, kind: 'account', plan: 'pro', settings: { renderCredits: credits, overage } });
    return account.id;
  }
  const used = async (ownerId: string, now = new Date()) => (await renderCreditsUsed(db(), { ownerId, now })).used;

  it('reserves on insert, keeps on success, gives back on failure (once), and refuses past the pool', async () => {
    const owner = await ownerWith(3);
    const a = await insertRenderWithinCredits(db(), render(owner));
    const b = await insertRenderWithinCredits(db(), render(owner, { cost: 1.5 }));
    expect(await used(owner)).toBe(2.5);
    await completeRender(db(), completion(a.id));
    expect(await failRender(db(), { id: b.id, error: { slug: 'render-failed', detail: 'x' }, completedAt: new Date() })).toBe(true);
    expect(await failRender(db(), { id: b.id, error: { slug: 'render-failed', detail: 'x' }, completedAt: new Date() })).toBe(false);
    expect(await used(owner)).toBe(1);
    await insertRenderWithinCredits(db(), render(owner));
    await insertRenderWithinCredits(db(), render(owner));
    const refused = await insertRenderWithinCredits(db(), render(owner)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QuotaExceededError);
    expect(refused).toMatchObject({ used: 3, limit: 3, cost: 1 });
    expect(await used(owner)).toBe(3);
  });

  it('writes how a GET /r/ render was asked for (via) in the same insert; other renders have none', async () => {
    const owner = await ownerWith(10);
    const signed = await insertRenderWithinCredits(db(), render(owner, { origin: 'template', templateId: 'tpl_1', via: 'signed-url' }));
    const plain = await insertRenderWithinCredits(db(), render(owner, { origin: 'template', templateId: 'tpl_1' }));
    expect(signed).toMatchObject({ origin: 'template', via: 'signed-url' });
    expect(plain).toMatchObject({ origin: 'template', via: null });
    expect(await getRenderById(db(), signed.id)).toMatchObject({ origin: 'template', via: 'signed-url' });
    expect(await getRenderById(db(), plain.id)).toMatchObject({ origin: 'template', via: null });
  });

  it('refuses a first render dearer than the whole pool and leaves nothing behind', async () => {
    const owner = await ownerWith(1);
    await expect(insertRenderWithinCredits(db(), render(owner, { cost: 1.5 }))).rejects.toBeInstanceOf(QuotaExceededError);
    expect(await used(owner)).toBe(0);
  });

  it('never overshoots under concurrent inserts; overage lifts the cap', async () => {
    const owner = await ownerWith(5);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => insertRenderWithinCredits(db(), render(owner))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await used(owner)).toBe(5);
    const generous = await ownerWith(1, true);
    await insertRenderWithinCredits(db(), render(generous));
    await insertRenderWithinCredits(db(), render(generous));
    expect(await used(generous)).toBe(2);
  });

  it('counts per calendar month and leaves uncharged renders out', async () => {
    const owner = await ownerWith(2);
    const lastMonth = new Date(Date.UTC(2026, 9, 31, 23, 59, 59));
    const old = await insertRenderWithinCredits(db(), render(owner), lastMonth);
    await insertRenderWithinCredits(db(), render(owner), lastMonth);
    await insertRenderWithinCredits(db(), render(owner), new Date(Date.UTC(2026, 10, 1)));
    expect(await used(owner, lastMonth)).toBe(2);
    expect(await used(owner, new Date(Date.UTC(2026, 10, 15)))).toBe(1);
    // A failure gives the credit back to the month it was taken from.
    await failRender(db(), { id: old.id, error: { slug: 'render-failed', detail: 'x' }, completedAt: new Date() });
    expect(await used(owner, lastMonth)).toBe(1);
    // This month holds the Nov 1 render; an uncharged render neither takes nor gives back.
    const thisMonth = new Date(Date.UTC(2026, 10, 20));
    const free = await insertUnchargedRender(db(), render(owner));
    expect(free.cost).toBe(0);
    await failRender(db(), { id: free.id, error: { slug: 'render-failed', detail: 'x' }, completedAt: new Date() });
    expect(await used(owner, thisMonth)).toBe(1);
  });

  it("moves an account's usage to the team it joins", async () => {
    const team = await createTeam(db(), { name: unique('team') });
    const member = await ownerWith(10);
    await insertRenderWithinCredits(db(), render(member));
    await insertRenderWithinCredits(db(), render(member));
    await addAccountToTeam(db(), { accountId: member, teamId: team.id });
    expect(await used(team.id)).toBe(2);
    expect(await used(member)).toBe(0);
  });

  it('keeps AI credits in their own pool: checked before, spent after, no overage', async () => {
    const owner = await ownerWith(100, true);
    await setOwnerPlan(db(), { ownerId: owner, kind: 'account', plan: 'pro', settings: { aiCredits: 2, overage: true } });
    await assertAiCreditsAvailable(db(), { ownerId: owner, needed: 2 });
    await spendAiCredits(db(), { ownerId: owner, amount: 1 });
    await spendAiCredits(db(), { ownerId: owner, amount: 1 });
    expect((await aiCreditsUsed(db(), { ownerId: owner, now: new Date() })).used).toBe(2);
    await expect(assertAiCreditsAvailable(db(), { ownerId: owner, needed: 1 })).rejects.toBeInstanceOf(AiQuotaExceededError);
    // The render pool is untouched.
    expect(await used(owner)).toBe(0);
  });
});
