import { createServer, type Server } from 'node:http';
import { metricsHandler } from './metrics.js';

export type ComponentHealth = { ok: boolean; [detail: string]: unknown };

/**
 * The small HTTP server every service runs beside its work (the gateway and
 * the embedded process on PRESSROOM_OPS_PORT, off the public API port):
 * GET /metrics; GET /livez, the process only (200 while the event loop
 * answers: a database outage must not restart every pod); GET /readyz and
 * /health, the dependencies (200 when every component is ok, 503 otherwise).
 */
export function startOpsServer(options: {
  port: number;
  host?: string;
  health: () => Promise<Record<string, ComponentHealth>>;
}): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/metrics') return metricsHandler(req, res);
    if (req.method === 'GET' && path === '/livez') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok' }));
      return;
    }
    if (req.method === 'GET' && (path === '/health' || path === '/readyz')) {
      options
        .health()
        .then((components) => {
          const ok = Object.values(components).every((c) => c.ok);
          res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ status: ok ? 'ok' : 'degraded', components }));
        })
        .catch((error: unknown) => {
          res.writeHead(503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ status: 'down', error: String(error) }));
        });
      return;
    }
    res.writeHead(404, { 'content-type': 'application/problem+json' });
    res.end(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: `No endpoint at ${path}.`, instance: path }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}
