import type { RenderCompletedEvent, RenderFailedEvent, RenderOutcome } from '@pressroom/contracts';
import { createMemoryBus, createNatsBus, type Bus, type Delivery } from '@pressroom/bus';
import { getRenderById, listAbandonedRenders, openDatabase, type Db } from '@pressroom/db';
import type { Storage } from '@pressroom/storage';
import { createLogger } from '@pressroom/telemetry';
import { TEST_NATS_URL, createTestDatabase, uniqueNamespace } from '@pressroom/testing';
import { renderJobHandler, type RenderJobDeps, type RenderedFile } from './index.js';
import { factsOfRow, failRenderOnce, renderCrashedProblem } from './settle-render.js';
import { commandSubjects, queuedRender, RenderCommand as Command } from './test-support/render-commands.js';
import { poller, recordRenders } from './test-support/render-outcomes.js';
import { tempDiskStorage } from './test-support/temp-storage.js';

const logger = createLogger({ service: 'render-settle-test', level: 'silent' });

const subject = commandSubjects(Command, { prefix: 'rwsettle', stream: 'RWSETTLE', ackWaitMs: 1_000 });
const until = poller({ timeoutMs: 15_000, everyMs: 20 });

const file = (text: string): RenderedFile => ({ bytes: Buffer.from(text), contentType: 'text/plain', width: 10, height: 20, details: {} });

/**
 * How a render ends when the bus or a worker fails half-way, on both transports and databases: an
 * announcement lost after the row was done goes out with the redelivery (webhooks fire once), and a
 * render settled by someone else while its worker stalled is announced one way only.
 */
describe.each(['memory+pglite', 'nats+postgres'] as const)('the render lifecycle settles each render once (%s)', (flavour) => {
  let bus: Bus;
  let db: Db;
  let storage: Storage;
  let removeStorage: () => Promise<void>;
  let dropDatabase: (() => Promise<void>) | undefined;
  const namespace = uniqueNamespace('rws');
  const outcomes = new Map<string, RenderOutcome[]>();
  const completed: RenderCompletedEvent[] = [];
  const failed: RenderFailedEvent[] = [];

  const newBus = () =>
    flavour === 'nats+postgres'
      ? createNatsBus({ url: TEST_NATS_URL, namespace, logger })
      : Promise.resolve(createMemoryBus({ namespace, logger }));

  beforeAll(async () => {
    bus = await newBus();
    if (flavour === 'nats+postgres') {
      const database = await createTestDatabase();
      dropDatabase = database.drop;
      db = await openDatabase({ url: database.url });
    } else {
      db = await openDatabase({});
    }
    ({ storage, remove: removeStorage } = await tempDiskStorage('render-settle-'));
    await recordRenders(bus, { outcomes, events: { completed, failed, group: 'rws-test' } });
  }, 60_000);

  afterAll(async () => {
    await bus.close({ graceMs: 0 });
    await db.close();
    await dropDatabase?.();
    await removeStorage();
  });

  const newRender = () => queuedRender(db, { width: 10, height: 20, extension: 'txt' });
  const deps = (outbound: Bus): RenderJobDeps => ({ bus: outbound, db, storage, logger });
  const completionsOf = (id: string) => completed.filter((e) => e.data.imageId === id);
  const failuresOf = (id: string) => failed.filter((e) => e.data.renderId === id);
  /** Time for a duplicate event or notice to arrive if one were sent. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

  it('announces on the redelivery a render whose announcement was lost after its row was done: render.completed once, rendered once', async () => {
    const s = subject();
    await bus.ensure([s]);
    // Delivery 1 runs in a renderer whose connection to the bus broke as it finished; the redelivery in a healthy one.
    const broken = await newBus();
    await broken.close({ graceMs: 0 });
    const renders: string[] = [];
    const spec = {
      kind: 'image' as const,
      subject: s,
      inputs: () => [],
      render: async (c: Command) => (renders.push(c.renderId), file('bytes')),
    };
    const beforeBlip = renderJobHandler(deps(broken), spec);
    const healthy = renderJobHandler(deps(bus), spec);
    const subscription = await bus.consume(s, (d: Delivery<Command>) => (d.deliveryCount === 1 ? beforeBlip(d) : healthy(d)));
    const command = await newRender();
    await bus.publish(s, command, { msgId: command.renderId });

    const event = await until(() => completionsOf(command.renderId)[0]);
    expect(event.data).toMatchObject({
      imageId: command.renderId,
      url: command.output.url,
      type: 'image',
      source: 'html',
      userId: 'acc_1',
    });
    expect((await until(() => outcomes.get(command.renderId)?.[0])).status).toBe('done');
    await settle();
    expect(completionsOf(command.renderId)).toHaveLength(1);
    expect(renders).toEqual([command.renderId]);
    expect(await getRenderById(db, command.renderId)).toMatchObject({ state: 'done', url: command.output.url });
    await subscription.stop();
  });

  it('a worker back after its render was failed for it (the sweep) announces that failure, never a completion, and drops its file', async () => {
    const s = subject({ maxDeliver: 1 });
    await bus.ensure([s]);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    const handler = renderJobHandler(deps(bus), {
      kind: 'image',
      subject: s,
      inputs: () => [],
      render: async (c) => {
        started.push(c.renderId);
        await gate;
        return file('late bytes');
      },
    });
    const subscription = await bus.consume(s, handler);
    const command = await newRender();
    await bus.publish(s, command, { msgId: command.renderId });
    await until(() => started[0]);

    // What the scheduler's sweep does to a render whose last worker it takes for dead.
    const row = (await getRenderById(db, command.renderId))!;
    expect(await failRenderOnce({ bus, db }, factsOfRow(row), renderCrashedProblem())).toBe(true);
    release();

    const notices = await until(() => ((outcomes.get(command.renderId)?.length ?? 0) >= 2 ? outcomes.get(command.renderId) : undefined));
    expect(notices.map((o) => o.status)).toEqual(['failed', 'failed']);
    expect(notices[1]).toMatchObject({ problem: { slug: 'render-crashed', status: 500 } });
    await settle();
    expect(completionsOf(command.renderId)).toHaveLength(0);
    expect(failuresOf(command.renderId).map((e) => e.data.errorCode)).toEqual(['RENDER_CRASHED']);
    expect(await getRenderById(db, command.renderId)).toMatchObject({ state: 'failed', url: null, error: { slug: 'render-crashed' } });
    expect(await storage.get(command.output.storageKey)).toBeNull();
    await subscription.stop();
  });

  it('records the claiming delivery and renews the lease while the render runs: a render outliving its lease is never abandoned', async () => {
    const s = subject({ ackWaitMs: 400, maxDeliver: 1 });
    await bus.ensure([s]);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const subscription = await bus.consume(
      s,
      renderJobHandler(deps(bus), {
        kind: 'image',
        subject: s,
        inputs: () => [],
        render: async () => {
          await gate;
          return file('slow');
        },
      }),
    );
    const command = await newRender();
    await bus.publish(s, command, { msgId: command.renderId });
    const lifecycle = async () =>
      (
        await db.rows<{ attempts: number; maxAttempts: number; leased: boolean }>(
          { text: 'select attempts, max_attempts as "maxAttempts", lease_until > now() as "leased" from renders where id = $1' },
          [command.renderId],
        )
      )[0];
    const expireLease = () =>
      db.rows({ text: "update renders set lease_until = now() - interval '1 second' where id = $1" }, [command.renderId]);
    await until(async () => ((await lifecycle())?.attempts === 1 ? true : undefined));
    // Claimed on its last (only) delivery: the lease is all that says its worker lives.
    expect(await lifecycle()).toEqual({ attempts: 1, maxAttempts: 1, leased: true });
    for (let beat = 0; beat < 3; beat++) {
      await expireLease();
      await until(async () => ((await lifecycle())?.leased ? true : undefined), 'the lease renewed', 2_000);
      expect((await listAbandonedRenders(db, { limit: 1000 })).map((r) => r.id)).not.toContain(command.renderId);
    }
    release();
    expect((await until(() => outcomes.get(command.renderId)?.[0])).status).toBe('done');
    expect(await until(() => completionsOf(command.renderId)[0])).toBeDefined();
    await subscription.stop();
  });
});
