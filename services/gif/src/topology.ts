import { CATALOG } from '@pressroom/contracts';
import type { ServiceTopology } from '@pressroom/service-runner';

/** The GIF renderer's streams: it takes `render.gif` and announces the outcome. */
export const gifTopology: ServiceTopology = {
  consumes: [CATALOG.renderGif],
  publishes: [CATALOG.renderCompleted, CATALOG.renderFailed],
};
