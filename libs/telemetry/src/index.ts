export * from './logger.js';
export * from './tracing.js';
export * from './metrics.js';
export * from './ops-server.js';
export * from './pool-metrics.js';
export * from './consumer-metrics.js';
