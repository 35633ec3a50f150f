import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { SHUTDOWN_GRACE_MS, commonEnv, portEnv } from '@pressroom/config';
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
      // The stream carries every catalog command (services starting together must not drop each other's); consumers are the declared ones.
      expect(render.config.subjects.sort()).toEqual(['gif', 'image', 'pdf', 'video'].map((kind) => `${namespace}.render.${kind}`));
      const consumers: string[] = [];
      for await (const info of jsm.consumers.list(`${namespace}_RENDER`)) consumers.push(info.name);
      expect(consumers.sort()).toEqual(['gif-renderers', 'video-renderers']);
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

  it('warns about disk storage beside NATS, and /readyz says why storage is not ready, logging it once per change', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const captured = createLogger({ service: 'runner-test', destination: { write: (line: string) => lines.push(JSON.parse(line)) } });
    const definition: ServiceDefinition<z.infer<typeof env>> = {
      name: 'probe',
      env,
      topology: { consumes: [], publishes: [] },
      start: async () => ({ health: () => ({}), stop: async () => {} }),
    };
    const started = await startService(definition, {
      env: serviceEnv(definition, {
        NATS_URL: TEST_NATS_URL,
        DATABASE_URL: database.url,
        PRESSROOM_BUS_NAMESPACE: uniqueNamespace('runner'),
        PRESSROOM_DATA_DIR: dataDir,
        PRESSROOM_STORAGE: 'disk',
      }),
      logger: captured,
    });
    try {
      expect(lines.find((line) => line.level === 40)?.msg).toMatch(/^NATS_URL is set but PRESSROOM_STORAGE=disk: each process keeps/);
      const readyz = `http://127.0.0.1:${(started.ops!.address() as { port: number }).port}/readyz`;
      await rm(join(dataDir, 'files'), { recursive: true, force: true });
      for (let probe = 0; probe < 2; probe++) {
        const answer = await fetch(readyz);
        expect(answer.status).toBe(503);
        const { components } = (await answer.json()) as { components: Record<string, Record<string, unknown>> };
        expect(components.storage).toEqual({
          ok: false,
          kind: 'disk',
          reason: expect.stringMatching(/^the files directory cannot be read and written: ENOENT/),
        });
      }
      expect(lines.filter((line) => line.msg === 'storage is not ready')).toHaveLength(1);
    } finally {
      await started.close();
    }
  });

  it('with PRESSROOM_MIGRATE=off, refuses to start on a database behind this release, saying how to migrate it', async () => {
    const fresh = await createTestDatabase();
    try {
      const definition: ServiceDefinition<z.infer<typeof env>> = {
        name: 'probe',
        env,
        topology: { consumes: [], publishes: [] },
        start: () => Promise.reject(new Error('must not start')),
      };
      const options = { NATS_URL: TEST_NATS_URL, DATABASE_URL: fresh.url, PRESSROOM_MIGRATE: 'off', PRESSROOM_DATA_DIR: dataDir };
      await expect(startService(definition, { env: serviceEnv(definition, options), logger })).rejects.toThrow(
        /^the database schema is behind this release: \d+ migrations pending \(0000_init, [\s\S]*make migrate/,
      );
    } finally {
      await fresh.drop();
    }
  });

  it('on close, answers not ready at once and gives the service its drain grace (PRESSROOM_SHUTDOWN_GRACE_MS, else its own default)', async () => {
    const given: Array<number | undefined> = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const definition = (name: string): ServiceDefinition<z.infer<typeof env>> => ({
      name,
      env,
      topology: { consumes: [], publishes: [] },
      async start() {
        return {
          health: () => ({ probe: { ok: true } }),
          async stop(options) {
            given.push(options?.graceMs);
            await held; // the renders in flight, still finishing
          },
        };
      },
    });
    const settings = {
      NATS_URL: TEST_NATS_URL,
      DATABASE_URL: database.url,
      PRESSROOM_BUS_NAMESPACE: uniqueNamespace('runner'),
      PRESSROOM_DATA_DIR: dataDir,
    };
    // The defaults, one per service kind, as the Kubernetes manifests' grace periods (docs/adr/0068).
    const gif = await startService(definition('gif'), { env: serviceEnv(definition('gif'), settings), logger });
    expect(gif.graceMs).toBe(SHUTDOWN_GRACE_MS.gif);
    expect(SHUTDOWN_GRACE_MS).toMatchObject({ image: 50_000, pdf: 50_000, gif: 140_000, video: 320_000, gateway: 320_000 });

    const image = await startService(definition('image'), {
      env: serviceEnv(definition('image'), { ...settings, PRESSROOM_SHUTDOWN_GRACE_MS: '1234' }),
      logger,
    });
    expect(image.graceMs).toBe(1_234);
    const port = (image.ops!.address() as { port: number }).port;
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    const closing = image.close();
    // Draining: still alive, no longer ready.
    const readyz = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(readyz.status).toBe(503);
    expect(((await readyz.json()) as { components: Record<string, unknown> }).components.shutdown).toEqual({ ok: false, draining: true });
    expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
    release();
    await closing;
    await gif.close();
    expect(given).toEqual([1_234, SHUTDOWN_GRACE_MS.gif]);
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
