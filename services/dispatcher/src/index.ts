export * from './config.js';
export * from './service.js';
export { signatureHeader } from './signature.js';
export { envelopeOf, routingOf } from './enqueue-event.js';
export * from './topology.js';
