import { createApiKey, createAccount, revokeApiKey, setOwnerPlan } from '@pressroom/db';
import { FLAVOURS, startTestStack, type TestStack } from './harness.js';
import { createTestDatabase, earlyInMinute, startOfMinute, uniqueNamespace } from '@pressroom/testing';

const minuteOf = (ms: number) => Math.floor(ms / 60_000);

const nextMinute = (ms: number) => Math.floor(ms / 60_000) * 60 + 60;

/** Run `count` calls with at most `parallel` in flight (bounded load on loopback). */
async function bounded<T>(count: number, parallel: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await call(i);
      }
    }),
  );
  return out;
}

describe.each(FLAVOURS)('plan request limits (%s)', (flavour) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(flavour, { withImageService: false });
  });
  afterAll(async () => {
    await stack?.dispose();
  });

  it('puts exact X-RateLimit-* headers on every authenticated response, errors included', async () => {
    await earlyInMinute();
    const { key } = await stack.newAccount(undefined, { plan: 'pro' });
    const before = Date.now();
    const first = await stack.api('/templates', { key });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('300');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('299');
    expect(Number(first.headers.get('x-ratelimit-reset'))).toBe(nextMinute(before));
    const missing = await stack.api('/templates/tpl_doesnotexist', { key });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-ratelimit-remaining')).toBe('298');
    const noRoute = await stack.api('/no-such-route', { key });
    expect(noRoute.status).toBe(404);
    expect(noRoute.headers.get('x-ratelimit-remaining')).toBe('297');
    // Unauthenticated answers carry none: there is no owner to count for.
    const anonymous = await stack.api('/templates');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('answers the 61st request of a free account in a minute with 429 rate-limit and Retry-After', async () => {
    await earlyInMinute();
    const { key } = await stack.newAccount(undefined, { plan: 'free' });
    const statuses = await bounded(60, 10, async () => (await stack.api('/templates', { key })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const before = Date.now();
    const over = await stack.api('/templates', { key });
    const after = Date.now();
    expect(over.status).toBe(429);
    expect(over.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await over.json()) as Record<string, unknown>;
    expect(problem).toMatchObject({ title: 'Rate Limit Exceeded', status: 429, plan: 'free', limit: 60, window: 'minute' });
    expect(problem.type).toMatch(/\/rate-limit$/);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The seconds to the window's end, counted from when the gateway answered: some time between `before` and `after`
    // (a loaded machine may take a second or more, so a second boundary may fall between them).
    const secondsLeftAt = (ms: number) => Math.max(1, Math.ceil((nextMinute(before) * 1000 - ms) / 1000));
    expect(retryAfter).toBeGreaterThanOrEqual(secondsLeftAt(after));
    expect(retryAfter).toBeLessThanOrEqual(secondsLeftAt(before));
    expect(over.headers.get('x-ratelimit-limit')).toBe('60');
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    // Counted for Prometheus (the 429 alerting reads it): docs/operations.md.
    const metrics = await (await fetch(`${stack.opsUrl}/metrics`)).text();
    expect(metrics).toMatch(/rate_limited_requests_total\{[^}]*plan="free"[^}]*\} [1-9]/);
    expect(Number(over.headers.get('x-ratelimit-reset'))).toBe(nextMinute(before));
    // Another account is not affected.
    const other = await stack.newAccount(undefined, { plan: 'free' });
    expect((await stack.api('/templates', { key: other.key })).status).toBe(200);
  });

  it('counts the day window too (enterprise custom limits) and reports the tighter window', async () => {
    await earlyInMinute();
    const { key, accountId } = await stack.newAccount(undefined, { plan: 'enterprise' });
    await setOwnerPlan(stack.db, { ownerId: accountId, kind: 'account', plan: 'enterprise', settings: { perMinute: 50, perDay: 5 } });
    const res = await Promise.all(Array.from({ length: 7 }, () => stack.api('/templates', { key })));
    const ok = res.filter((r) => r.status === 200);
    expect(ok).toHaveLength(5);
    const refused = res.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(r.headers.get('x-ratelimit-limit')).toBe('5');
      expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(r.headers.get('x-ratelimit-reset')) % 86_400).toBe(0);
      expect(((await r.json()) as { window: string }).window).toBe('day');
    }
    expect(ok.map((r) => r.headers.get('x-ratelimit-remaining')).sort()).toEqual(['0', '1', '2', '3', '4']);
  });

  it('applies a team plan to every member, shared across the team', async () => {
    await earlyInMinute();
    const a = await stack.newAccount(undefined, { plan: 'enterprise' });
    const b = await stack.newAccount(undefined, { plan: 'enterprise' });
    const { createTeam, addAccountToTeam } = await import('@pressroom/db');
    const team = await createTeam(stack.db, { name: `team-${Date.now()}-${Math.random()}` });
    await addAccountToTeam(stack.db, { accountId: a.accountId, teamId: team.id });
    await addAccountToTeam(stack.db, { accountId: b.accountId, teamId: team.id });
    // Team default plan is free: 60 per minute shared by both members.
    const statuses = await bounded(70, 10, async (i) => (await stack.api('/templates', { key: i % 2 ? a.key : b.key })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});

describe('limits hold exactly across two gateways sharing one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let one: TestStack;
  let two: TestStack;
  beforeAll(async () => {
    database = await createTestDatabase();
    const busNamespace = uniqueNamespace('limits');
    one = await startTestStack('nats+postgres', {
      databaseUrl: database.url,
      busNamespace,
      withImageService: false,
      gateway: { authCacheMs: 300 },
    });
    two = await startTestStack('nats+postgres', {
      databaseUrl: database.url,
      busNamespace,
      withImageService: false,
      gateway: { authCacheMs: 300 },
    });
  });
  afterAll(async () => {
    await two?.dispose();
    await one?.dispose();
    await database?.drop();
  });

  it('lets exactly 1,000 of a 2,000-request burst through for a business account, split over both gateways', async () => {
    const account = await createAccount(one.db, { name: `burst-${Date.now()}`, plan: 'business' });
    const { key } = await createApiKey(one.db, { accountId: account.id });
    await startOfMinute();
    const started = Date.now();
    const res = await bounded(2_000, 40, async (i) => {
      const r = await (i % 2 ? one : two).api('/templates?limit=1', { key });
      await r.arrayBuffer();
      return { status: r.status, remaining: Number(r.headers.get('x-ratelimit-remaining')), limit: r.headers.get('x-ratelimit-limit') };
    });
    // The exact counts below hold within one window; a burst slower than a minute would say nothing about them.
    expect(minuteOf(Date.now())).toBe(minuteOf(started));
    const ok = res.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1_000);
    expect(res.filter((r) => r.status === 429)).toHaveLength(1_000);
    expect(res.every((r) => r.limit === '1000')).toBe(true);
    // Each successful request saw its own count: remaining values are exactly 999..0, each once.
    expect(new Set(ok.map((r) => r.remaining)).size).toBe(1_000);
    expect(Math.min(...ok.map((r) => r.remaining))).toBe(0);
    expect(Math.max(...ok.map((r) => r.remaining))).toBe(999);
  }, 150_000);

  it('holds a free account to exactly 60 over both gateways, and a key revoked mid-burst stops', async () => {
    await earlyInMinute();
    const account = await createAccount(one.db, { name: `free-two-${Date.now()}`, plan: 'free' });
    const { key, record } = await createApiKey(one.db, { accountId: account.id });
    const first = await bounded(40, 8, async (i) => (await (i % 2 ? one : two).api('/templates', { key })).status);
    expect(first.every((s) => s === 200)).toBe(true);
    expect(await revokeApiKey(one.db, record.id)).toBe(true);
    await new Promise((r) => setTimeout(r, 400)); // > authCacheMs: every replica has forgotten the key
    const after = await bounded(40, 8, async (i) => (await (i % 2 ? one : two).api('/templates', { key })).status);
    expect(after.every((s) => s === 401)).toBe(true);
    // The other key of the same account continues the same count: 20 left of 60.
    const { key: second } = await createApiKey(one.db, { accountId: account.id });
    const rest = await bounded(30, 8, async (i) => (await (i % 2 ? one : two).api('/templates', { key: second })).status);
    expect(rest.filter((s) => s === 200)).toHaveLength(20);
    expect(rest.filter((s) => s === 429)).toHaveLength(10);
  }, 60_000);
});
