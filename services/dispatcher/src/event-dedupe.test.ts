import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryBus, type Bus } from '@pressroom/bus';
import { CATALOG, newId } from '@pressroom/contracts';
import { createSecretBox, insertWebhookSubscription, listWebhookDeliveries, openDatabase, type Db } from '@pressroom/db';
import { createOwnerCaches, type OwnerCaches } from '@pressroom/service-runner';
import { createSsrfGuard } from '@pressroom/ssrf';
import { createLogger } from '@pressroom/telemetry';
import { createTestDatabase, waitFor } from '@pressroom/testing';
import { completedEvent } from '@pressroom/testing/events';
import { startDispatcher, type Dispatcher } from './index.js';

const HOST = '127.0.0.2';
const secretBox = createSecretBox('dispatcher-dedupe-key-0123456789abcdef');
const logger = createLogger({ service: 'dispatcher-dedupe-test', level: 'silent' });

/**
 * A render's event can be announced again: a renderer whose delivery is retried after a bus blip sends
 * `render.completed` anew under the same message id (docs/adr/0064). The bus drops the repeat within
 * its de-duplication window; past it (here a window of 50 ms) the dispatcher's own de-duplication by
 * event id must hold: one webhook delivery, one POST to the receiver, on either database.
 */
describe.each(['pglite', 'postgres'] as const)('the dispatcher delivers an event announced twice once (%s)', (engine) => {
  let bus: Bus;
  let db: Db;
  let owners: OwnerCaches;
  let dispatcher: Dispatcher;
  let server: Server;
  let drop: (() => Promise<void>) | undefined;
  const posts: string[] = [];

  beforeAll(async () => {
    if (engine === 'postgres') {
      const database = await createTestDatabase();
      drop = database.drop;
      db = await openDatabase({ url: database.url });
    } else {
      db = await openDatabase({});
    }
    bus = createMemoryBus({ logger, dedupeWindowMs: 50 });
    owners = createOwnerCaches({ bus, logger });
    await owners.listen();
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        posts.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
    dispatcher = await startDispatcher({
      bus,
      db,
      owners,
      secretBox,
      logger,
      guard: createSsrfGuard({ allowPrivateHosts: [`${HOST}/32`] }),
      retryScheduleMs: [60_000],
      timeoutMs: 2_000,
      pollMs: 20,
    });
  }, 60_000);
  afterAll(async () => {
    await dispatcher.stop();
    await owners.stop();
    await bus.close({ graceMs: 0 });
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.close();
    await drop?.();
  });

  it('enqueues and sends one delivery for two render.completed with one message id, even past the bus window', async () => {
    const ownerId = newId('acc');
    const { port } = server.address() as AddressInfo;
    const sub = await insertWebhookSubscription(db, {
      uid: newId('whk'),
      ownerId,
      accountId: ownerId,
      event: 'render.completed',
      targetUrl: `http://${HOST}:${port}/hook`,
      platform: 'custom',
      secretCiphertext: secretBox.seal('whsec_dedupe'),
    });
    const renderId = newId('img');
    const event = completedEvent(ownerId, renderId);
    expect((await bus.emit(CATALOG.renderCompleted, event, { msgId: `${renderId}:completed` })).duplicate).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Past the window the bus takes the repeat as a new message: the dispatcher sees the event twice.
    expect((await bus.emit(CATALOG.renderCompleted, event, { msgId: `${renderId}:completed` })).duplicate).toBe(false);

    await waitFor(() => posts.some((p) => p.includes(renderId)), 'the webhook post');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(posts.filter((p) => p.includes(renderId))).toHaveLength(1);
    expect(await listWebhookDeliveries(db, { subscriptionUid: sub.uid })).toHaveLength(1);
  });
});
