import { CATALOG } from '@pressroom/contracts';
import type { ServiceTopology } from '@pressroom/service-runner';

/** The PDF renderer's streams: it takes `render.pdf` and announces the outcome. */
export const pdfTopology: ServiceTopology = {
  consumes: [CATALOG.renderPdf],
  publishes: [CATALOG.renderCompleted, CATALOG.renderFailed],
};
