import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { commonEnv, portEnv } from '@pressroom/config';
import { CATALOG } from '@pressroom/contracts';
import { createLogger } from '@pressroom/telemetry';
import { createTestDatabase, TEST_NATS_URL, uniqueNamespace } from '@pressroom/testing';
import { z } from 'zod';
import { serviceEnv, startService, type ServiceDefinition } from './run-service.js';

const logger = createLogger({ service: 'runner-test', level: 'silent' });
const env = z.object({ ...commonEnv, ...portEnv(0) });

describe('startService on NATS and PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'runner-'));
  });
  afterAll(async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the declared streams and consumers, serves health, and stops the service before the adapters', async () => {
    const namespace = uniqueNamespace('runner');
    const events: string[] = [];
    const definition: ServiceDefinition<z.infer<typeof env>> = {
      name: 'probe',
      env,
      topology: { consumes: [CATALOG.renderGif], publishes: [CATALOG.renderVideo, CATALOG.renderCompleted] },
      async start({ bus, db }) {
        events.push(`started on ${bus.transport}/${db.kind}`);
        return {
          health: () => ({ probe: { ok: true } }),
          async stop() {
            // The adapters are still open while the service stops (it may ack or write on its way out).
            events.push(`stopped, db ${(await db.healthy()) ? 'open' : 'closed'}`);
          },
        };
      },
    };
    const started = await startService(definition, {
      env: serviceEnv(definition, {
        NATS_URL: TEST_NATS_URL,
        DATABASE_URL: database.url,
        PRESSROOM_BUS_NAMESPACE: namespace,
        PRESSROOM_DATA_DIR: dataDir,
      }),
      logger,
    });
    const port = (started.ops!.address() as { port: number }).port;
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as { components: Record<string, { ok: boolean }> };
    expect(Object.keys(body.components).sort()).toEqual(['bus', 'db', 'probe', 'storage']);

    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      const jsm = await jetstreamManager(nc);
      const render = await jsm.streams.info(`${namespace}_RENDER`);
      expect(render.config.subjects.sort()).toEqual([`${namespace}.render.gif`, `${namespace}.render.video`]);
      const eventStream = await jsm.streams.info(`${namespace}_EVENTS`);
      expect(eventStream.config.subjects).toEqual([`${namespace}.events.>`]);
      const consumer = await jsm.consumers.info(`${namespace}_RENDER`, 'gif-renderers');
      expect(consumer.config.filter_subject).toBe(`${namespace}.render.gif`);
    } finally {
      await nc.close();
    }

    await started.close();
    expect(events).toEqual(['started on nats/postgres', 'stopped, db open']);
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  });

  it('refuses to start without NATS_URL or a requirement, naming each', async () => {
    const definition: ServiceDefinition<z.infer<typeof env>> = {
      name: 'probe',
      env,
      topology: { consumes: [], publishes: [] },
      requirements: () => ['PRESSROOM_SECRET_KEY is required'],
      start: () => Promise.reject(new Error('must not start')),
    };
    await expect(startService(definition, { env: serviceEnv(definition, {}), logger })).rejects.toThrow(
      /NATS_URL is required when the probe service runs as its own process[\s\S]*PRESSROOM_SECRET_KEY is required/,
    );
  });
});
