import { Router } from 'express';
import { metricsHandler } from '@pressroom/telemetry';

export type ComponentStatus = { ok: boolean; [detail: string]: unknown };
export type HealthProbe = () => Promise<Record<string, ComponentStatus>>;

/** GET /health (200 when every component is ok, else 503) and GET /metrics (Prometheus). Public. */
export function opsRoutes(options: { health: HealthProbe }): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const components = await options.health();
    const ok = Object.values(components).every((c) => c.ok);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'degraded', components });
  });
  router.get('/metrics', (req, res) => metricsHandler(req, res));
  return router;
}
