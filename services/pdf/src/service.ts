import { CATALOG } from '@pressroom/contracts';
import { browserHealth, consumeRenders, type RendererService } from '@pressroom/render-worker';
import { renderPdfHandler, type PdfHandlerDeps } from './render-pdf-handler.js';

export interface PdfServiceDeps extends PdfHandlerDeps {
  /** Renders handled at once. */
  concurrency: number;
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
