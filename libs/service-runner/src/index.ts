export * from './topology.js';
export * from './adapters.js';
export * from './run-service.js';
