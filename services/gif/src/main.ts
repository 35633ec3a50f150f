import { loadConfig } from '@pressroom/config';
import { createBus } from '@pressroom/bus';
import { ANIMATION_CAPTURE_FLAGS, BrowserPool } from '@pressroom/browser';
import { openDatabase } from '@pressroom/db';
import { createSsrfGuard } from '@pressroom/ssrf';
import { createStorage } from '@pressroom/storage';
import { createLogger, initTracing, startOpsServer } from '@pressroom/telemetry';
import { gifEnv } from './config.js';
import { startGifService } from './service.js';

/** The GIF renderer as its own process: config → adapters → handler → ops server. */
const env = loadConfig('gif', gifEnv);
initTracing();
const logger = createLogger({ service: 'gif', level: env.LOG_LEVEL });

if (!env.NATS_URL) {
  logger.fatal('NATS_URL is required when the gif service runs as its own process (use `make run` for the embedded mode)');
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
const guard = createSsrfGuard({ allowPrivateHosts: env.PRESSROOM_ALLOW_PRIVATE_HOSTS });
const pool = await BrowserPool.start({
  executablePath: env.CHROMIUM_PATH,
  pages: env.PRESSROOM_GIF_PAGES,
  restartAfter: env.PRESSROOM_BROWSER_RESTART_AFTER,
  queueLimit: env.PRESSROOM_BROWSER_QUEUE_LIMIT,
  renderTimeoutMs: env.PRESSROOM_GIF_TIMEOUT_MS,
  extraArgs: ANIMATION_CAPTURE_FLAGS,
  egressGuard: guard,
  logger,
});
const service = await startGifService({
  bus,
  db,
  storage,
  pool,
  guard,
  logger,
  concurrency: env.PRESSROOM_GIF_PAGES,
  stepTimeoutMs: env.PRESSROOM_RENDER_TIMEOUT_MS,
  gifTimeoutMs: env.PRESSROOM_GIF_TIMEOUT_MS,
});
const ops = await startOpsServer({
  port: env.PORT,
  health: async () => ({
    ...service.health(),
    bus: { ok: bus.healthy() },
    db: { ok: await db.healthy() },
    storage: { ok: await storage.healthy() },
  }),
});
logger.info({ port: env.PORT }, 'gif service ready');

async function shutdown(signal: string): Promise<void> {
  logger.info({ signal }, 'shutting down');
  await service.stop();
  ops.close();
  await pool.close();
  await bus.close();
  await storage.close();
  await db.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
