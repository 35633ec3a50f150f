import { CATALOG } from '@pressroom/contracts';
import type { ServiceTopology } from '@pressroom/service-runner';

/** The image renderer's streams: it takes `render.image` and announces the outcome. */
export const imageTopology: ServiceTopology = {
  consumes: [CATALOG.renderImage],
  publishes: [CATALOG.renderCompleted, CATALOG.renderFailed],
};
