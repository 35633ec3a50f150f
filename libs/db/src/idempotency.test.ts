import {
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_MS,
  abandonIdempotencyKey,
  claimIdempotencyKey,
  completeIdempotencyKey,
  completeRender,
  insertUnchargedRender,
  linkIdempotencyRender,
  purgeExpiredIdempotencyKeys,
  readIdempotencyKey,
  releaseIdempotencyKey,
  renewIdempotencyLease,
  type IdempotencyClaim,
  type IdempotencyHold,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { renderRow } from './test-support/render-rows.js';

function holdOf(claim: IdempotencyClaim): IdempotencyHold {
  if (claim.kind !== 'claimed') throw new Error(`expected a claim, got ${claim.kind}`);
  return claim.hold;
}

const later = (ms: number) => new Date(Date.now() + ms);

describe.each(ENGINES)('idempotency keys on %s', (engine) => {
  const db = useDatabase(engine);

  it('claims once, replays the stored answer, and refuses another body', async () => {
    const ownerId = unique('acc');
    const hold = holdOf(await claimIdempotencyKey(db(), { ownerId, key: 'k', requestHash: 'h1' }));
    expect(hold.renderId).toBeNull();
    expect(await claimIdempotencyKey(db(), { ownerId, key: 'k', requestHash: 'h1' })).toEqual({ kind: 'in-progress' });
    await completeIdempotencyKey(db(), hold, { status: 200, headers: { 'content-type': 'application/json' }, body: 'e30=' });
    expect(await claimIdempotencyKey(db(), { ownerId, key: 'k', requestHash: 'h1' })).toEqual({
      kind: 'completed',
      response: { status: 200, headers: { 'content-type': 'application/json' }, body: 'e30=' },
    });
    expect(await claimIdempotencyKey(db(), { ownerId, key: 'k', requestHash: 'h2' })).toEqual({ kind: 'mismatch' });
  });

  it('the sweep deletes records past 24 hours and keeps younger ones', async () => {
    const ownerId = unique('acc');
    const now = new Date();
    await claimIdempotencyKey(db(), { ownerId, key: 'old', requestHash: 'h', now: new Date(now.getTime() - IDEMPOTENCY_TTL_MS - 1_000) });
    await claimIdempotencyKey(db(), {
      ownerId,
      key: 'young',
      requestHash: 'h',
      now: new Date(now.getTime() - IDEMPOTENCY_TTL_MS + 60_000),
    });
    expect(await purgeExpiredIdempotencyKeys(db(), { now })).toBeGreaterThanOrEqual(1);
    expect(await readIdempotencyKey(db(), { ownerId, key: 'old', requestHash: 'h' })).toEqual({ kind: 'absent' });
    // Its lease (taken a day ago) ran out long ago, and it never started a render.
    expect(await readIdempotencyKey(db(), { ownerId, key: 'young', requestHash: 'h' })).toEqual({ kind: 'orphaned' });
  });

  it('a renewed lease stays in progress; a lapsed one without a render is taken over by the next claim', async () => {
    const ownerId = unique('acc');
    const ids = { ownerId, key: 'k', requestHash: 'h' };
    const first = holdOf(await claimIdempotencyKey(db(), ids));
    // Renewed: still held after the first lease would have run out.
    expect(await renewIdempotencyLease(db(), first, { now: later(IDEMPOTENCY_LEASE_MS - 1_000) })).toBe(true);
    expect(await claimIdempotencyKey(db(), { ...ids, now: later(IDEMPOTENCY_LEASE_MS + 1_000) })).toEqual({ kind: 'in-progress' });
    // The holder died: no more renewals; past the lease the key is free again, never locked for the TTL.
    const afterLapse = later(2 * IDEMPOTENCY_LEASE_MS + 1_000);
    expect(await readIdempotencyKey(db(), { ...ids, now: afterLapse })).toEqual({ kind: 'orphaned' });
    const second = holdOf(await claimIdempotencyKey(db(), { ...ids, now: afterLapse }));
    expect(second.holder).not.toBe(first.holder);
    expect(second.renderId).toBeNull();
    // The dead holder can no longer renew, store or release the new holder's claim.
    expect(await renewIdempotencyLease(db(), first)).toBe(false);
    await completeIdempotencyKey(db(), first, { status: 200, headers: {}, body: 'c3RhbGU=' });
    await releaseIdempotencyKey(db(), first);
    expect(await readIdempotencyKey(db(), { ...ids, now: afterLapse })).toEqual({ kind: 'in-progress' });
    await completeIdempotencyKey(db(), second, { status: 200, headers: {}, body: 'b2s=' });
    expect(await readIdempotencyKey(db(), ids)).toEqual({ kind: 'completed', response: { status: 200, headers: {}, body: 'b2s=' } });
  });

  it('a lapsed claim whose render still runs waits for it, then is taken over with that render id', async () => {
    const ownerId = unique('acc');
    const ids = { ownerId, key: 'k', requestHash: 'h' };
    const first = holdOf(await claimIdempotencyKey(db(), ids));
    const renderId = unique('img');
    expect(await linkIdempotencyRender(db(), first, renderId)).toBe(true);
    const afterLapse = later(IDEMPOTENCY_LEASE_MS + 1_000);
    // Linked before the row exists (crash between the two): nothing runs, so the retry takes over with the id.
    expect(await readIdempotencyKey(db(), { ...ids, now: afterLapse })).toEqual({ kind: 'orphaned' });
    await insertUnchargedRender(db(), renderRow(ownerId, { id: renderId }));
    expect(await readIdempotencyKey(db(), { ...ids, now: afterLapse })).toEqual({ kind: 'render-running', renderId });
    expect(await claimIdempotencyKey(db(), { ...ids, now: afterLapse })).toEqual({ kind: 'render-running', renderId });
    await completeRender(db(), {
      id: renderId,
      url: 'http://x/renders/a.png',
      storageKey: 'renders/a.png',
      contentType: 'image/png',
      width: 10,
      height: 10,
      completedAt: new Date(),
    });
    const second = holdOf(await claimIdempotencyKey(db(), { ...ids, now: afterLapse }));
    expect(second.renderId).toBe(renderId);
  });

  it('an abandoned claim (client hung up) is free at once and keeps its render', async () => {
    const ownerId = unique('acc');
    const ids = { ownerId, key: 'k', requestHash: 'h' };
    const first = holdOf(await claimIdempotencyKey(db(), ids));
    const renderId = unique('img');
    await linkIdempotencyRender(db(), first, renderId);
    await abandonIdempotencyKey(db(), first);
    const second = holdOf(await claimIdempotencyKey(db(), ids));
    expect(second.renderId).toBe(renderId);
    expect(await linkIdempotencyRender(db(), first, 'img-other')).toBe(false);
  });
});
