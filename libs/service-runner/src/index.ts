export * from './topology.js';
export * from './adapters.js';
export * from './run-service.js';
export * from './custom-storage.js';
export * from './owner-cache.js';
export * from './owner-caches.js';
export * from './idle-poller.js';
export * from './start-process.js';
