import { createSecretBox } from '@pressroom/db';
import { runService } from '@pressroom/service-runner';
import { dispatcherEnv } from './config.js';
import { startDispatcher } from './service.js';
import { dispatcherTopology } from './topology.js';

/** The webhook dispatcher as its own process. */
await runService({
  name: 'dispatcher',
  env: dispatcherEnv,
  topology: dispatcherTopology,
  requirements: (env) =>
    env.PRESSROOM_SECRET_KEY
      ? []
      : ['PRESSROOM_SECRET_KEY is required: the key the gateway sealed the signing secrets with (the same value on every service)'],
  async start({ env, bus, db, guard, owners, logger }) {
    return startDispatcher({
      bus,
      db,
      guard,
      owners,
      secretBox: createSecretBox(env.PRESSROOM_SECRET_KEY!),
      logger,
      retryScheduleMs: env.PRESSROOM_WEBHOOK_RETRY_SCHEDULE,
      timeoutMs: env.PRESSROOM_WEBHOOK_TIMEOUT_MS,
      pollMs: env.PRESSROOM_WEBHOOK_POLL_MS,
    });
  },
});
