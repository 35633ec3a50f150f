import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBus, type Bus } from '@pressroom/bus';
import { CATALOG, newId } from '@pressroom/contracts';
import { createSecretBox, listWebhookDeliveries } from '@pressroom/db';
import { dispatcherTopology, startDispatcher, type Dispatcher } from '@pressroom/dispatcher';
import { runViaAdminSocket, serveAdminSocket } from '@pressroom/gateway';
import { createOwnerCaches, storedSubjects, type OwnerCaches } from '@pressroom/service-runner';
import { createSsrfGuard } from '@pressroom/ssrf';
import { createLogger } from '@pressroom/telemetry';
import { TEST_NATS_URL, uniqueNamespace, waitFor } from '@pressroom/testing';
import { completedEvent } from '@pressroom/testing/events';
import { ALLOWED_HOST, FLAVOURS, startPageServer, startTestStack, type TestStack } from './harness.js';
import { dashboardSession, recordInto, sleep, type Received } from './webhook-support.js';

const SECRET_KEY = 'owner-changes-test-key-0123456789abc';

/**
 * Owner settings changed while other processes keep them in memory (docs/adr/0046): a plan change
 * made the way an operator makes it (the admin CLI, here through the embedded server's admin socket)
 * applies to the very next request; a webhook subscription created, updated, paused, resumed or deleted
 * through the API applies to the very next event in a dispatcher that is another process (its own owner
 * caches, and on NATS its own connection), which learns of it only over the bus.
 */
describe.each(FLAVOURS)('owner settings changed while cached (%s)', (flavour) => {
  let stack: TestStack;
  let dir: string;
  let admin: { close(): Promise<void> };
  let socket: string;
  // The dispatcher "process".
  let dispatcherBus: Bus;
  let dispatcherOwners: OwnerCaches;
  let dispatcher: Dispatcher;
  let receiver: Awaited<ReturnType<typeof startPageServer>>;
  const received: Received[] = [];

  beforeAll(async () => {
    const namespace = uniqueNamespace('owner-changes');
    const logger = createLogger({ service: 'owner-changes-test', level: 'silent' });
    receiver = await startPageServer({ '/witness': recordInto(received, 200), '/watched': recordInto(received, 200) });
    // No renderers needed; a plan cache that would otherwise hold for ten minutes; the dispatcher runs apart.
    stack = await startTestStack(flavour, {
      withImageService: false,
      withDispatcher: false,
      busNamespace: namespace,
      secretKey: SECRET_KEY,
      gateway: { authCacheMs: 600_000 },
    });
    dir = await mkdtemp(join(tmpdir(), 'pressroom-owner-changes-'));
    socket = join(dir, 'admin.sock');
    admin = await serveAdminSocket({ db: stack.db, path: socket, announce: stack.owners.changed });

    dispatcherBus =
      flavour === 'nats+postgres'
        ? await createBus({ natsUrl: TEST_NATS_URL, namespace, logger, name: 'owner-changes-dispatcher' })
        : stack.bus;
    await dispatcherBus.ensure(storedSubjects(dispatcherTopology));
    dispatcherOwners = createOwnerCaches({ bus: dispatcherBus, logger });
    await dispatcherOwners.listen();
    dispatcher = await startDispatcher({
      bus: dispatcherBus,
      db: stack.db,
      guard: createSsrfGuard({ allowPrivateHosts: [`${ALLOWED_HOST}/32`] }),
      owners: dispatcherOwners,
      secretBox: createSecretBox(SECRET_KEY),
      logger,
      retryScheduleMs: [100],
      timeoutMs: 1_500,
      pollMs: 40,
    });
  }, 120_000);
  afterAll(async () => {
    await dispatcher?.stop();
    await dispatcherOwners?.stop();
    if (dispatcherBus && dispatcherBus !== stack?.bus) await dispatcherBus.close();
    await admin?.close();
    await stack?.dispose();
    await receiver?.close();
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  const policyOf = async (key: string) => {
    const res = await stack.api('/templates', { key });
    expect(res.status).toBe(200);
    return res.headers.get('ratelimit-policy');
  };

  it('applies `accounts plan` to the next request without waiting for the cache', async () => {
    const name = `owner-changes-${flavour.replace(/\W/g, '-')}-${Date.now()}`;
    const { key } = await stack.newAccount(name, { plan: 'pro' });
    const before = await policyOf(key);
    expect(before).toMatch(/^"minute";q=\d+;w=60$/);
    expect(before).not.toBe('"minute";q=7;w=60');

    const reply = await runViaAdminSocket(socket, ['accounts', 'plan', name, 'enterprise', '--per-minute', '7']);
    expect(reply).toMatchObject({ ok: true });
    expect(await policyOf(key)).toBe('"minute";q=7;w=60');
  });

  it('delivers the very next event to a subscription created, updated or resumed, and nothing after a delete or pause', async () => {
    const dash = await dashboardSession(stack.baseUrl, `owner-changes-${flavour.replace(/\W/g, '-')}-${Date.now()}@example.com`);
    const { ownerId } = ((await (await dash('/api/users')).json()) as { user: { ownerId: string } }).user;
    const subscribe = async (path: string) => {
      const res = await dash('/webhook-subscriptions', 'POST', { event: 'render.completed', targetUrl: receiver.url(path) });
      expect(res.status).toBe(201);
      return ((await res.json()) as { subscription: { uid: string } }).subscription.uid;
    };
    const expectOk = async (response: Promise<Response>) => expect((await response).status).toBe(200);
    const got = (path: string, renderId: string) => received.some((r) => r.path === path && r.raw.toString().includes(renderId));
    /**
     * One render.completed of the owner, emitted where a renderer would emit it; resolves once the
     * witness (subscribed throughout) has it: its deliveries are stored by then, in one statement.
     */
    const emit = async (): Promise<string> => {
      const renderId = newId('img');
      await stack.bus.emit(CATALOG.renderCompleted, completedEvent(ownerId, renderId), { msgId: `${renderId}:completed` });
      await waitFor(() => got('/witness', renderId), `the witness's delivery of ${renderId}`);
      return renderId;
    };
    /** Delivered to the watched subscription (soon), or never stored for it. */
    const deliveredTo = async (uid: string, renderId: string) => {
      if (got('/watched', renderId)) return true;
      const stored = (await listWebhookDeliveries(stack.db, { subscriptionUid: uid })).some((d) => d.payload.includes(renderId));
      if (stored) await waitFor(() => got('/watched', renderId), `the delivery of ${renderId}`);
      return stored;
    };

    await subscribe('/witness');
    // The dispatcher now keeps this owner's subscriptions: the witness only.
    await emit();
    expect(dispatcherOwners.webhooks.size).toBeGreaterThan(0);

    const watched = await subscribe('/watched');
    expect(await deliveredTo(watched, await emit())).toBe(true);

    await expectOk(dash(`/webhook-subscriptions/${watched}`, 'PUT', { filters: { type: 'pdf' } }));
    expect(await deliveredTo(watched, await emit())).toBe(false);
    await expectOk(dash(`/webhook-subscriptions/${watched}`, 'PUT', { filters: null }));
    expect(await deliveredTo(watched, await emit())).toBe(true);

    await expectOk(dash(`/webhook-subscriptions/${watched}/pause`, 'POST'));
    expect(await deliveredTo(watched, await emit())).toBe(false);
    await expectOk(dash(`/webhook-subscriptions/${watched}/resume`, 'POST'));
    expect(await deliveredTo(watched, await emit())).toBe(true);

    await expectOk(dash(`/webhook-subscriptions/${watched}`, 'DELETE'));
    const afterDelete = await emit();
    // Its rows went with it (cascade): only the receiver can tell, given the time a send takes.
    await sleep(500);
    expect(got('/watched', afterDelete)).toBe(false);
  });
});
