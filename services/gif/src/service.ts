import { CATALOG } from '@pressroom/contracts';
import type { Bus } from '@pressroom/bus';
import { browserHealth, consumeRenders, type RendererService } from '@pressroom/render-worker';
import type { BrowserPool } from '@pressroom/browser';
import type { Db } from '@pressroom/db';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { CustomStorageCopies, Storage } from '@pressroom/storage';
import type { Logger } from '@pressroom/telemetry';
import { renderGifHandler } from './render-gif-handler.js';

export interface GifServiceDeps {
  bus: Bus;
  db: Db;
  storage: Storage;
  /** Owners' own buckets (docs/storage.md); absent → no copies. */
  customStorage?: CustomStorageCopies | undefined;
  /** A pool launched with ANIMATION_CAPTURE_FLAGS (`--disable-threaded-animation`). */
  pool: BrowserPool;
  guard: SsrfGuard;
  logger: Logger;
  /** Renders handled at once; defaults to the number of warm pages. */
  concurrency: number;
  /** Loading the page and each frame step (the render time-out). */
  stepTimeoutMs: number;
  /** The whole GIF. */
  gifTimeoutMs: number;
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
