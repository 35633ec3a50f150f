export * from './services.js';
export * from './postgres.js';
export * from './log-lines.js';
export * from './oidc-test-client.js';
export { freePort } from '@pressroom/ports';
export * from './child-processes.js';
export * from './clock-minute.js';
export * from './cuttable-proxy.js';
export * from './nats-cluster.js';
