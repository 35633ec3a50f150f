import { loadConfig } from '@pressroom/config';
import { createBus } from '@pressroom/bus';
import { createSecretBox, openDatabase } from '@pressroom/db';
import { createSsrfGuard } from '@pressroom/ssrf';
import { createLogger, initTracing, startOpsServer } from '@pressroom/telemetry';
import { dispatcherEnv } from './config.js';
import { startDispatcher } from './service.js';

/** The webhook dispatcher as its own process: config → adapters → event consumers and sender → ops server. */
const env = loadConfig('dispatcher', dispatcherEnv);
initTracing();
const logger = createLogger({ service: 'dispatcher', level: env.LOG_LEVEL });

if (!env.NATS_URL) {
  logger.fatal('NATS_URL is required when the dispatcher runs as its own process (use `make run` for the embedded mode)');
  process.exit(1);
}
if (!env.PRESSROOM_SECRET_KEY) {
  logger.fatal('PRESSROOM_SECRET_KEY is required: the key the gateway sealed the signing secrets with (the same value on every service)');
  process.exit(1);
}

const bus = await createBus({ natsUrl: env.NATS_URL, namespace: env.PRESSROOM_BUS_NAMESPACE, logger });
const db = await openDatabase({ url: env.DATABASE_URL, dataDir: `${env.PRESSROOM_DATA_DIR}/pglite` });
const guard = createSsrfGuard({ allowPrivateHosts: env.PRESSROOM_ALLOW_PRIVATE_HOSTS });
const dispatcher = await startDispatcher({
  bus,
  db,
  guard,
  secretBox: createSecretBox(env.PRESSROOM_SECRET_KEY),
  logger,
  retryScheduleMs: env.PRESSROOM_WEBHOOK_RETRY_SCHEDULE,
  timeoutMs: env.PRESSROOM_WEBHOOK_TIMEOUT_MS,
  pollMs: env.PRESSROOM_WEBHOOK_POLL_MS,
});
const ops = await startOpsServer({
  port: env.PORT,
  health: async () => ({ ...dispatcher.health(), bus: { ok: bus.healthy() }, db: { ok: await db.healthy() } }),
});
logger.info({ port: env.PORT }, 'dispatcher ready');

async function shutdown(signal: string): Promise<void> {
  logger.info({ signal }, 'shutting down');
  await dispatcher.stop();
  ops.close();
  await bus.close();
  await db.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
