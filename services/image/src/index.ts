export * from './config.js';
export * from './service.js';
export * from './topology.js';
