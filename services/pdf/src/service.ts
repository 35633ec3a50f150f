import { CATALOG } from '@pressroom/contracts';
import type { Bus } from '@pressroom/bus';
import { browserHealth, consumeRenders, type RendererService } from '@pressroom/render-worker';
import type { BrowserPool } from '@pressroom/browser';
import type { Db } from '@pressroom/db';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { CustomStorageCopies, Storage } from '@pressroom/storage';
import type { Logger } from '@pressroom/telemetry';
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

export type PdfService = RendererService;

/** Wires the PDF renderer's handler onto the bus. */
export function startPdfService(deps: PdfServiceDeps): Promise<PdfService> {
  return consumeRenders({
    service: 'pdf',
    subject: CATALOG.renderPdf,
    handler: renderPdfHandler(deps),
    bus: deps.bus,
    logger: deps.logger,
    concurrency: deps.concurrency,
    health: () => ({ browser: browserHealth(deps.pool) }),
  });
}
