import { loadConfig } from '@pressroom/config';
import { createBus } from '@pressroom/bus';
import { openDatabase } from '@pressroom/db';
import { createSsrfGuard } from '@pressroom/ssrf';
import { createStorage } from '@pressroom/storage';
import { createLogger, initTracing, startOpsServer } from '@pressroom/telemetry';
import { createVideoRenderer } from '@pressroom/video';
import { videoEnv } from './config.js';
import { startVideoService } from './service.js';

/** The video renderer as its own process: config → adapters → renderer → handler → ops server. */
const env = loadConfig('video', videoEnv);
initTracing();
const logger = createLogger({ service: 'video', level: env.LOG_LEVEL });

if (!env.NATS_URL) {
  logger.fatal('NATS_URL is required when the video service runs as its own process (use `make run` for the embedded mode)');
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
const renderer = await createVideoRenderer({
  browserExecutable: env.CHROMIUM_PATH,
  workDir: env.PRESSROOM_VIDEO_WORK_DIR ?? `${env.PRESSROOM_DATA_DIR}/video`,
  ...(env.PRESSROOM_VIDEO_BUNDLE_DIR ? { bundleCacheDir: env.PRESSROOM_VIDEO_BUNDLE_DIR } : {}),
  timeoutMs: env.PRESSROOM_VIDEO_TIMEOUT_MS,
  concurrency: env.PRESSROOM_VIDEO_CONCURRENCY,
  guard,
  logger,
});
const service = await startVideoService({ bus, db, storage, renderer, logger, concurrency: env.PRESSROOM_VIDEO_CONCURRENCY });
const ops = await startOpsServer({
  port: env.PORT,
  health: async () => ({
    ...service.health(),
    bus: { ok: bus.healthy() },
    db: { ok: await db.healthy() },
    storage: { ok: await storage.healthy() },
  }),
});
logger.info({ port: env.PORT }, 'video service ready');

async function shutdown(signal: string): Promise<void> {
  logger.info({ signal }, 'shutting down');
  await service.stop();
  ops.close();
  await renderer.close();
  await bus.close();
  await storage.close();
  await db.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
