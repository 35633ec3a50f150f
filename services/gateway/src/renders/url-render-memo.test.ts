import { UrlRenderMemo } from './url-render-memo.js';

const entry = (id: string, size: number) => ({
  renderId: id,
  contentType: 'image/png',
  bytes: Buffer.alloc(size, id.charCodeAt(0)),
  etag: `"${id}"`,
});

describe('URL-render memo', () => {
  it('answers a key of the same owner until its time is up', () => {
    let now = 1_000;
    const memo = new UrlRenderMemo({ maxBytes: 100, maxEntryBytes: 50, ttlMs: 60_000, now: () => now });
    memo.set('acc_a', 'k1', entry('a', 10));
    expect(memo.get('acc_a', 'k1')?.renderId).toBe('a');
    expect(memo.get('acc_b', 'k1')).toBeNull();
    now += 60_000;
    expect(memo.get('acc_a', 'k1')).toBeNull();
    expect(memo.size).toBe(0);
  });

  it('keeps under its byte budget by dropping the least recently used, and skips large files', () => {
    const memo = new UrlRenderMemo({ maxBytes: 100, maxEntryBytes: 50, ttlMs: 60_000 });
    memo.set('o', 'a', entry('a', 40));
    memo.set('o', 'b', entry('b', 40));
    expect(memo.get('o', 'a')?.renderId).toBe('a'); // a is now the most recent
    memo.set('o', 'c', entry('c', 40));
    expect(memo.get('o', 'b')).toBeNull();
    expect(memo.get('o', 'a')?.bytes.length).toBe(40);
    expect(memo.get('o', 'c')?.bytes.length).toBe(40);
    expect(memo.size).toBe(80);
    memo.set('o', 'big', entry('d', 51));
    expect(memo.get('o', 'big')).toBeNull();
    memo.set('o', 'a', entry('e', 20));
    expect(memo.get('o', 'a')?.renderId).toBe('e');
    expect(memo.size).toBe(60);
  });

  it('forgets every entry of one owner at once (a template edit), and only that owner', () => {
    const memo = new UrlRenderMemo({ maxBytes: 1_000, maxEntryBytes: 100, ttlMs: 60_000 });
    memo.set('acc_a', 'k1', entry('a', 10));
    memo.set('acc_a', 'k2', entry('b', 10));
    memo.set('acc_b', 'k1', entry('c', 10));
    memo.dropOwner('acc_a');
    expect(memo.get('acc_a', 'k1')).toBeNull();
    expect(memo.get('acc_a', 'k2')).toBeNull();
    expect(memo.get('acc_b', 'k1')?.etag).toBe('"c"');
    expect(memo.size).toBe(10);
    memo.set('acc_a', 'k1', entry('d', 10));
    expect(memo.get('acc_a', 'k1')?.renderId).toBe('d');
  });
});
