import { CATALOG, assertHandlers } from '@pressroom/contracts';
import type { Bus, Subscription } from '@pressroom/bus';
import type { BrowserPool } from '@pressroom/browser';
import type { Db } from '@pressroom/db';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { CustomStorageCopies, Storage } from '@pressroom/storage';
import type { ComponentHealth, Logger } from '@pressroom/telemetry';
import { renderPdfHandler } from './render-pdf-handler.js';

export interface PdfServiceDeps {
  bus: Bus;
  db: Db;
  storage: Storage;
  /** Owners' own buckets (docs/storage.md); absent → no copies. */
  customStorage?: CustomStorageCopies | undefined;
  /** Any pool: printing needs no special flags (the embedded process shares the image pool). */
  pool: BrowserPool;
  guard: SsrfGuard;
  logger: Logger;
  /** Renders handled at once. */
  concurrency: number;
  /** Documents of one multi-page render printed at once. */
  parallelDocuments: number;
}

export interface PdfService {
  health(): Record<string, ComponentHealth>;
  stop(): Promise<void>;
}

/** The subjects this service needs handlers for; wiring refuses to start without them. */
export const PDF_SERVICE_SUBJECTS = [CATALOG.renderPdf] as const;

/** Wires the PDF renderer's handler onto the bus. */
export async function startPdfService(deps: PdfServiceDeps): Promise<PdfService> {
  const handlers = { [CATALOG.renderPdf.name]: renderPdfHandler(deps) };
  assertHandlers('pdf', PDF_SERVICE_SUBJECTS, handlers);
  const subscriptions: Subscription[] = [
    await deps.bus.consume(CATALOG.renderPdf, handlers[CATALOG.renderPdf.name]!, { concurrency: deps.concurrency }),
  ];
  deps.logger.info({ concurrency: deps.concurrency }, 'pdf service consuming render.pdf');
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
