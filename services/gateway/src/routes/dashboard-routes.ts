import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router } from 'express';
import { ProblemError } from '@pressroom/problem';

/** apps/dashboard/dist, built by deploy/scripts/build-dashboard.mjs (run by `make setup`). */
const BUILT_DASHBOARD = fileURLToPath(new URL('../../../../apps/dashboard/dist', import.meta.url));

/**
 * The dashboard SPA under /app/ (public: the app signs in through /auth/*). Hashed assets are cached
 * forever; every other /app/ path answers index.html so client-side routes survive a reload. A browser
 * opening `/` is sent to /app/; API clients asking `/` for JSON still get the API's answer.
 */
export function dashboardRoutes(options: { dir?: string } = {}): Router {
  const dir = options.dir ?? BUILT_DASHBOARD;
  const index = join(dir, 'index.html');
  const router = Router();
  router.get('/', (req, res, next) => (req.accepts(['json', 'html']) === 'html' ? res.redirect(302, '/app/') : next()));
  router.get('/app', (_req, res) => res.redirect(301, '/app/'));
  router.use(
    '/app',
    express.static(dir, {
      index: false,
      redirect: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', path.includes(`${join(dir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  router.get('/app/{*rest}', (req, res, next) => {
    if (req.path.startsWith('/app/assets/')) {
      return next(new ProblemError('not-found', { detail: `No dashboard asset ${req.path} exists.` }));
    }
    if (!existsSync(index)) {
      return next(
        new ProblemError('service-unavailable', {
          detail: 'The dashboard is not built: run `make setup` (or `node deploy/scripts/build-dashboard.mjs`).',
        }),
      );
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
