export * from './config.js';
export * from './app.js';
export type { ComponentStatus, HealthProbe } from './routes/ops-routes.js';
export { serveAdminSocket, runViaAdminSocket, ADMIN_SOCKET_NAME } from './admin-cli/admin-socket.js';
export * from './topology.js';
export { applyKeepAlive } from './http/keep-alive.js';
