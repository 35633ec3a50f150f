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
import { LocalWindowCounter } from './local-window-counter.js';

describe('counting requests in memory', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({});
  }, 120_000);
  afterAll(() => db.close());

  const at = new Date(Date.UTC(2026, 10, 24, 12, 0, 10));
  const newOwner = async () => (await createAccount(db, { name: `counter-${Date.now()}-${Math.random()}` })).id;

  describe('LocalWindowCounter', () => {
    const minuteCounter = (flushMs: number) => new LocalWindowCounter({ db, scope: 'endpoint:t', window: minuteWindow, flushMs });
    /** Counts one request made `when`: the owner's count in its window (this process's best knowledge) and the window. */
    const take = async (counter: LocalWindowCounter, ownerId: string, when: Date) => {
      const tally = await counter.tally(ownerId, when);
      return { count: counter.hit(tally), window: tally.window };
    };
    const sharedCount = (ownerId: string) => readCounter(db, { ownerId, scope: 'endpoint:t', window: minuteWindow(at) });

    it('counts in memory at once and adds the counts to the shared row in one statement per owner', async () => {
      const ownerId = await newOwner();
      const counter = minuteCounter(60_000);
      expect((await take(counter, ownerId, at)).count).toBe(1);
      expect((await take(counter, ownerId, at)).count).toBe(2);
      expect((await take(counter, ownerId, new Date(at.getTime() + 5_000))).count).toBe(3);
      expect(await sharedCount(ownerId)).toBe(0);
      await counter.flush();
      expect(await sharedCount(ownerId)).toBe(3);
      expect((await take(counter, ownerId, at)).count).toBe(4);
    });

    it('learns the other replicas’ counts on each flush, so a shared limit holds across them', async () => {
      const ownerId = await newOwner();
      const one = minuteCounter(60_000);
      const two = minuteCounter(60_000);
      for (let i = 0; i < 5; i++) await take(one, ownerId, at);
      await take(two, ownerId, at);
      await one.flush();
      await two.flush();
      // two flushed last: it has seen all six.
      expect((await take(two, ownerId, at)).count).toBe(7);
      await two.flush();
      // one has not flushed since: it knows its own five and the row as it was then, one request late.
      expect((await take(one, ownerId, at)).count).toBe(6);
      await one.flush();
      expect((await take(one, ownerId, at)).count).toBe(9);
    });

    it('starts each minute afresh and never adds a past minute to the row', async () => {
      const ownerId = await newOwner();
      const counter = minuteCounter(60_000);
      await take(counter, ownerId, at);
      await take(counter, ownerId, at);
      const next = new Date(at.getTime() + 60_000);
      const taken = await take(counter, ownerId, next);
      expect(taken.count).toBe(1);
      expect(taken.window.start.getTime()).toBe(minuteWindow(next).start.getTime());
      await counter.flush();
      expect(await sharedCount(ownerId)).toBe(0);
    });

    it('flushes by itself after flushMs', async () => {
      const ownerId = await newOwner();
      const counter = minuteCounter(10);
      await take(counter, ownerId, at);
      for (let i = 0; i < 400 && (await sharedCount(ownerId)) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await sharedCount(ownerId)).toBe(1);
    });
  });

  describe('LocalPlanCounter', () => {
    const limits: PlanLimits = { perMinute: 3, perDay: 5, renderCredits: 100, aiCredits: 10 };
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
      await local.flush();
      // The refused fourth request counts in the minute, never in the day.
      expect(await rows(ownerId, at)).toEqual({ minute: 4, day: 3 });
    });

    it('resumes from the rows a previous process wrote', async () => {
      const ownerId = await newOwner();
      const before = new LocalPlanCounter({ db, flushMs: 60_000 });
      await before.take({ ownerId, limits, now: at });
      await before.take({ ownerId, limits, now: at });
      await before.flush();
      const after = new LocalPlanCounter({ db, flushMs: 60_000 });
      const third = await after.take({ ownerId, limits, now: at });
      expect(third).toMatchObject({ allowed: true, reported: { scope: 'minute', count: 3 } });
      expect((await after.take({ ownerId, limits, now: at })).allowed).toBe(false);
    });
  });
});
