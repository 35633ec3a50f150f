import { closingWith } from '@pressroom/render-worker';
import { runService } from '@pressroom/service-runner';
import { createVideoRenderer } from '@pressroom/video';
import { videoEnv } from './config.js';
import { startVideoService } from './service.js';
import { videoTopology } from './topology.js';

/** The video renderer as its own process. */
await runService({
  name: 'video',
  env: videoEnv,
  topology: videoTopology,
  async start({ env, bus, db, storage, customStorage, guard, logger }) {
    const renderer = await createVideoRenderer({
      browserExecutable: env.CHROMIUM_PATH,
      workDir: env.PRESSROOM_VIDEO_WORK_DIR ?? `${env.PRESSROOM_DATA_DIR}/video`,
      ...(env.PRESSROOM_VIDEO_BUNDLE_DIR ? { bundleCacheDir: env.PRESSROOM_VIDEO_BUNDLE_DIR } : {}),
      timeoutMs: env.PRESSROOM_VIDEO_TIMEOUT_MS,
      concurrency: env.PRESSROOM_VIDEO_CONCURRENCY,
      mediaMaxBytes: env.PRESSROOM_VIDEO_MEDIA_MAX_BYTES,
      mediaCacheBytes: env.PRESSROOM_VIDEO_MEDIA_CACHE_BYTES,
      guard,
      logger,
    });
    const service = await startVideoService({
      bus,
      db,
      storage,
      customStorage,
      renderer,
      logger,
      concurrency: env.PRESSROOM_VIDEO_CONCURRENCY,
    });
    return closingWith(service, () => renderer.close());
  },
});
