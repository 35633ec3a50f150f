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

  it('keeps pruning in expiry order after an expired id is set anew', () => {
    const deduper = new Deduper(100);
    deduper.isDuplicate('a', 0);
    deduper.isDuplicate('b', 10);
    deduper.isDuplicate('a', 150); // expired: set anew, now after 'b'
    // The prune at 1,000 drops everything; each id is new again.
    expect(deduper.isDuplicate('b', 1_000)).toBe(false);
    expect(deduper.isDuplicate('a', 1_000)).toBe(false);
    expect(deduper.isDuplicate('a', 1_050)).toBe(true);
  });
});
