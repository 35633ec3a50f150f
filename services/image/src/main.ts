import { BrowserPool, poolOptionsFromEnv } from '@pressroom/browser';
import { closingWith } from '@pressroom/render-worker';
import { runService } from '@pressroom/service-runner';
import { imageEnv } from './config.js';
import { startImageService } from './service.js';
import { imageTopology } from './topology.js';

/** The image renderer as its own process. */
await runService({
  name: 'image',
  env: imageEnv,
  topology: imageTopology,
  async start({ env, bus, db, storage, customStorage, guard, logger }) {
    const pool = await BrowserPool.start({
      ...poolOptionsFromEnv(env),
      // Every byte the browser fetches goes through the guard's proxy (no DNS-rebinding window).
      egressGuard: guard,
      logger,
    });
    const service = await startImageService({
      bus,
      db,
      storage,
      customStorage,
      pool,
      guard,
      logger,
      concurrency: env.PRESSROOM_BROWSER_PAGES,
      pngCompression: env.PRESSROOM_PNG_COMPRESSION,
    });
    return closingWith(service, () => pool.close());
  },
});
