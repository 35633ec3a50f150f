import { waitFor } from '@pressroom/testing';
import { IdlePoller } from './idle-poller.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The poller's intervals are a few milliseconds: look that often. The wait itself is long: a loaded CI machine
// (2 cores, jest workers beside Chromium) stalls this process for 0.5–2 s at times.
const until = (check: () => boolean) => waitFor(check, 'the passes expected', 15_000, { everyMs: 2 });

describe('IdlePoller', () => {
  it('doubles its interval after each empty pass up to the longest, and keeps the quick pace while passes find work', async () => {
    const seen: number[] = [];
    let found = false;
    const poller = new IdlePoller({
      pollMs: 5,
      maxIdleMs: 40,
      pass: async () => {
        seen.push(poller.delayMs);
        return found;
      },
      onError: () => {},
    });
    poller.start();
    await until(() => seen.length >= 5);
    expect(seen.slice(0, 5)).toEqual([5, 10, 20, 40, 40]);
    found = true;
    const before = seen.length;
    await until(() => seen.length >= before + 3);
    // The first working pass was entered at the idle pace; every one after it at the quick one.
    expect(seen.slice(before + 1, before + 3)).toEqual([5, 5]);
    await poller.stop();
  });

  it('quicken() brings the next pass back within pollMs after it slowed down', async () => {
    let passes = 0;
    const poller = new IdlePoller({ pollMs: 25, maxIdleMs: 60_000, pass: async () => (passes++, false), onError: () => {} });
    poller.start();
    // Seven empty passes (25 ms … 1.6 s apart, ~3.2 s): the next empty pass is 3.2 s away. Were quicken() a no-op,
    // the next pass would come that late; with it, 25 ms later. The bound between leaves room for a loaded
    // machine's stall (0.5–2 s) while a slowed pass still fails it (with 160 ms it could not tell the two apart).
    await until(() => passes >= 7);
    expect(poller.delayMs).toBeGreaterThanOrEqual(3_200);
    const started = Date.now();
    const at = passes;
    poller.quicken();
    expect(poller.delayMs).toBe(25);
    await until(() => passes > at);
    expect(Date.now() - started).toBeLessThan(2_500);
    await poller.stop();
  });

  it('runNow() passes at once, and once more after the running pass when asked during it', async () => {
    let passes = 0;
    let release: () => void = () => {};
    const poller = new IdlePoller({
      pollMs: 60_000,
      pass: async () => {
        passes++;
        if (passes === 1) await new Promise<void>((resolve) => (release = resolve));
        return false;
      },
      onError: () => {},
    });
    poller.start();
    const first = poller.runNow();
    await until(() => passes === 1);
    const second = poller.runNow();
    release();
    await Promise.all([first, second]);
    expect(passes).toBe(2);
    await poller.stop();
  });

  it('wakeAt() is kept when asked during a pass, however long the idle interval', async () => {
    const passedAt: number[] = [];
    let release: () => void = () => {};
    const poller = new IdlePoller({
      pollMs: 10_000,
      pass: async () => {
        passedAt.push(Date.now());
        if (passedAt.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return false;
      },
      onError: () => {},
    });
    poller.start();
    void poller.runNow();
    await until(() => passedAt.length === 1);
    poller.wakeAt(new Date(Date.now() + 30));
    release();
    await until(() => passedAt.length === 2);
    // Dropped, the wake would leave the next pass to the 10 s poll; kept, it comes ~30 ms after the release (the
    // bound leaves room for a loaded machine's stall).
    expect(passedAt[1]! - passedAt[0]!).toBeLessThan(5_000);
    // A later wake never postpones a sooner one.
    poller.wakeAt(new Date(Date.now() + 20));
    poller.wakeAt(new Date(Date.now() + 60_000));
    await until(() => passedAt.length === 3);
    await poller.stop();
  });

  it('keeps every wakeAt(), not only the soonest: a later one still comes after a sooner timer fired (the ~7 s webhook retries)', async () => {
    const passedAt: number[] = [];
    const poller = new IdlePoller({ pollMs: 60_000, pass: async () => (passedAt.push(Date.now()), false), onError: () => {} });
    poller.start();
    const base = Date.now();
    poller.wakeAt(new Date(base + 50));
    poller.wakeAt(new Date(base + 200)); // the dispatcher's next retry while the timer fires sooner
    // A pass at or after the later wake, whether the sooner timer fired first (two passes) or, on a loaded
    // machine, fired so late that its one pass already answered both.
    await until(() => passedAt.some((at) => at - base >= 200));
    expect(passedAt[0]! - base).toBeGreaterThanOrEqual(50);
    // A lost later wake leaves it to the 60 s poll (the wait above would time out); kept, ~200 ms, plus any stall.
    expect(passedAt.at(-1)! - base).toBeLessThan(10_000);
    await poller.stop();
  });

  it('keeps a wakeAt() asked for while the quick pace fires sooner, even though the empty passes slow the pace meanwhile', async () => {
    // The dispatcher's case: a pass claimed a retry (found work: next pass in pollMs); that attempt fails after the
    // pass and asks for the next retry later than pollMs; the passes before it find nothing and double the interval.
    const passedAt: number[] = [];
    let passes = 0;
    // At the dispatcher's pace (a 1 s poll, retries seconds apart) scaled ×2, so that the bug's lateness (3 s) is far
    // from what a loaded CI machine's stall adds (0.5–2 s; at 200/300 ms the bug gave 300 ms against a 200 ms bound).
    const poller = new IdlePoller({
      pollMs: 2_000,
      maxIdleMs: 60_000,
      pass: async () => (passedAt.push(Date.now()), passes++ === 0),
      onError: () => {},
    });
    poller.start();
    await until(() => passes === 1); // found work: the next pass is due 2 s after it
    const wake = Date.now() + 3_000;
    poller.wakeAt(new Date(wake));
    // Without the kept wake the passes come at +2 s and +6 s (the interval doubled): 3 s late.
    await until(() => passedAt.some((at) => at >= wake));
    const honoured = passedAt.find((at) => at >= wake)!;
    expect(honoured - wake).toBeLessThan(2_000);
    await poller.stop();
  });

  it('never starts a woken pass before the time asked for, and a wake in the past passes once, not in a loop', async () => {
    const passedAt: number[] = [];
    const poller = new IdlePoller({ pollMs: 60_000, pass: async () => (passedAt.push(Date.now()), false), onError: () => {} });
    poller.start();
    const wakes = [30, 60, 90, 120].map((ms) => Date.now() + ms);
    for (const at of wakes) poller.wakeAt(new Date(at));
    // Each wake is answered by a pass at or after it (one late pass on a loaded machine may answer several).
    await until(() => wakes.every((at) => passedAt.some((passed) => passed >= at)));
    // …and soon after it: a lost wake is left to the 60 s poll; the bound leaves room for a loaded machine's stall.
    for (const at of wakes) expect(passedAt.some((passed) => passed >= at && passed - at < 10_000)).toBe(true);
    const before = passedAt.length;
    poller.wakeAt(new Date(0));
    await until(() => passedAt.length === before + 1);
    await sleep(100);
    expect(passedAt.length).toBe(before + 1);
    await poller.stop();
  });

  it('reports a failed pass and keeps polling; after stop() no pass runs', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const poller = new IdlePoller({
      pollMs: 5,
      maxIdleMs: 5,
      pass: async () => {
        passes++;
        throw new Error(`pass ${passes} failed`);
      },
      onError: (error) => errors.push(error),
    });
    poller.start();
    await until(() => passes >= 3);
    poller.wakeAt(new Date(Date.now() + 20)); // a wake still pending when it stops: dropped too
    await poller.stop();
    const stoppedAt = passes;
    await sleep(50);
    expect(passes).toBe(stoppedAt);
    expect(errors.length).toBe(stoppedAt);
    expect((errors[0] as Error).message).toBe('pass 1 failed');
  });
});
