export * from './config.js';
export * from './app.js';
export type { ComponentStatus, HealthProbe } from './routes/ops-routes.js';
