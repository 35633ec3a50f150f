export * from './config.js';
export * from './service.js';
export * from './topology.js';
export { QUEUED_RENDER_MAX_WAIT_MS } from './render-sweeps.js';
export { AUDIT_PURGE_EVERY_MS } from './audit-retention.js';
