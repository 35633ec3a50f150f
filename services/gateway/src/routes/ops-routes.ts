import { Router } from 'express';

export type ComponentStatus = { ok: boolean; [detail: string]: unknown };
export type HealthProbe = () => Promise<Record<string, ComponentStatus>>;

/** GET /health (200 when every component is ok, else 503). Public; /metrics is on the ops port (PRESSROOM_OPS_PORT), not here. */
export function opsRoutes(options: { health: HealthProbe }): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const components = await options.health();
    const ok = Object.values(components).every((c) => c.ok);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'degraded', components });
  });
  return router;
}
