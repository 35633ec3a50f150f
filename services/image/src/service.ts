import { CATALOG } from '@pressroom/contracts';
import type { Bus } from '@pressroom/bus';
import { browserHealth, consumeRenders, type RendererService } from '@pressroom/render-worker';
import type { BrowserPool } from '@pressroom/browser';
import type { Db } from '@pressroom/db';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { CustomStorageCopies, Storage } from '@pressroom/storage';
import type { Logger } from '@pressroom/telemetry';
import { renderImageHandler } from './render-image-handler.js';

export interface ImageServiceDeps {
  bus: Bus;
  db: Db;
  storage: Storage;
  /** Owners' own buckets (docs/storage.md); absent → no copies. */
  customStorage?: CustomStorageCopies | undefined;
  pool: BrowserPool;
  guard: SsrfGuard;
  logger: Logger;
  pngCompression: 'fast' | 'small';
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
