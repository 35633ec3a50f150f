import {
  PLAN_LIMITS,
  countPlanRequest,
  dashboardSessionLimits,
  dayWindow,
  fixedWindow,
  getOwnerPlan,
  hitCounter,
  minuteWindow,
  monthWindow,
  readCounter,
  secondsUntil,
  createAccount,
  setOwnerPlan,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';

describe('dashboard session limits', () => {
  it('raise a plan’s request rates to the dashboard floor and keep higher ones and the credits', () => {
    expect(dashboardSessionLimits(PLAN_LIMITS.free)).toEqual({ ...PLAN_LIMITS.free, perMinute: 600, perDay: 20_000 });
    expect(dashboardSessionLimits(PLAN_LIMITS.business)).toEqual({ ...PLAN_LIMITS.business, perDay: 100_000, perMinute: 1_000 });
  });
});

describe('window math', () => {
  it('puts an instant in its fixed UTC minute, day and calendar month', () => {
    const at = new Date('2026-02-28T23:59:59.999Z');
    expect(minuteWindow(at)).toEqual({ start: new Date('2026-02-28T23:59:00.000Z'), end: new Date('2026-03-01T00:00:00.000Z') });
    expect(dayWindow(at)).toEqual({ start: new Date('2026-02-28T00:00:00.000Z'), end: new Date('2026-03-01T00:00:00.000Z') });
    expect(monthWindow(at)).toEqual({ start: new Date('2026-02-01T00:00:00.000Z'), end: new Date('2026-03-01T00:00:00.000Z') });
    expect(monthWindow(new Date('2026-12-31T12:00:00Z')).end).toEqual(new Date('2027-01-01T00:00:00.000Z'));
    const edge = new Date('2026-03-01T00:00:00.000Z');
    expect(minuteWindow(edge).start).toEqual(edge);
    expect(fixedWindow(new Date(125_000), 60_000)).toEqual({ start: new Date(120_000), end: new Date(180_000) });
  });

  it('rounds Retry-After up to whole seconds, at least 1', () => {
    expect(secondsUntil(new Date(60_000), new Date(58_500))).toBe(2);
    expect(secondsUntil(new Date(60_000), new Date(60_000))).toBe(1);
    expect(secondsUntil(new Date(60_000), new Date(0))).toBe(60);
  });

  it('has the contract rates per plan', () => {
    expect(PLAN_LIMITS.free).toMatchObject({ perMinute: 60, perDay: 1_000, renderCredits: 100 });
    expect(PLAN_LIMITS.pro).toMatchObject({ perMinute: 300, perDay: 10_000, renderCredits: 5_000 });
    expect(PLAN_LIMITS.business).toMatchObject({ perMinute: 1_000, perDay: 100_000, renderCredits: 50_000 });
  });
});

describe.each(ENGINES)('rate counters and plans on %s', (engine) => {
  const db = useDatabase(engine);

  it('counts consecutively per owner, scope and window', async () => {
    const owner = unique('acc');
    const window = minuteWindow(new Date('2030-01-01T00:00:10Z'));
    const counts = await Promise.all(Array.from({ length: 20 }, () => hitCounter(db(), { ownerId: owner, scope: 'minute', window })));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await hitCounter(db(), { ownerId: owner, scope: 'day', window })).toBe(1);
    expect(await hitCounter(db(), { ownerId: owner, scope: 'minute', window: minuteWindow(new Date('2030-01-01T00:01:10Z')) })).toBe(1);
    expect(await hitCounter(db(), { ownerId: unique('acc'), scope: 'minute', window })).toBe(1);
  });

  it('refuses past the minute limit without spending the day', async () => {
    const owner = unique('acc');
    const now = new Date('2030-01-02T10:00:00Z');
    const limits = { perMinute: 2, perDay: 10, renderCredits: 1, aiCredits: 1 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await countPlanRequest(db(), { ownerId: owner, limits, now }));
    expect(results.map((r) => r.allowed)).toEqual([true, true, false, false]);
    expect(results[3]!.reported).toMatchObject({ scope: 'minute', count: 4, limit: 2 });
    const nextMinute = await countPlanRequest(db(), { ownerId: owner, limits, now: new Date('2030-01-02T10:01:00Z') });
    // Day count is 3: the two refused requests did not use it.
    expect(nextMinute.allowed).toBe(true);
    expect(nextMinute.reported).toMatchObject({ scope: 'minute', count: 1 });
    expect(await readCounter(db(), { ownerId: owner, scope: 'day', window: dayWindow(now) })).toBe(3);
  });

  it('resolves plans: overrides, overage only on paid plans', async () => {
    const account = await createAccount(db(), { name: unique('plan'), plan: 'pro' });
    expect(await getOwnerPlan(db(), account.id)).toMatchObject({ plan: 'pro', overage: false, limits: PLAN_LIMITS.pro });
    await setOwnerPlan(db(), { ownerId: account.id, kind: 'account', plan: 'pro', settings: { overage: true } });
    expect(await getOwnerPlan(db(), account.id)).toMatchObject({ plan: 'pro', overage: true, limits: PLAN_LIMITS.pro });
    // A stored override (operators, tests) applies on any plan.
    await setOwnerPlan(db(), { ownerId: account.id, kind: 'account', plan: 'pro', settings: { perMinute: 7 } });
    expect((await getOwnerPlan(db(), account.id)).limits).toEqual({ ...PLAN_LIMITS.pro, perMinute: 7 });
    await setOwnerPlan(db(), { ownerId: account.id, kind: 'account', plan: 'enterprise', settings: { perMinute: 5 } });
    expect((await getOwnerPlan(db(), account.id)).limits).toEqual({ ...PLAN_LIMITS.enterprise, perMinute: 5 });
    await setOwnerPlan(db(), { ownerId: account.id, kind: 'account', plan: 'free' });
    expect(await getOwnerPlan(db(), account.id)).toMatchObject({ plan: 'free', overage: false });
  });
});
