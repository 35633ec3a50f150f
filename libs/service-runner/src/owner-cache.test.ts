import { OwnerCache } from './owner-cache.js';

describe('OwnerCache', () => {
  it('loads once per owner and answers from memory until the TTL, then loads again', async () => {
    let now = 0;
    const cache = new OwnerCache<string>({ ttlMs: 1_000, now: () => now });
    let loads = 0;
    const load = (value: string) => () => Promise.resolve(`${value}#${++loads}`);
    expect(await cache.get('acc_a', load('a'))).toBe('a#1');
    expect(await cache.get('acc_a', load('a'))).toBe('a#1');
    expect(await cache.get('acc_b', load('b'))).toBe('b#2');
    now = 999;
    expect(await cache.get('acc_a', load('a'))).toBe('a#1');
    now = 1_000;
    expect(await cache.get('acc_a', load('a'))).toBe('a#3');
  });

  it('drops one owner at once, the others stay', async () => {
    const cache = new OwnerCache<number>({ ttlMs: 60_000 });
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await cache.get('acc_a', load);
    await cache.get('acc_b', load);
    cache.drop('acc_a');
    expect(await cache.get('acc_a', load)).toBe(3);
    expect(await cache.get('acc_b', load)).toBe(2);
  });

  it('shares one load between concurrent readers and keeps no failed load', async () => {
    const cache = new OwnerCache<string>({ ttlMs: 60_000 });
    let loads = 0;
    const failing = () => {
      loads++;
      return Promise.reject(new Error('database down'));
    };
    const both = await Promise.allSettled([cache.get('acc_a', failing), cache.get('acc_a', failing)]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(loads).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.size).toBe(0);
    expect(await cache.get('acc_a', () => Promise.resolve('back'))).toBe('back');
  });

  it('takes a reader’s own TTL for what it loads, and a TTL of 0 always reads afresh', async () => {
    let now = 0;
    const cache = new OwnerCache<number>({ ttlMs: 60_000, now: () => now });
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await cache.get('acc_a', load, 5_000);
    now = 5_000;
    expect(await cache.get('acc_a', load, 5_000)).toBe(2);
    const fresh = new OwnerCache<number>({ ttlMs: 0 });
    expect(await fresh.get('acc_a', load)).toBe(3);
    expect(await fresh.get('acc_a', load)).toBe(4);
  });

  it('updates a kept value in place and ignores an owner it does not hold', async () => {
    const cache = new OwnerCache<{ lastError: string | null }>({ ttlMs: 60_000 });
    await cache.get('acc_a', () => Promise.resolve({ lastError: 'boom' }));
    cache.update('acc_a', (value) => ({ ...value, lastError: null }));
    cache.update('acc_b', () => ({ lastError: 'never' }));
    expect(await cache.get('acc_a', () => Promise.resolve({ lastError: 'reloaded' }))).toEqual({ lastError: null });
    expect(cache.size).toBe(1);
  });

  it('keeps at most maxOwners, the least recently loaded going first', async () => {
    const cache = new OwnerCache<string>({ ttlMs: 60_000, maxOwners: 2 });
    await cache.get('a', () => Promise.resolve('a'));
    await cache.get('b', () => Promise.resolve('b'));
    await cache.get('c', () => Promise.resolve('c'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', () => Promise.resolve('a again'))).toBe('a again');
  });
});
