import { CATALOG } from '@pressroom/contracts';
import type { ServiceTopology } from '@pressroom/service-runner';

/** The gateway's streams: it publishes every render command (it waits on `render.done`, a notification with no stream). */
export const gatewayTopology: ServiceTopology = {
  consumes: [],
  publishes: [CATALOG.renderImage, CATALOG.renderGif, CATALOG.renderPdf, CATALOG.renderVideo],
};
