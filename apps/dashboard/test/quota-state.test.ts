import { percentUsed, poolLevel } from '../src/pages/usage/quota-state.js';

describe('how full a monthly pool is', () => {
  it.each([
    [0, 100, 'ok'],
    [89, 100, 'ok'],
    [89.99, 100, 'ok'],
    [90, 100, 'near'],
    [99.5, 100, 'near'],
    [100, 100, 'full'],
    // Overage on: past the plan's credits.
    [140, 100, 'full'],
    [3, 3, 'full'],
    [2, 3, 'ok'],
    [0, 0, 'ok'],
  ] as const)('%s of %s is %s', (used, limit, level) => {
    expect(poolLevel(used, limit)).toBe(level);
  });

  it('says the percent used, not rounding up to 100 before the pool is used up', () => {
    expect(percentUsed(999, 1000)).toBe(99);
    expect(percentUsed(90, 100)).toBe(90);
    expect(percentUsed(100, 100)).toBe(100);
    expect(percentUsed(5, 0)).toBe(0);
  });
});
