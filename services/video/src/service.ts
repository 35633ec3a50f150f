import { CATALOG } from '@pressroom/contracts';
import { consumeRenders, type RenderJobDeps, type RendererService } from '@pressroom/render-worker';
import type { VideoRenderer } from '@pressroom/video';
import { renderVideoHandler } from './render-video-handler.js';

export interface VideoServiceDeps extends RenderJobDeps {
  /** From `createVideoRenderer` (@pressroom/video): Remotion on the headless shell behind the egress proxy. */
  renderer: VideoRenderer;
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
