import { eq, sql } from 'drizzle-orm';
import {
  claimRender,
  completeRender,
  createAccount,
  failRender,
  getRenderById,
  insertRenderWithinCredits,
  listAbandonedRenders,
  listUnpublishedRenders,
  markRenderPublished,
  renderCreditsUsed,
  renewRenderLease,
  tables,
  withdrawQueuedRender,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { completion, renderRow as render } from './test-support/render-rows.js';

/**
 * The columns that let the scheduler settle what the bus gave up on (docs/adr/0064, 0065): which delivery
 * claimed a render and until when its worker holds it, and whether a gateway's command was confirmed.
 */
describe.each(ENGINES)('render attempts, leases and unpublished rows on %s', (engine) => {
  const db = useDatabase(engine);

  async function owner(): Promise<string> {
    return (await createAccount(db(), { name: unique('life'), plan: 'enterprise' })).id;
  }
  const used = async (ownerId: string) => (await renderCreditsUsed(db(), { ownerId, now: new Date() })).used;
  const lifecycle = async (id: string) => {
    const [row] = await db()
      .orm.select({
        attempts: tables.renders.attempts,
        maxAttempts: tables.renders.maxAttempts,
        leaseUntil: tables.renders.leaseUntil,
        publishedAt: tables.renders.publishedAt,
      })
      .from(tables.renders)
      .where(eq(tables.renders.id, id));
    return row!;
  };
  /** Moves a render's lease into the past, as time passing with no renewal would. */
  const expireLease = (id: string) => db().orm.execute(sql`update renders set lease_until = now() - interval '1 second' where id = ${id}`);
  const abandonedIds = async () => (await listAbandonedRenders(db(), { limit: 1000 })).map((row) => row.id);

  it('a claim records its delivery, the maximum and a lease; only the last delivery with a lapsed lease is abandoned', async () => {
    const ownerId = await owner();
    const row = await insertRenderWithinCredits(db(), render(ownerId));
    expect(await lifecycle(row.id)).toMatchObject({ attempts: 0, maxAttempts: null, leaseUntil: null });

    expect(await claimRender(db(), row.id, { attempt: 1, maxAttempts: 3, leaseMs: 60_000 })).toBe('claimed');
    const first = await lifecycle(row.id);
    expect(first).toMatchObject({ attempts: 1, maxAttempts: 3 });
    expect(first.leaseUntil!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    await expireLease(row.id);
    // Deliveries remain: the bus brings the command back, nothing to settle.
    expect(await abandonedIds()).not.toContain(row.id);

    expect(await claimRender(db(), row.id, { attempt: 3, maxAttempts: 3, leaseMs: 60_000 })).toBe('claimed');
    // A late claim of an earlier delivery never lowers the count.
    expect(await claimRender(db(), row.id, { attempt: 2, maxAttempts: 3, leaseMs: 60_000 })).toBe('claimed');
    expect(await lifecycle(row.id)).toMatchObject({ attempts: 3, maxAttempts: 3 });
    // Its worker still holds it: never abandoned, however long the render runs while the lease is renewed.
    expect(await abandonedIds()).not.toContain(row.id);
    await expireLease(row.id);
    expect(await renewRenderLease(db(), { id: row.id, leaseMs: 60_000 })).toBe(true);
    expect(await abandonedIds()).not.toContain(row.id);

    await expireLease(row.id);
    const abandoned = await listAbandonedRenders(db(), { limit: 1000 });
    expect(abandoned.find((r) => r.id === row.id)).toMatchObject({ id: row.id, state: 'rendering', ownerId });

    // Settled once (by whoever is first); the renewal of a worker that comes back late then changes nothing.
    expect(
      await failRender(db(), { id: row.id, error: { slug: 'render-crashed', detail: 'x', status: 500 }, completedAt: new Date() }),
    ).toBe(true);
    expect(await renewRenderLease(db(), { id: row.id, leaseMs: 60_000 })).toBe(false);
    expect(await abandonedIds()).not.toContain(row.id);
    expect(await used(ownerId)).toBe(0);
  });

  it('a finished render is never abandoned, whatever its lease', async () => {
    const row = await insertRenderWithinCredits(db(), render(await owner()));
    await claimRender(db(), row.id, { attempt: 3, maxAttempts: 3, leaseMs: 1 });
    await completeRender(db(), completion(row.id));
    await expireLease(row.id);
    expect(await abandonedIds()).not.toContain(row.id);
  });

  it('withdraws a queued render and gives its credits back, never one a worker claimed', async () => {
    const ownerId = await owner();
    const queued = await insertRenderWithinCredits(db(), render(ownerId, { publishPending: true }));
    const claimed = await insertRenderWithinCredits(db(), render(ownerId, { publishPending: true, cost: 1.5 }));
    expect(await used(ownerId)).toBe(2.5);
    await claimRender(db(), claimed.id, { attempt: 1, maxAttempts: 3, leaseMs: 10_000 });

    expect(await withdrawQueuedRender(db(), { id: queued.id })).toBe(true);
    expect(await getRenderById(db(), queued.id)).toBeNull();
    expect(await used(ownerId)).toBe(1.5);
    expect(await withdrawQueuedRender(db(), { id: queued.id })).toBe(false); // once
    expect(await withdrawQueuedRender(db(), { id: claimed.id })).toBe(false); // its command did go out
    expect(await getRenderById(db(), claimed.id)).toMatchObject({ state: 'rendering' });
    expect(await used(ownerId)).toBe(1.5);
  });

  it('lists and withdraws only unconfirmed queued rows older than the grace; a confirmation or a claim keeps a row', async () => {
    const ownerId = await owner();
    const pending = await insertRenderWithinCredits(db(), render(ownerId, { publishPending: true }));
    const confirmed = await insertRenderWithinCredits(db(), render(ownerId, { publishPending: true }));
    const claimed = await insertRenderWithinCredits(db(), render(ownerId, { publishPending: true }));
    const batchLike = await insertRenderWithinCredits(db(), render(ownerId)); // published is the default
    expect((await lifecycle(pending.id)).publishedAt).toBeNull();
    expect((await lifecycle(batchLike.id)).publishedAt).toEqual(expect.any(Date));
    expect(await markRenderPublished(db(), confirmed.id)).toBe(true);
    await claimRender(db(), claimed.id, { attempt: 1, maxAttempts: 3, leaseMs: 10_000 });
    expect((await lifecycle(claimed.id)).publishedAt).toEqual(expect.any(Date));

    const ids = async (createdBefore: Date) => (await listUnpublishedRenders(db(), { createdBefore, limit: 1000 })).map((r) => r.id);
    const soon = new Date(Date.now() + 60_000);
    const mine = [pending.id, confirmed.id, claimed.id, batchLike.id];
    expect((await ids(soon)).filter((id) => mine.includes(id))).toEqual([pending.id]);
    // Within the grace nothing is listed or withdrawn: its gateway may be publishing right now.
    const past = new Date(Date.now() - 60_000);
    expect((await ids(past)).filter((id) => mine.includes(id))).toEqual([]);
    expect(await withdrawQueuedRender(db(), { id: pending.id, unpublishedBefore: past })).toBe(false);
    expect(await withdrawQueuedRender(db(), { id: confirmed.id, unpublishedBefore: soon })).toBe(false);
    expect(await withdrawQueuedRender(db(), { id: pending.id, unpublishedBefore: soon })).toBe(true);
    expect(await used(ownerId)).toBe(3);
    // A confirmation after the withdrawal says the row is gone.
    expect(await markRenderPublished(db(), pending.id)).toBe(false);
  });
});
