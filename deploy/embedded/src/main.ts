import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { poolOptionsFromEnv } from '@pressroom/browser';
import { deploymentWarnings, storageSettings } from '@pressroom/config';
import { ADMIN_SOCKET_NAME, gatewaySettings, serveAdminSocket } from '@pressroom/gateway';
import { closeOnSignal, startProcess } from '@pressroom/service-runner';
import { flushTracing } from '@pressroom/telemetry';
import { embeddedEnv } from './config.js';
import { startStack } from './stack.js';

/**
 * `make run`: every service in one process. With no NATS_URL / DATABASE_URL
 * it uses the in-process bus, PGlite and local disk under PRESSROOM_DATA_DIR.
 */
const { env, logger } = startProcess({ name: 'pressroom', env: embeddedEnv, tracingService: 'embedded' });
const dataDir = resolve(env.PRESSROOM_DATA_DIR);
await mkdir(dataDir, { recursive: true });

for (const warning of deploymentWarnings(env)) logger.warn(warning);
const gateway = gatewaySettings(env);
const storageOptions = storageSettings(env, `${dataDir}/files`);
// A start that cannot happen (a database behind this release with PRESSROOM_MIGRATE=off, an unreachable
// store) is one fatal line naming the cause, as the standalone services print it.
const stack = await startStack({
  port: env.PORT,
  opsPort: env.PRESSROOM_OPS_PORT,
  opsHost: env.PRESSROOM_OPS_HOST,
  host: env.HOST,
  keepAliveMs: env.PRESSROOM_HTTP_KEEPALIVE_MS,
  shutdownGraceMs: env.PRESSROOM_SHUTDOWN_GRACE_MS,
  natsUrl: env.NATS_URL,
  busNamespace: env.PRESSROOM_BUS_NAMESPACE,
  natsReplicas: env.PRESSROOM_NATS_REPLICAS,
  databaseUrl: env.DATABASE_URL,
  migrate: env.PRESSROOM_MIGRATE,
  dataDir,
  filesDir: `${dataDir}/files`,
  storage: env.PRESSROOM_STORAGE,
  storageBucket: env.PRESSROOM_STORAGE_BUCKET,
  s3: storageOptions.s3,
  publicUrls: storageOptions.publicUrls,
  renderRetention: { byPlanMs: env.PRESSROOM_RENDER_RETENTION, sweepMs: env.PRESSROOM_RENDER_RETENTION_SWEEP_MS },
  auditRetentionDays: env.PRESSROOM_AUDIT_RETENTION_DAYS,
  allowPrivateHosts: env.PRESSROOM_ALLOW_PRIVATE_HOSTS,
  publicBaseUrl: env.PUBLIC_BASE_URL,
  errorsBaseUrl: env.PRESSROOM_ERRORS_BASE_URL,
  browser: {
    ...poolOptionsFromEnv(env),
    pngCompression: env.PRESSROOM_PNG_COMPRESSION,
  },
  secretKey: env.PRESSROOM_SECRET_KEY,
  batches: {
    pollMs: env.PRESSROOM_BATCH_POLL_MS,
    retentionMs: env.PRESSROOM_BATCH_RETENTION,
    csvMaxBytes: env.PRESSROOM_BATCH_CSV_MAX_BYTES,
  },
  bindings: {
    pollMs: env.PRESSROOM_BINDING_POLL_MS,
    maxBytes: env.PRESSROOM_BINDING_MAX_BYTES,
    fetchTimeoutMs: env.PRESSROOM_BINDING_FETCH_TIMEOUT_MS,
  },
  webhooks: {
    retryScheduleMs: env.PRESSROOM_WEBHOOK_RETRY_SCHEDULE,
    timeoutMs: env.PRESSROOM_WEBHOOK_TIMEOUT_MS,
    pollMs: env.PRESSROOM_WEBHOOK_POLL_MS,
  },
  gif: { pages: env.PRESSROOM_GIF_PAGES, timeoutMs: env.PRESSROOM_GIF_TIMEOUT_MS },
  pdf: { parallelDocuments: env.PRESSROOM_PDF_PARALLEL_DOCUMENTS },
  withVideoService: true,
  video: {
    timeoutMs: env.PRESSROOM_VIDEO_TIMEOUT_MS,
    mediaMaxBytes: env.PRESSROOM_VIDEO_MEDIA_MAX_BYTES,
    mediaCacheBytes: env.PRESSROOM_VIDEO_MEDIA_CACHE_BYTES,
    ...(env.PRESSROOM_VIDEO_BUNDLE_DIR ? { bundleCacheDir: env.PRESSROOM_VIDEO_BUNDLE_DIR } : {}),
  },
  gateway: {
    maxBodyBytes: gateway.maxBodyBytes,
    renderWaitMs: gateway.renderWaitMs,
    authCacheMs: gateway.authCacheMs,
    urlRenderPerMinute: gateway.urlRenderPerMinute,
    videoWaitMs: gateway.videoWaitMs,
    videoPreviewPerMinute: gateway.videoPreviewPerMinute,
    ...(gateway.previewPerMinute !== undefined ? { previewPerMinute: gateway.previewPerMinute } : {}),
    ai: gateway.ai,
    ...(gateway.dashboard ? { dashboard: gateway.dashboard } : {}),
  },
  logger,
}).catch((error: unknown) => {
  logger.fatal({ err: error }, (error as Error).message);
  process.exit(1);
});
// PGlite belongs to this process: `make key` and the admin CLI reach it through this socket.
const admin = env.DATABASE_URL
  ? null
  : await serveAdminSocket({ db: stack.db, path: `${dataDir}/${ADMIN_SOCKET_NAME}`, announce: stack.owners.changed });
logger.info(
  // The bound addresses, so the log says who can reach each port (the ops port is loopback unless PRESSROOM_OPS_HOST says otherwise).
  {
    port: stack.port,
    api: stack.listening.api,
    ops: stack.listening.ops,
    bus: stack.bus.transport,
    db: stack.db.kind,
    storage: stack.storage.kind,
  },
  `Pressroom API listening on http://localhost:${stack.port}`,
);

// As a standalone service: not ready at once, each part drains within its grace, and a hung close ends the process.
closeOnSignal(
  logger,
  async () => {
    await admin?.close();
    await stack.close();
    await flushTracing();
  },
  { graceMs: stack.graceMs },
);
