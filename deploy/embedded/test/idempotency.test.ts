import { tables } from '@pressroom/db';

const { idempotencyKeys, renders } = tables;
import { FLAVOURS, decode, problemOf, startTestStack, type TestStack } from './harness.js';

const HTML = '<html><body style="margin:0;background:#00ff00"></body></html>';

describe.each(FLAVOURS)('Idempotency-Key (%s)', (flavour) => {
  let stack: TestStack;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    stack = await startTestStack(flavour);
    ({ key, accountId } = await stack.newAccount());
  });
  afterAll(() => stack.dispose());

  async function renderCount(ownerId: string): Promise<number> {
    const rows = await stack.db.orm.select({ ownerId: renders.ownerId }).from(renders);
    return rows.filter((r) => r.ownerId === ownerId).length;
  }
  const post = (idem: string, json: unknown, apiKey = key) =>
    stack.api('/image', { method: 'POST', key: apiKey, json, headers: { 'idempotency-key': idem } });

  it('replays the stored response for the same key and body, with one render only', async () => {
    const before = await renderCount(accountId);
    const first = await post('k-same', { html: HTML, width: 40, height: 30 });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.text();
    // Same body, other key order: the canonical hash matches.
    const second = await post('k-same', { height: 30, width: 40, html: HTML });
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await second.text()).toBe(firstBody);
    expect(await renderCount(accountId)).toBe(before + 1);
    const image = await decode((JSON.parse(firstBody) as { url: string }).url);
    expect(image.pixel(5, 5)).toEqual([0, 255, 0]);
  });

  it('runs five concurrent duplicates once and gives all the same body', async () => {
    const before = await renderCount(accountId);
    const all = await Promise.all(Array.from({ length: 5 }, () => post('k-concurrent', { html: HTML, width: 20, height: 20 })));
    const bodies = await Promise.all(all.map((r) => r.text()));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(bodies).size).toBe(1);
    expect(all.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect(await renderCount(accountId)).toBe(before + 1);
  });

  it('answers 422 idempotency-key-reuse for the same key with another body', async () => {
    expect((await post('k-reuse', { html: HTML, width: 10, height: 10 })).status).toBe(200);
    const res = await post('k-reuse', { html: HTML, width: 11, height: 10 });
    expect(res.status).toBe(422);
    expect((await problemOf(res)).type).toMatch(/\/errors\/idempotency-key-reuse$/);
  });

  it('scopes keys per account', async () => {
    const other = await stack.newAccount();
    const mine = await post('k-shared-name', { html: HTML, width: 12, height: 12 });
    const theirs = await post('k-shared-name', { html: HTML, width: 12, height: 12 }, other.key);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(((await theirs.json()) as { id: string }).id).not.toBe(((await mine.json()) as { id: string }).id);
    expect(await renderCount(other.accountId)).toBe(1);
  });

  it('rejects a 10 KB key and a key with control characters with 400', async () => {
    const before = await renderCount(accountId);
    const res = await post('x'.repeat(10 * 1024), { html: HTML });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).detail).toMatch(/Idempotency-Key.*255/);
    const empty = await stack.api('/image', { method: 'POST', key, json: { html: HTML }, headers: { 'idempotency-key': 'a\u00e9' } });
    expect(empty.status).toBe(400);
    expect(await renderCount(accountId)).toBe(before);
  });

  it('treats a key older than 24 hours as fresh', async () => {
    const before = await renderCount(accountId);
    expect((await post('k-old', { html: HTML, width: 14, height: 14 })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    // Age every stored key by 25 hours (this test runs last in its stack).
    await stack.db.orm.update(idempotencyKeys).set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) });
    const again = await post('k-old', { html: HTML, width: 15, height: 14 });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await renderCount(accountId)).toBe(before + 2);
  });
});
