import { CATALOG, assertHandlers } from '@pressroom/contracts';
import type { Bus, Subscription } from '@pressroom/bus';
import type { BrowserPool } from '@pressroom/browser';
import type { Db } from '@pressroom/db';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { CustomStorageCopies, Storage } from '@pressroom/storage';
import type { ComponentHealth, Logger } from '@pressroom/telemetry';
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

export interface GifService {
  health(): Record<string, ComponentHealth>;
  stop(): Promise<void>;
}

/** The subjects this service needs handlers for; wiring refuses to start without them. */
export const GIF_SERVICE_SUBJECTS = [CATALOG.renderGif] as const;

/** Wires the GIF renderer's handler onto the bus. */
export async function startGifService(deps: GifServiceDeps): Promise<GifService> {
  const handlers = { [CATALOG.renderGif.name]: renderGifHandler(deps) };
  assertHandlers('gif', GIF_SERVICE_SUBJECTS, handlers);
  const subscriptions: Subscription[] = [
    await deps.bus.consume(CATALOG.renderGif, handlers[CATALOG.renderGif.name]!, { concurrency: deps.concurrency }),
  ];
  deps.logger.info({ concurrency: deps.concurrency }, 'gif service consuming render.gif');
  return {
    health() {
      const browser = deps.pool.health();
      return { gifBrowser: { ...browser, ok: browser.status === 'ok' } };
    },
    async stop() {
      await Promise.all(subscriptions.map((s) => s.stop()));
    },
  };
}
