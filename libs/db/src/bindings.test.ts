import { claimDueBindings, finishBindingRefresh, getBindingByUid, insertBinding, requestBindingRefresh, updateBinding } from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import type { Db } from './open.js';

const minutes = (n: number) => n * 60_000;

async function dueBinding(db: Db, at: Date) {
  const owner = unique('acc');
  return insertBinding(db, {
    uid: unique('bnd'),
    ownerId: owner,
    accountId: owner,
    name: 'Scores',
    templateId: 'tpl_x',
    dataSource: { type: 'http', url: 'https://data.example/old.json', method: 'GET' },
    credentialsCiphertext: null,
    mapping: { title: '$.title' },
    defaults: {},
    refreshPolicy: { type: 'ttl', ttlSeconds: 300, onError: 'serve_stale' },
    outputConfig: { format: 'png', quality: 90 },
    triggerTokenCiphertext: 'sealed',
    nextRefreshAt: at,
    pendingTrigger: null,
  });
}

/** Claims exactly the given binding (other tests' due bindings are left to their own sweeps). */
async function claim(db: Db, uid: string, now: Date) {
  const claims = await claimDueBindings(db, { now, limit: 100, leaseMs: minutes(1) });
  const ours = claims.find((c) => c.binding.uid === uid);
  if (!ours) throw new Error(`binding ${uid} was not claimed`);
  return ours;
}

const scheduledOutcome = (now: Date) => ({
  status: 'active' as const,
  nextRefreshAt: new Date(now.getTime() + minutes(5)),
  lastRefreshAt: now,
  pendingTrigger: null,
  sourceEtag: '"v1"',
  variablesHash: 'hash-of-old-data',
});

describe.each(ENGINES)('binding refreshes on %s', (engine) => {
  const db = useDatabase(engine);

  it('a finished refresh sets the next scheduled time when nothing asked for another meanwhile', async () => {
    const now = new Date(Date.now() - 1000);
    const binding = await dueBinding(db(), now);
    const { lease, binding: claimed } = await claim(db(), binding.uid, new Date());
    const outcome = scheduledOutcome(new Date());
    const row = await finishBindingRefresh(db(), { uid: binding.uid, lease, dueAt: claimed.nextRefreshAt!, outcome });
    expect(row).toMatchObject({
      nextRefreshAt: outcome.nextRefreshAt,
      sourceEtag: '"v1"',
      variablesHash: 'hash-of-old-data',
      leaseUntil: null,
    });
  });

  it('a change made while the refresh ran keeps its own due time, so the new settings refresh at once', async () => {
    const binding = await dueBinding(db(), new Date(Date.now() - 1000));
    const { lease, binding: claimed } = await claim(db(), binding.uid, new Date());
    // PUT /bindings/{uid} with a new data source, while the old one is being fetched.
    const changedAt = new Date();
    await updateBinding(db(), {
      ownerId: binding.ownerId,
      uid: binding.uid,
      patch: {
        dataSource: { type: 'http', url: 'https://data.example/new.json', method: 'GET' },
        nextRefreshAt: changedAt,
        pendingTrigger: 'update',
        sourceEtag: null,
        variablesHash: null,
      },
    });
    const row = await finishBindingRefresh(db(), {
      uid: binding.uid,
      lease,
      dueAt: claimed.nextRefreshAt!,
      outcome: scheduledOutcome(new Date()),
    });
    expect(row).toMatchObject({
      nextRefreshAt: changedAt,
      pendingTrigger: 'update',
      sourceEtag: null,
      variablesHash: null,
      leaseUntil: null,
    });
    // What the refresh itself did is still recorded.
    expect(row?.lastRefreshAt).not.toBeNull();
    const again = await claim(db(), binding.uid, new Date(Date.now() + 10));
    expect(again.binding.dataSource.url).toBe('https://data.example/new.json');
  });

  it('a manual refresh asked for while one ran is not swallowed by it', async () => {
    const binding = await dueBinding(db(), new Date(Date.now() - 1000));
    const { lease, binding: claimed } = await claim(db(), binding.uid, new Date());
    const askedAt = new Date();
    await requestBindingRefresh(db(), { uid: binding.uid, at: askedAt, trigger: 'manual', force: true });
    await finishBindingRefresh(db(), { uid: binding.uid, lease, dueAt: claimed.nextRefreshAt!, outcome: scheduledOutcome(new Date()) });
    expect(await getBindingByUid(db(), binding.uid)).toMatchObject({ nextRefreshAt: askedAt, pendingTrigger: 'manual', sourceEtag: null });
  });
});
