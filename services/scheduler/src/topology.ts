import { CATALOG } from '@pressroom/contracts';
import type { ServiceTopology } from '@pressroom/service-runner';
import { SCHEDULER_SUBJECTS } from './service.js';

/**
 * The scheduler's streams: render outcomes advance batches and bindings; it
 * publishes their renders as ordinary render commands, fails items it cannot
 * start, and announces finished batches and binding refreshes.
 */
export const schedulerTopology: ServiceTopology = {
  consumes: SCHEDULER_SUBJECTS,
  publishes: [
    CATALOG.renderImage,
    CATALOG.renderGif,
    CATALOG.renderPdf,
    CATALOG.renderFailed,
    CATALOG.batchCompleted,
    CATALOG.bindingUpdated,
    CATALOG.bindingFailed,
  ],
};
