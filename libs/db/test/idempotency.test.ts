import {
  IDEMPOTENCY_TTL_MS,
  claimIdempotencyKey,
  completeIdempotencyKey,
  purgeExpiredIdempotencyKeys,
  readIdempotencyKey,
} from '../src/index.js';
import { ENGINES, unique, useDatabase } from './engines.js';

describe.each(ENGINES)('idempotency keys on %s', (engine) => {
  const db = useDatabase(engine);

  it('claims once, replays the stored answer, and refuses another body', async () => {
    const ownerId = unique('acc');
    expect(await claimIdempotencyKey(db(), { ownerId, key: 'k', requestHash: 'h1' })).toEqual({ kind: 'claimed' });
    expect(await claimIdempotencyKey(db(), { ownerId, key: 'k', requestHash: 'h1' })).toEqual({ kind: 'in-progress' });
    await completeIdempotencyKey(db(), {
      ownerId,
      key: 'k',
      response: { status: 200, headers: { 'content-type': 'application/json' }, body: 'e30=' },
    });
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
    expect(await readIdempotencyKey(db(), { ownerId, key: 'young', requestHash: 'h' })).toEqual({ kind: 'in-progress' });
  });
});
