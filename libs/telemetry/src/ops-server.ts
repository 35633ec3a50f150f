import { createServer, type Server } from 'node:http';
import { metricsHandler } from './metrics.js';

export type ComponentHealth = { ok: boolean; [detail: string]: unknown };

/**
 * The small HTTP server every non-gateway service runs: GET /health (200
 * when every component is ok, 503 otherwise) and GET /metrics.
 */
export function startOpsServer(options: { port: number; health: () => Promise<Record<string, ComponentHealth>> }): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/metrics') return metricsHandler(req, res);
    if (req.method === 'GET' && path === '/health') {
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
    server.listen(options.port, () => resolve(server));
  });
}
