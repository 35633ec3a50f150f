import { CATALOG } from '@pressroom/contracts';
import type { ServiceTopology } from '@pressroom/service-runner';

/** The video renderer's streams: it takes `render.video` and announces the outcome. */
export const videoTopology: ServiceTopology = {
  consumes: [CATALOG.renderVideo],
  publishes: [CATALOG.renderCompleted, CATALOG.renderFailed],
};
