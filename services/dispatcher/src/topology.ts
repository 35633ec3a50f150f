import type { ServiceTopology } from '@pressroom/service-runner';
import { DISPATCHER_SUBJECTS } from './service.js';

/** The dispatcher's streams: every event a webhook subscription can name; it publishes nothing. */
export const dispatcherTopology: ServiceTopology = {
  consumes: DISPATCHER_SUBJECTS,
  publishes: [],
};
