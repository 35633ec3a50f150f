import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryBus, createNatsBus, type Bus } from '@pressroom/bus';
import { CATALOG, type RenderImageCommand } from '@pressroom/contracts';
import { createAccount, listRenders, openDatabase, renderCreditsUsed, type Db } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { imageCommand } from '@pressroom/render-requests';
import { createDiskStorage, type Storage } from '@pressroom/storage';
import { createLogger } from '@pressroom/telemetry';
import { TEST_NATS_URL, createTestDatabase, startCuttableProxy, uniqueNamespace, waitFor, type CuttableProxy } from '@pressroom/testing';
import type { AuthContext } from '../http/auth.js';
import { submitRender, type RenderSubmission } from './submit-render.js';

const logger = createLogger({ service: 'submit-render-test', level: 'silent' });

/**
 * A render the bus does not take leaves nothing behind (docs/adr/0065): no row, no credit, and the
 * client gets a 503 with Retry-After it can act on. Real parts on both transports and databases: the
 * NATS bus reaches the server through a TCP hop the test cuts; the in-process bus is closed.
 */
describe.each(['memory+pglite', 'nats+postgres'] as const)('submitRender when the bus fails (%s)', (flavour) => {
  let db: Db;
  let storage: Storage;
  let dir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let proxy: CuttableProxy | undefined;
  const buses: Bus[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'submit-render-'));
    storage = await createDiskStorage({ dir });
    if (flavour === 'nats+postgres') {
      const database = await createTestDatabase();
      dropDatabase = database.drop;
      db = await openDatabase({ url: database.url });
      const nats = new URL(TEST_NATS_URL);
      proxy = await startCuttableProxy({ host: nats.hostname, port: Number(nats.port || 4222) });
    } else {
      db = await openDatabase({});
    }
  }, 60_000);
  afterAll(async () => {
    for (const bus of buses) await bus.close({ graceMs: 0 }).catch(() => undefined);
    proxy?.close();
    await db.close();
    await dropDatabase?.();
    await storage.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A working bus for this test, and how to take it down: cut its connection (NATS) or close it (in-process). */
  async function openBus(): Promise<{ bus: Bus; down(): Promise<void>; up(): Promise<void> }> {
    const namespace = uniqueNamespace('submit');
    if (flavour === 'memory+pglite') {
      const bus = createMemoryBus({ namespace, logger });
      buses.push(bus);
      await bus.ensure([CATALOG.renderImage]);
      return { bus, down: () => bus.close({ graceMs: 0 }), up: async () => undefined };
    }
    await proxy!.restore();
    const bus = await createNatsBus({ url: `nats://127.0.0.1:${proxy!.port}`, namespace, logger });
    buses.push(bus);
    await bus.ensure([CATALOG.renderImage]);
    return {
      bus,
      async down() {
        await proxy!.cut();
        // Until the client noticed (it was 100 looks 20 ms apart, ~2 s, after which the test went on regardless).
        await waitFor(() => !bus.healthy(), 'the bus client to notice the cut connection');
      },
      up: () => proxy!.restore(),
    };
  }

  async function caller(): Promise<AuthContext> {
    const account = await createAccount(db, { name: `submit-${flavour}-${Date.now()}-${Math.random()}`, plan: 'pro' });
    return { account, keyId: 'key_test', ownerId: account.ownerId };
  }
  const creditsOf = async (who: AuthContext) => (await renderCreditsUsed(db, { ownerId: who.ownerId, now: new Date() })).used;
  const rowsOf = async (who: AuthContext) => (await listRenders(db, { ownerId: who.ownerId, offset: 0, limit: 10 })).rows;

  function submission(who: AuthContext, beforePublish: () => Promise<void> = async () => undefined): RenderSubmission<RenderImageCommand> {
    return {
      auth: who,
      kind: 'image',
      idPrefix: 'img',
      extension: 'png',
      origin: 'html',
      templateId: null,
      format: 'png',
      width: 40,
      height: 30,
      subject: CATALOG.renderImage,
      async command(envelope) {
        await beforePublish();
        return imageCommand(
          storage,
          {
            origin: 'html',
            templateId: null,
            source: { kind: 'html', html: '<p>hi</p>', jsEnabled: false },
            width: 40,
            height: 30,
            selector: null,
            format: 'png',
            quality: 0.9,
          },
          envelope,
        );
      },
    };
  }
  const deps = (bus: Bus, renderWaitMs = 300) => ({ db, bus, storage, publicBaseUrl: 'http://gateway.test', renderWaitMs });

  async function expectNotAccepted(promise: Promise<unknown>): Promise<void> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProblemError);
    expect(error).toMatchObject({ slug: 'service-unavailable', status: 503, headers: { 'Retry-After': '5' } });
    expect((error as ProblemError).detail).toMatch(/not accepted and nothing was charged/);
  }

  it('refuses with 503 and Retry-After while the bus is down: no row, nothing charged', async () => {
    const who = await caller();
    const { bus, down } = await openBus();
    await down();
    await expectNotAccepted(submitRender(deps(bus), submission(who)));
    expect(await rowsOf(who)).toEqual([]);
    expect(await creditsOf(who)).toBe(0);
  });

  it('withdraws the row and its credit when the bus goes down between the row and the publish', async () => {
    const who = await caller();
    const { bus, down, up } = await openBus();
    let rowsWhilePublishing = -1;
    await expectNotAccepted(
      submitRender(
        deps(bus),
        submission(who, async () => {
          rowsWhilePublishing = (await rowsOf(who)).length;
          await down();
        }),
      ),
    );
    expect(rowsWhilePublishing).toBe(1);
    expect(await rowsOf(who)).toEqual([]);
    expect(await creditsOf(who)).toBe(0);
    await up();
  });

  it('withdraws the row when the command cannot be built, and passes its error on', async () => {
    const who = await caller();
    const { bus } = await openBus();
    const broken = submission(who, async () => {
      throw new Error('storage refused the spilled input');
    });
    await expect(submitRender(deps(bus), broken)).rejects.toThrow('storage refused the spilled input');
    expect(await rowsOf(who)).toEqual([]);
    expect(await creditsOf(who)).toBe(0);
  });

  it.each([1_500, 300])(
    'confirms the publish in the row of a render still waiting after a moment or when the wait (%i ms) runs out first',
    async (renderWaitMs) => {
      const who = await caller();
      const { bus } = await openBus();
      // Nobody renders here: the wait runs out, and the render stays queued for a renderer to come.
      const wait = await submitRender(deps(bus, renderWaitMs), submission(who));
      expect(wait).toMatchObject({ state: 'pending' });
      // The column the API does not show: without it the scheduler would withdraw a render the bus holds.
      const rows = await db.rows<{ state: string; published: boolean }>(
        { text: 'select state, published_at is not null as published from renders where id = $1' },
        [wait.id],
      );
      expect(rows).toEqual([{ state: 'queued', published: true }]);
      expect(await creditsOf(who)).toBe(1);
    },
  );
});
