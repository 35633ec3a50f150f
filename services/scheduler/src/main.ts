import { createSecretBox } from '@pressroom/db';
import { runService } from '@pressroom/service-runner';
import { schedulerEnv } from './config.js';
import { startScheduler } from './service.js';
import { schedulerTopology } from './topology.js';

/** The batch scheduler (and binding refresher) as its own process. */
await runService({
  name: 'scheduler',
  env: schedulerEnv,
  topology: schedulerTopology,
  requirements: (env) =>
    env.PUBLIC_BASE_URL ? [] : ['PUBLIC_BASE_URL is required: the gateway address that serves rendered files (/files/...)'],
  async start({ env, bus, db, storage, customStorage, owners, guard, logger }) {
    // Bindings need the key the gateway sealed their credentials with; without it the scheduler runs batches only.
    if (!env.PRESSROOM_SECRET_KEY) logger.warn('PRESSROOM_SECRET_KEY is unset: bindings are not refreshed by this scheduler');
    return startScheduler({
      bus,
      db,
      storage,
      owners,
      logger,
      publicBaseUrl: env.PUBLIC_BASE_URL!,
      pollMs: env.PRESSROOM_BATCH_POLL_MS,
      retentionMs: env.PRESSROOM_BATCH_RETENTION,
      auditRetentionDays: env.PRESSROOM_AUDIT_RETENTION_DAYS,
      renderRetention: { byPlanMs: env.PRESSROOM_RENDER_RETENTION, sweepMs: env.PRESSROOM_RENDER_RETENTION_SWEEP_MS, customStorage },
      bindings: env.PRESSROOM_SECRET_KEY
        ? {
            guard,
            secretBox: createSecretBox(env.PRESSROOM_SECRET_KEY),
            pollMs: env.PRESSROOM_BINDING_POLL_MS,
            maxBytes: env.PRESSROOM_BINDING_MAX_BYTES,
            fetchTimeoutMs: env.PRESSROOM_BINDING_FETCH_TIMEOUT_MS,
          }
        : undefined,
    });
  },
});
