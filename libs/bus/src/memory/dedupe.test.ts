import { Deduper } from './dedupe.js';

describe('Deduper', () => {
  it('marks an id seen within the window, and not once the window has passed', () => {
    const deduper = new Deduper(100);
    expect(deduper.isDuplicate('a', 1_000)).toBe(false);
    expect(deduper.isDuplicate('a', 1_099)).toBe(true);
    expect(deduper.isDuplicate('a', 1_100)).toBe(false);
  });

  it('does not count an expired id that is still waiting to be pruned, and remembers it again', () => {
    const deduper = new Deduper(100);
    expect(deduper.isDuplicate('a', 0)).toBe(false);
    expect(deduper.isDuplicate('b', 50)).toBe(false);
    // Within a second of the last prune: nothing is pruned, yet 'a' has expired.
    expect(deduper.isDuplicate('a', 120)).toBe(false);
    expect(deduper.isDuplicate('a', 200)).toBe(true);
    // 'b' expired at 150; 'a' was set anew at 120 and expires at 220.
    expect(deduper.isDuplicate('b', 210)).toBe(false);
    expect(deduper.isDuplicate('a', 219)).toBe(true);
  });

  it('keeps pruning in expiry order when expired ids come back, so memory stays bounded by the window', () => {
    const deduper = new Deduper(100);
    for (let now = 0; now < 10_000; now++) {
      deduper.isDuplicate(`unique-${now}`, now);
      // Ids that come back after their window: set anew at the end, never left in front of younger ones.
      deduper.isDuplicate(`returning-${now % 3}`, now);
    }
    // One id a millisecond lives at most its window plus a prune interval.
    expect(deduper.size).toBeLessThan(1_200);
  });
});
