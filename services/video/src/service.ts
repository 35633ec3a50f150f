import { CATALOG, assertHandlers } from '@pressroom/contracts';
import type { Bus, Subscription } from '@pressroom/bus';
import type { Db } from '@pressroom/db';
import type { CustomStorageCopies, Storage } from '@pressroom/storage';
import type { ComponentHealth, Logger } from '@pressroom/telemetry';
import type { VideoRenderer } from '@pressroom/video';
import { renderVideoHandler } from './render-video-handler.js';

export interface VideoServiceDeps {
  bus: Bus;
  db: Db;
  storage: Storage;
  /** Owners' own buckets (docs/storage.md); absent → no copies. */
  customStorage?: CustomStorageCopies | undefined;
  /** From `createVideoRenderer` (@pressroom/video): Remotion on the headless shell behind the egress proxy. */
  renderer: VideoRenderer;
  logger: Logger;
  /** Commands taken at once (default 1); give the renderer the same `concurrency`, or they wait in its queue. */
  concurrency?: number;
}

export interface VideoService {
  health(): Record<string, ComponentHealth>;
  stop(): Promise<void>;
}

/** The subjects this service needs handlers for; wiring refuses to start without them. */
export const VIDEO_SERVICE_SUBJECTS = [CATALOG.renderVideo] as const;

/** Wires the video renderer onto the bus: by default one render at a time per process (a render uses every core). */
export async function startVideoService(deps: VideoServiceDeps): Promise<VideoService> {
  const concurrency = deps.concurrency ?? 1;
  const handlers = { [CATALOG.renderVideo.name]: renderVideoHandler(deps) };
  assertHandlers('video', VIDEO_SERVICE_SUBJECTS, handlers);
  const subscriptions: Subscription[] = [await deps.bus.consume(CATALOG.renderVideo, handlers[CATALOG.renderVideo.name]!, { concurrency })];
  deps.logger.info({ concurrency }, 'video service consuming render.video');
  return {
    health() {
      return { video: { ok: true, pending: deps.renderer.pending } };
    },
    async stop() {
      await Promise.all(subscriptions.map((s) => s.stop()));
    },
  };
}
