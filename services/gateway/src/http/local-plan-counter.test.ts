import {
  countPlanRequest,
  createAccount,
  dayWindow,
  minuteWindow,
  openDatabase,
  readCounter,
  type Db,
  type PlanLimits,
} from '@pressroom/db';
import { LocalPlanCounter } from './local-plan-counter.js';

describe('LocalPlanCounter', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({});
  }, 120_000);
  afterAll(() => db.close());

  const at = new Date(Date.UTC(2026, 10, 24, 12, 0, 10));
  const limits: PlanLimits = { perMinute: 3, perDay: 5, renderCredits: 100, aiCredits: 10 };
  const newOwner = async () => (await createAccount(db, { name: `plan-counter-${Date.now()}-${Math.random()}` })).id;
  const rows = async (ownerId: string, when: Date) => ({
    minute: await readCounter(db, { ownerId, scope: 'minute', window: minuteWindow(when) }),
    day: await readCounter(db, { ownerId, scope: 'day', window: dayWindow(when) }),
  });

  it('answers exactly as the per-request statement does, minute after minute', async () => {
    const local = new LocalPlanCounter({ db, flushMs: 60_000 });
    const [mine, theirs] = [await newOwner(), await newOwner()];
    for (const [i, minute] of [0, 0, 0, 0, 1, 1, 1, 2].entries()) {
      const now = new Date(at.getTime() + minute * 60_000 + i * 100);
      const expected = await countPlanRequest(db, { ownerId: theirs, limits, now });
      const got = await local.take({ ownerId: mine, limits, now });
      expect({ step: i, allowed: got.allowed, scope: got.reported.scope, count: got.reported.count, limit: got.reported.limit }).toEqual({
        step: i,
        allowed: expected.allowed,
        scope: expected.reported.scope,
        count: expected.reported.count,
        limit: expected.reported.limit,
      });
      expect(got.reported.window).toEqual(expected.reported.window);
    }
  });

  it('counts concurrent requests once each, and writes the counts to the rows on flush', async () => {
    const local = new LocalPlanCounter({ db, flushMs: 60_000 });
    const ownerId = await newOwner();
    const answers = await Promise.all(Array.from({ length: 4 }, () => local.take({ ownerId, limits, now: at })));
    expect(answers.map((a) => a.allowed).sort()).toEqual([false, true, true, true]);
    expect(await rows(ownerId, at)).toEqual({ minute: 0, day: 0 });
    await local.flush(at);
    // The refused fourth request counts in the minute, never in the day.
    expect(await rows(ownerId, at)).toEqual({ minute: 4, day: 3 });
  });

  it('resumes from the rows a previous process wrote', async () => {
    const ownerId = await newOwner();
    const before = new LocalPlanCounter({ db, flushMs: 60_000 });
    await before.take({ ownerId, limits, now: at });
    await before.take({ ownerId, limits, now: at });
    await before.flush(at);
    const after = new LocalPlanCounter({ db, flushMs: 60_000 });
    const third = await after.take({ ownerId, limits, now: at });
    expect(third).toMatchObject({ allowed: true, reported: { scope: 'minute', count: 3 } });
    expect((await after.take({ ownerId, limits, now: at })).allowed).toBe(false);
  });
});
