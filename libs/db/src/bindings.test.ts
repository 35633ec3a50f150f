import {
  claimDueBindings,
  finishBindingRefresh,
  getBindingByUid,
  insertBinding,
  listBindings,
  requestBindingRefresh,
  updateBinding,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import type { Db } from './open.js';

const minutes = (n: number) => n * 60_000;

async function dueBinding(db: Db, at: Date, owner = unique('acc'), name = 'Scores') {
  return insertBinding(db, {
    uid: unique('bnd'),
    ownerId: owner,
    accountId: owner,
    name,
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

describe.each(ENGINES)('binding lists on %s', (engine) => {
  const db = useDatabase(engine);
  // Due far in the future, so no refresh test's claim takes them.
  const later = new Date('2999-01-01T00:00:00Z');

  it('searches names for the text as typed, in any case, `%`, `_` and `\\` taken literally, and counts only the matches', async () => {
    const owner = unique('acc');
    const names = ['100% Scores', '100 percent', 'snake_case feed', 'snakeXcase feed', 'Back\\slash', 'Backslash', 'SCORES live'];
    for (const name of names) await dueBinding(db(), later, owner, name);
    await dueBinding(db(), later, unique('acc'), 'scores of someone else');
    const search = async (text: string, page = 1, limit = 10) => {
      const { rows, total } = await listBindings(db(), { ownerId: owner, page, limit, search: text });
      return { names: rows.map((b) => b.name).sort(), total };
    };
    expect(await search('scores')).toEqual({ names: ['100% Scores', 'SCORES live'], total: 2 });
    expect(await search('0%')).toEqual({ names: ['100% Scores'], total: 1 });
    expect(await search('e_c')).toEqual({ names: ['snake_case feed'], total: 1 });
    expect(await search('K\\S')).toEqual({ names: ['Back\\slash'], total: 1 });
    expect(await search('%')).toEqual({ names: ['100% Scores'], total: 1 });
    // The count is of the matches, not the whole list: the two "case" names, one a page, each once.
    const [first, second] = [await search('case', 1, 1), await search('case', 2, 1)];
    expect([first.total, second.total]).toEqual([2, 2]);
    expect([...first.names, ...second.names].sort()).toEqual(['snakeXcase feed', 'snake_case feed']);
    expect(await search('nothing like it')).toEqual({ names: [], total: 0 });
    // With another filter: both apply.
    const paused = await dueBinding(db(), later, owner, 'Scores paused');
    await updateBinding(db(), { ownerId: owner, uid: paused.uid, patch: { status: 'paused' } });
    const pausedScores = await listBindings(db(), { ownerId: owner, page: 1, limit: 10, status: 'paused', search: 'SCORES' });
    expect(pausedScores.rows.map((b) => b.name)).toEqual(['Scores paused']);
    expect(pausedScores.total).toBe(1);
    // Blank is no search.
    expect((await search('')).total).toBe(names.length + 1);
  });
});
