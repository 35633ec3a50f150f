import { CATALOG, assertHandlers } from '@pressroom/contracts';
import type { Bus, Subscription } from '@pressroom/bus';
import type { BrowserPool } from '@pressroom/browser';
import type { Db } from '@pressroom/db';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { CustomStorageCopies, Storage } from '@pressroom/storage';
import type { ComponentHealth, Logger } from '@pressroom/telemetry';
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

export interface ImageService {
  health(): Record<string, ComponentHealth>;
  stop(): Promise<void>;
}

/** The subjects this service needs handlers for; wiring refuses to start without them. */
export const IMAGE_SERVICE_SUBJECTS = [CATALOG.renderImage] as const;

/** Wires the image renderer's handlers onto the bus. */
export async function startImageService(deps: ImageServiceDeps): Promise<ImageService> {
  const handlers = { [CATALOG.renderImage.name]: renderImageHandler(deps) };
  assertHandlers('image', IMAGE_SERVICE_SUBJECTS, handlers);
  const subscriptions: Subscription[] = [
    await deps.bus.consume(CATALOG.renderImage, handlers[CATALOG.renderImage.name]!, { concurrency: deps.concurrency }),
  ];
  deps.logger.info({ concurrency: deps.concurrency }, 'image service consuming render.image');
  return {
    health() {
      const browser = deps.pool.health();
      return { browser: { ...browser, ok: browser.status === 'ok' } };
    },
    async stop() {
      await Promise.all(subscriptions.map((s) => s.stop()));
    },
  };
}
