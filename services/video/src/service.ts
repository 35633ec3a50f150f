import { CATALOG } from '@pressroom/contracts';
import type { Bus } from '@pressroom/bus';
import { consumeRenders, type RendererService } from '@pressroom/render-worker';
import type { Db } from '@pressroom/db';
import type { CustomStorageCopies, Storage } from '@pressroom/storage';
import type { Logger } from '@pressroom/telemetry';
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

export type VideoService = RendererService;

/** Wires the video renderer onto the bus: by default one render at a time per process (a render uses every core). */
export function startVideoService(deps: VideoServiceDeps): Promise<VideoService> {
  const concurrency = deps.concurrency ?? 1;
  return consumeRenders({
    service: 'video',
    subject: CATALOG.renderVideo,
    handler: renderVideoHandler(deps),
    bus: deps.bus,
    logger: deps.logger,
    concurrency,
    health: () => ({ video: { ok: true, pending: deps.renderer.pending } }),
  });
}
