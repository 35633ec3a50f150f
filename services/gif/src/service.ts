import { CATALOG } from '@pressroom/contracts';
import { browserHealth, consumeRenders, type RendererService } from '@pressroom/render-worker';
import { renderGifHandler, type GifHandlerDeps } from './render-gif-handler.js';

export interface GifServiceDeps extends GifHandlerDeps {
  /** Renders handled at once; defaults to the number of warm pages. */
  concurrency: number;
}

export type GifService = RendererService;

/** Wires the GIF renderer's handler onto the bus. */
export function startGifService(deps: GifServiceDeps): Promise<GifService> {
  return consumeRenders({
    service: 'gif',
    subject: CATALOG.renderGif,
    handler: renderGifHandler(deps),
    bus: deps.bus,
    logger: deps.logger,
    concurrency: deps.concurrency,
    health: () => ({ gifBrowser: browserHealth(deps.pool) }),
  });
}
