import { createMemoryBus, createNatsBus, type Bus } from '@pressroom/bus';
import { CATALOG, type RenderFailedEvent, type RenderOutcome } from '@pressroom/contracts';
import {
  claimRender,
  createAccount,
  getRenderById,
  insertRenderWithinCredits,
  openDatabase,
  renderCreditsUsed,
  type Db,
  type NewRender,
} from '@pressroom/db';
import { createLogger } from '@pressroom/telemetry';
import { TEST_NATS_URL, createTestDatabase, uniqueNamespace } from '@pressroom/testing';
import {
  QUEUED_RENDER_MAX_WAIT_MS,
  STRANDED_RENDER_SILENCE_MS,
  UNPUBLISHED_RENDER_GRACE_MS,
  failAbandonedRenders,
  failNeverTakenRenders,
  withdrawUnpublishedRenders,
} from './render-sweeps.js';

const logger = createLogger({ service: 'render-sweeps-test', level: 'silent' });

/**
 * The scheduler's sweeps of renders the bus gave up on (docs/adr/0064) or never took (0065), against
 * real parts on both transports and databases: rows as the gateway and the workers leave them.
 */
describe.each(['memory+pglite', 'nats+postgres'] as const)('render sweeps (%s)', (flavour) => {
  let bus: Bus;
  let db: Db;
  let dropDatabase: (() => Promise<void>) | undefined;
  let ownerId: string;
  const failed: RenderFailedEvent[] = [];
  const notices: RenderOutcome[] = [];

  beforeAll(async () => {
    const namespace = uniqueNamespace('sweeps');
    if (flavour === 'nats+postgres') {
      bus = await createNatsBus({ url: TEST_NATS_URL, namespace, logger });
      const database = await createTestDatabase();
      dropDatabase = database.drop;
      db = await openDatabase({ url: database.url });
    } else {
      bus = createMemoryBus({ namespace, logger });
      db = await openDatabase({});
    }
    await bus.ensure([CATALOG.renderFailed]);
    await bus.subscribeEvents(CATALOG.renderFailed, async (d) => void failed.push(d.data), { group: 'sweeps-test' });
    await bus.listen(CATALOG.renderDone, '*', (outcome) => void notices.push(outcome));
    ownerId = (await createAccount(db, { name: `sweeps-${Date.now()}`, plan: 'enterprise' })).id;
  }, 60_000);
  afterAll(async () => {
    await bus.close({ graceMs: 0 });
    await db.close();
    await dropDatabase?.();
  });

  let counter = 0;
  const render = (overrides: Partial<NewRender> = {}): NewRender => ({
    id: `img_sweep_${flavour.slice(0, 4)}_${++counter}_${Math.random().toString(36).slice(2, 8)}`,
    ownerId,
    accountId: ownerId,
    kind: 'image',
    origin: 'html',
    templateId: 'tpl_sweep',
    format: 'png',
    width: 10,
    height: 10,
    ...overrides,
  });
  const used = async () => (await renderCreditsUsed(db, { ownerId, now: new Date() })).used;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Looks for an announcement: 600 looks 50 ms apart (30 s; it was 5 s, short on a loaded CI machine). */
  const LOOKS = 600;
  const deps = (now = () => new Date()) => ({ bus, db, logger, now });

  it('fails a render claimed by its last delivery whose lease ran out, once: render-crashed, credits back, render.failed and the notice', async () => {
    const before = await used();
    const dead = await insertRenderWithinCredits(db, render());
    const earlier = await insertRenderWithinCredits(db, render()); // deliveries left: the bus brings it back
    const alive = await insertRenderWithinCredits(db, render()); // its worker renews the lease
    await claimRender(db, dead.id, { attempt: 3, maxAttempts: 3, leaseMs: 1 });
    await claimRender(db, earlier.id, { attempt: 2, maxAttempts: 3, leaseMs: 1 });
    await claimRender(db, alive.id, { attempt: 3, maxAttempts: 3, leaseMs: 60_000 });
    expect(await used()).toBe(before + 3);
    await pause(20);

    expect(await failAbandonedRenders(deps(), 100)).toBe(1);
    expect(await getRenderById(db, dead.id)).toMatchObject({
      state: 'failed',
      error: { slug: 'render-crashed', status: 500 },
      completedAt: expect.any(Date),
    });
    for (const id of [earlier.id, alive.id]) expect((await getRenderById(db, id))?.state).toBe('rendering');
    expect(await used()).toBe(before + 2);
    // A second pass finds nothing: settled once.
    expect(await failAbandonedRenders(deps(), 100)).toBe(0);

    for (let i = 0; i < LOOKS && !failed.some((e) => e.data.renderId === dead.id); i++) await pause(50);
    await pause(500);
    expect(failed.filter((e) => e.data.renderId === dead.id)).toEqual([
      {
        event: 'render.failed',
        timestamp: expect.any(String),
        ownerId,
        data: {
          type: 'image',
          templateId: 'tpl_sweep',
          error: expect.stringContaining('renderer stopped on every attempt'),
          errorCode: 'RENDER_CRASHED',
          renderId: dead.id,
          userId: ownerId,
        },
      },
    ]);
    expect(notices.filter((n) => n.renderId === dead.id)).toEqual([
      expect.objectContaining({ status: 'failed', problem: expect.objectContaining({ slug: 'render-crashed' }) }),
    ]);
  });

  it('fails a render stranded in rendering once no delivery can be left, once; never a queued one, a live one, or before the bound', async () => {
    // An owner of its own: the other tests' rows (an earlier delivery's claim) are stranded too by the clock used here.
    const strandedOwner = (await createAccount(db, { name: `stranded-${Date.now()}`, plan: 'enterprise' })).id;
    const mine = () => render({ ownerId: strandedOwner, accountId: strandedOwner });
    const strandedUsed = async () => (await renderCreditsUsed(db, { ownerId: strandedOwner, now: new Date() })).used;
    // Its later deliveries could not record their claim (the database was down then): attempt 1 of 3 stays, lease lapsed.
    const unclaimed = await insertRenderWithinCredits(db, mine());
    await claimRender(db, unclaimed.id, { attempt: 1, maxAttempts: 3, leaseMs: 1 });
    // Claimed by a worker from before migration 0017, as it left the row: no lease, no maximum.
    const preLease = await insertRenderWithinCredits(db, mine());
    await db.rows({ text: "UPDATE renders SET state = 'rendering', started_at = now() WHERE id = $1" }, [preLease.id]);
    // Never claimed: a queued render is the bus's to deliver, however old.
    const queued = await insertRenderWithinCredits(db, mine());
    // A live worker of an earlier delivery renews its lease: still its own at the sweep's clock.
    const alive = await insertRenderWithinCredits(db, mine());
    await claimRender(db, alive.id, { attempt: 1, maxAttempts: 3, leaseMs: STRANDED_RENDER_SILENCE_MS + 120_000 });
    expect(await strandedUsed()).toBe(4);
    await pause(20);
    const ids = [unclaimed.id, preLease.id, queued.id, alive.id];
    const states = async () => Promise.all(ids.map(async (id) => (await getRenderById(db, id))?.state));

    // Deliveries may still come until the bound: nothing is stranded yet.
    await failAbandonedRenders(
      deps(() => new Date(Date.now() + STRANDED_RENDER_SILENCE_MS - 5_000)),
      100,
    );
    expect(await states()).toEqual(['rendering', 'rendering', 'queued', 'rendering']);

    const later = () => new Date(Date.now() + STRANDED_RENDER_SILENCE_MS + 1_000);
    expect(await failAbandonedRenders(deps(later), 100)).toBeGreaterThanOrEqual(2);
    expect(await states()).toEqual(['failed', 'failed', 'queued', 'rendering']);
    for (const id of [unclaimed.id, preLease.id]) {
      expect(await getRenderById(db, id)).toMatchObject({ error: { slug: 'render-crashed', status: 500 }, completedAt: expect.any(Date) });
    }
    expect(await strandedUsed()).toBe(2);
    // Settled once: a second pass finds nothing, and a delivery that comes after all finds the render failed.
    expect(await failAbandonedRenders(deps(later), 100)).toBe(0);
    expect(await claimRender(db, unclaimed.id, { attempt: 2, maxAttempts: 3, leaseMs: 60_000 })).toBe('failed');

    const announced = () => failed.filter((e) => e.data.renderId === unclaimed.id || e.data.renderId === preLease.id);
    for (let i = 0; i < LOOKS && announced().length < 2; i++) await pause(50);
    await pause(500);
    expect(
      announced()
        .map((e) => [e.data.renderId, e.data.errorCode])
        .sort(),
    ).toEqual(
      [
        [unclaimed.id, 'RENDER_CRASHED'],
        [preLease.id, 'RENDER_CRASHED'],
      ].sort(),
    );
    expect(notices.filter((n) => n.renderId === unclaimed.id || n.renderId === preLease.id)).toHaveLength(2);
  });

  it('withdraws a queued row whose gateway never confirmed its publish, after the grace only; credits back; never a confirmed or claimed one', async () => {
    const before = await used();
    const orphan = await insertRenderWithinCredits(db, render({ publishPending: true }));
    const claimed = await insertRenderWithinCredits(db, render({ publishPending: true }));
    const batchItem = await insertRenderWithinCredits(db, render()); // producers that record publishing elsewhere
    await claimRender(db, claimed.id, { attempt: 1, maxAttempts: 3, leaseMs: 60_000 });
    expect(await used()).toBe(before + 3);

    // Within the grace its gateway may still be publishing.
    expect(await withdrawUnpublishedRenders(deps(), 100)).toBe(0);
    const later = () => new Date(Date.now() + UNPUBLISHED_RENDER_GRACE_MS + 1_000);
    expect(await withdrawUnpublishedRenders(deps(later), 100)).toBe(1);
    expect(await getRenderById(db, orphan.id)).toBeNull();
    expect((await getRenderById(db, claimed.id))?.state).toBe('rendering');
    expect((await getRenderById(db, batchItem.id))?.state).toBe('queued');
    expect(await used()).toBe(before + 2);
    expect(await withdrawUnpublishedRenders(deps(later), 100)).toBe(0);
  });
  it('fails a render queued past the longest wait with no delivery claiming it, once: service-unavailable, credits back, announced; never a newer, unconfirmed or claimed one', async () => {
    const waitingOwner = (await createAccount(db, { name: `never-taken-${Date.now()}`, plan: 'enterprise' })).id;
    const mine = (overrides: Partial<NewRender> = {}) => render({ ownerId: waitingOwner, accountId: waitingOwner, ...overrides });
    const waitingUsed = async () => (await renderCreditsUsed(db, { ownerId: waitingOwner, now: new Date() })).used;
    // Every delivery of its command failed its claim (the database unreachable from the renderers throughout).
    const neverTaken = await insertRenderWithinCredits(db, mine());
    const unconfirmed = await insertRenderWithinCredits(db, mine({ publishPending: true })); // the withdrawal's, not this sweep's
    const claimed = await insertRenderWithinCredits(db, mine());
    await claimRender(db, claimed.id, { attempt: 1, maxAttempts: 3, leaseMs: QUEUED_RENDER_MAX_WAIT_MS * 2 });
    expect(await waitingUsed()).toBe(3);
    await pause(20);

    // A day is far beyond any backlog: until then the render is the bus's to deliver.
    expect(
      await failNeverTakenRenders(
        deps(() => new Date(Date.now() + QUEUED_RENDER_MAX_WAIT_MS - 60_000)),
        100,
      ),
    ).toBe(0);
    const later = () => new Date(Date.now() + QUEUED_RENDER_MAX_WAIT_MS + 1_000);
    expect(await failNeverTakenRenders(deps(later), 100)).toBeGreaterThanOrEqual(1);
    expect(await getRenderById(db, neverTaken.id)).toMatchObject({
      state: 'failed',
      error: {
        slug: 'service-unavailable',
        status: 503,
        detail: expect.stringMatching(/^No renderer took this render: it waited in the render queue for more than a day/),
      },
    });
    expect((await getRenderById(db, unconfirmed.id))?.state).toBe('queued');
    expect((await getRenderById(db, claimed.id))?.state).toBe('rendering');
    expect(await waitingUsed()).toBe(2);
    // Once: a second pass finds nothing of it, and a delivery that comes after all finds the render failed.
    await failNeverTakenRenders(deps(later), 100);
    expect(await claimRender(db, neverTaken.id, { attempt: 1, maxAttempts: 3, leaseMs: 60_000 })).toBe('failed');
    for (let i = 0; i < LOOKS && !failed.some((e) => e.data.renderId === neverTaken.id); i++) await pause(50);
    await pause(300);
    expect(failed.filter((e) => e.data.renderId === neverTaken.id).map((e) => e.data.errorCode)).toEqual(['SERVICE_UNAVAILABLE']);
    expect(notices.filter((n) => n.renderId === neverTaken.id)).toHaveLength(1);
  });

  it('with a bus kept in this process, fails at once a queued render whose command went out before that bus started (an earlier run), not a later one', async () => {
    const earlierRun = await insertRenderWithinCredits(db, render());
    await pause(20);
    const inProcessBusSince = new Date();
    await pause(20);
    const thisRun = await insertRenderWithinCredits(db, render());
    expect(await failNeverTakenRenders({ ...deps(), inProcessBusSince }, 100)).toBeGreaterThanOrEqual(1);
    expect(await getRenderById(db, earlierRun.id)).toMatchObject({
      state: 'failed',
      error: { slug: 'service-unavailable', detail: expect.stringContaining('the server stopped before a renderer took it') },
    });
    expect((await getRenderById(db, thisRun.id))?.state).toBe('queued');
  });
});
