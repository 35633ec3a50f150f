import { ANIMATION_CAPTURE_FLAGS, BrowserPool, poolOptionsFromEnv } from '@pressroom/browser';
import { runService } from '@pressroom/service-runner';
import { gifEnv } from './config.js';
import { startGifService } from './service.js';
import { gifTopology } from './topology.js';

/** The GIF renderer as its own process. */
await runService({
  name: 'gif',
  env: gifEnv,
  topology: gifTopology,
  async start({ env, bus, db, storage, customStorage, guard, logger }) {
    const pool = await BrowserPool.start({
      ...poolOptionsFromEnv(env),
      pages: env.PRESSROOM_GIF_PAGES,
      renderTimeoutMs: env.PRESSROOM_GIF_TIMEOUT_MS,
      extraArgs: ANIMATION_CAPTURE_FLAGS,
      egressGuard: guard,
      logger,
      metricsName: 'gif',
    });
    const service = await startGifService({
      bus,
      db,
      storage,
      customStorage,
      pool,
      guard,
      logger,
      concurrency: env.PRESSROOM_GIF_PAGES,
      stepTimeoutMs: env.PRESSROOM_RENDER_TIMEOUT_MS,
      gifTimeoutMs: env.PRESSROOM_GIF_TIMEOUT_MS,
    });
    return {
      health: () => service.health(),
      async stop() {
        await service.stop();
        await pool.close();
      },
    };
  },
});
