import { Router } from 'express';

export type ComponentStatus = { ok: boolean; [detail: string]: unknown };
export type HealthProbe = () => Promise<Record<string, ComponentStatus>>;

/**
 * GET /health (200 when every component is ok, else 503). Public, so it says only which components are ok: their
 * details (browser process ids, render counts, queue depths) are for operators, on the ops port's /readyz
 * (PRESSROOM_OPS_PORT) beside /metrics.
 */
export function opsRoutes(options: { health: HealthProbe }): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const components = await options.health();
    const ok = Object.values(components).every((c) => c.ok);
    const shown = Object.fromEntries(Object.entries(components).map(([name, c]) => [name, { ok: c.ok }]));
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'degraded', components: shown });
  });
  return router;
}
