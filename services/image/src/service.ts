import { CATALOG } from '@pressroom/contracts';
import { browserHealth, consumeRenders, type RendererService } from '@pressroom/render-worker';
import { renderImageHandler, type ImageHandlerDeps } from './render-image-handler.js';

export interface ImageServiceDeps extends ImageHandlerDeps {
  /** Renders handled at once; defaults to the number of warm pages. */
  concurrency: number;
}

export type ImageService = RendererService;

/** Wires the image renderer's handlers onto the bus. */
export function startImageService(deps: ImageServiceDeps): Promise<ImageService> {
  return consumeRenders({
    service: 'image',
    subject: CATALOG.renderImage,
    handler: renderImageHandler(deps),
    bus: deps.bus,
    logger: deps.logger,
    concurrency: deps.concurrency,
    health: () => ({ browser: browserHealth(deps.pool) }),
  });
}
