import { createAccount, hitCounter, minuteWindow, openDatabase, type Db } from '@pressroom/db';
import { LocalMinuteCounter } from './local-minute-counter.js';

describe('LocalMinuteCounter', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({});
  }, 120_000);
  afterAll(() => db.close());

  const at = new Date(Date.UTC(2026, 10, 24, 12, 0, 10));
  const newOwner = async () => (await createAccount(db, { name: `counter-${Date.now()}-${Math.random()}` })).id;
  /** What the shared row holds (read by adding no hits). */
  const sharedCount = (ownerId: string) => hitCounter(db, { ownerId, scope: 'endpoint:t', window: minuteWindow(at), hits: 0 });

  it('counts in memory at once and adds the counts to the shared row in one statement per owner', async () => {
    const ownerId = await newOwner();
    const counter = new LocalMinuteCounter({ db, scope: 'endpoint:t', flushMs: 60_000 });
    expect(counter.take(ownerId, at).count).toBe(1);
    expect(counter.take(ownerId, at).count).toBe(2);
    expect(counter.take(ownerId, new Date(at.getTime() + 5_000)).count).toBe(3);
    expect(await sharedCount(ownerId)).toBe(0);
    await counter.flush();
    expect(await sharedCount(ownerId)).toBe(3);
    expect(counter.take(ownerId, at).count).toBe(4);
  });

  it('learns the other replicas’ counts on each flush, so a shared limit holds across them', async () => {
    const ownerId = await newOwner();
    const one = new LocalMinuteCounter({ db, scope: 'endpoint:t', flushMs: 60_000 });
    const two = new LocalMinuteCounter({ db, scope: 'endpoint:t', flushMs: 60_000 });
    for (let i = 0; i < 5; i++) one.take(ownerId, at);
    two.take(ownerId, at);
    await one.flush();
    await two.flush();
    // two flushed last: it has seen all six.
    expect(two.take(ownerId, at).count).toBe(7);
    await two.flush();
    // one has not flushed since: it knows its own five and the row as it was then, one request late.
    expect(one.take(ownerId, at).count).toBe(6);
    await one.flush();
    expect(one.take(ownerId, at).count).toBe(9);
  });

  it('starts each minute afresh and never adds a past minute to the row', async () => {
    const ownerId = await newOwner();
    const counter = new LocalMinuteCounter({ db, scope: 'endpoint:t', flushMs: 60_000 });
    counter.take(ownerId, at);
    counter.take(ownerId, at);
    const next = new Date(at.getTime() + 60_000);
    const taken = counter.take(ownerId, next);
    expect(taken.count).toBe(1);
    expect(taken.window.start.getTime()).toBe(minuteWindow(next).start.getTime());
    await counter.flush();
    expect(await sharedCount(ownerId)).toBe(0);
  });

  it('flushes by itself after flushMs', async () => {
    const ownerId = await newOwner();
    const counter = new LocalMinuteCounter({ db, scope: 'endpoint:t', flushMs: 10 });
    counter.take(ownerId, at);
    for (let i = 0; i < 400 && (await sharedCount(ownerId)) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await sharedCount(ownerId)).toBe(1);
  });
});
