import { loadConfig } from '@pressroom/config';
import { createBus } from '@pressroom/bus';
import { createSecretBox, openDatabase } from '@pressroom/db';
import { createSsrfGuard } from '@pressroom/ssrf';
import { createStorage } from '@pressroom/storage';
import { createLogger, initTracing, startOpsServer } from '@pressroom/telemetry';
import { schedulerEnv } from './config.js';
import { startScheduler } from './service.js';

/** The batch scheduler as its own process: config → adapters → scheduler → ops server. */
const env = loadConfig('scheduler', schedulerEnv);
initTracing();
const logger = createLogger({ service: 'scheduler', level: env.LOG_LEVEL });

if (!env.NATS_URL) {
  logger.fatal('NATS_URL is required when the scheduler runs as its own process (use `make run` for the embedded mode)');
  process.exit(1);
}
if (!env.PUBLIC_BASE_URL) {
  logger.fatal('PUBLIC_BASE_URL is required: the gateway address that serves rendered files (/files/...)');
  process.exit(1);
}

const bus = await createBus({ natsUrl: env.NATS_URL, namespace: env.PRESSROOM_BUS_NAMESPACE, logger });
const db = await openDatabase({ url: env.DATABASE_URL, dataDir: `${env.PRESSROOM_DATA_DIR}/pglite` });
const storage = await createStorage({
  kind: env.PRESSROOM_STORAGE,
  dir: `${env.PRESSROOM_DATA_DIR}/files`,
  natsUrl: env.NATS_URL,
  bucket: env.PRESSROOM_STORAGE_BUCKET,
  namespace: env.PRESSROOM_BUS_NAMESPACE,
});
const scheduler = await startScheduler({
  bus,
  db,
  storage,
  logger,
  publicBaseUrl: env.PUBLIC_BASE_URL,
  pollMs: env.PRESSROOM_BATCH_POLL_MS,
  retentionMs: env.PRESSROOM_BATCH_RETENTION,
  // Bindings need the key the gateway sealed their credentials with; without it the scheduler runs batches only.
  bindings: env.PRESSROOM_SECRET_KEY
    ? {
        guard: createSsrfGuard({ allowPrivateHosts: env.PRESSROOM_ALLOW_PRIVATE_HOSTS }),
        secretBox: createSecretBox(env.PRESSROOM_SECRET_KEY),
        pollMs: env.PRESSROOM_BINDING_POLL_MS,
        maxBytes: env.PRESSROOM_BINDING_MAX_BYTES,
        fetchTimeoutMs: env.PRESSROOM_BINDING_FETCH_TIMEOUT_MS,
      }
    : undefined,
});
if (!env.PRESSROOM_SECRET_KEY) logger.warn('PRESSROOM_SECRET_KEY is unset: bindings are not refreshed by this scheduler');
const ops = await startOpsServer({
  port: env.PORT,
  health: async () => ({
    ...scheduler.health(),
    bus: { ok: bus.healthy() },
    db: { ok: await db.healthy() },
    storage: { ok: await storage.healthy() },
  }),
});
logger.info({ port: env.PORT }, 'scheduler ready');

async function shutdown(signal: string): Promise<void> {
  logger.info({ signal }, 'shutting down');
  await scheduler.stop();
  ops.close();
  await bus.close();
  await storage.close();
  await db.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
