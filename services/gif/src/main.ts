import { poolOptionsFromEnv } from '@pressroom/browser';
import { runService } from '@pressroom/service-runner';
import { gifEnv } from './config.js';
import { startGifRenderer } from './gif-renderer.js';
import { gifTopology } from './topology.js';

/** The GIF renderer as its own process. */
await runService({
  name: 'gif',
  env: gifEnv,
  topology: gifTopology,
  start: ({ env, bus, db, storage, customStorage, guard, logger }) =>
    startGifRenderer(
      { bus, db, storage, customStorage, guard, logger },
      {
        browser: poolOptionsFromEnv(env),
        pages: env.PRESSROOM_GIF_PAGES,
        stepTimeoutMs: env.PRESSROOM_RENDER_TIMEOUT_MS,
        gifTimeoutMs: env.PRESSROOM_GIF_TIMEOUT_MS,
      },
    ),
});
