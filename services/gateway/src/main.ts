import { loadConfig } from '@pressroom/config';
import { createBus } from '@pressroom/bus';
import { CATALOG } from '@pressroom/contracts';
import { createSecretBox, openDatabase } from '@pressroom/db';
import { createSsrfGuard } from '@pressroom/ssrf';
import { createStorage } from '@pressroom/storage';
import { createLogger, initTracing } from '@pressroom/telemetry';
import { createGatewayApp } from './app.js';
import { gatewayEnv, gatewaySettings } from './config.js';

/** The gateway as its own process: config → adapters → HTTP API. */
const env = loadConfig('gateway', gatewayEnv);
initTracing();
const logger = createLogger({ service: 'gateway', level: env.LOG_LEVEL });

if (!env.NATS_URL) {
  logger.fatal('NATS_URL is required when the gateway runs as its own process (use `make run` for the embedded mode)');
  process.exit(1);
}
if (!env.PRESSROOM_SECRET_KEY) {
  logger.fatal('PRESSROOM_SECRET_KEY is required: it seals webhook signing secrets (use the same value on the dispatcher)');
  process.exit(1);
}

const bus = await createBus({ natsUrl: env.NATS_URL, namespace: env.PRESSROOM_BUS_NAMESPACE, logger });
await bus.ensure([CATALOG.renderImage, CATALOG.renderGif, CATALOG.renderPdf, CATALOG.renderCompleted, CATALOG.renderFailed]);
const db = await openDatabase({ url: env.DATABASE_URL, dataDir: `${env.PRESSROOM_DATA_DIR}/pglite` });
const storage = await createStorage({
  kind: env.PRESSROOM_STORAGE,
  dir: `${env.PRESSROOM_DATA_DIR}/files`,
  natsUrl: env.NATS_URL,
  bucket: env.PRESSROOM_STORAGE_BUCKET,
  namespace: env.PRESSROOM_BUS_NAMESPACE,
});
const guard = createSsrfGuard({ allowPrivateHosts: env.PRESSROOM_ALLOW_PRIVATE_HOSTS });

const app = createGatewayApp({
  db,
  bus,
  storage,
  guard,
  logger,
  settings: gatewaySettings(env),
  secretBox: createSecretBox(env.PRESSROOM_SECRET_KEY),
  health: async () => ({ bus: { ok: bus.healthy() }, db: { ok: await db.healthy() }, storage: { ok: await storage.healthy() } }),
});
const server = app.listen(env.PORT, () => logger.info({ port: env.PORT }, 'gateway listening'));

async function shutdown(signal: string): Promise<void> {
  logger.info({ signal }, 'shutting down');
  server.close();
  await bus.close();
  await storage.close();
  await db.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
