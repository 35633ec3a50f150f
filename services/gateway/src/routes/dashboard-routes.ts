import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router } from 'express';
import { ProblemError } from '@pressroom/problem';
import { rendererFontRoutes } from './renderer-font-routes.js';

/** apps/dashboard/dist, built by deploy/scripts/build-dashboard.mjs (run by `make setup`). */
const BUILT_DASHBOARD = fileURLToPath(new URL('../../../../apps/dashboard/dist', import.meta.url));

/**
 * First path segments that only the dashboard has (no API route starts with one). A browser opening
 * `/sign-in` or `/settings/api-keys` without the `/app/` prefix means the dashboard page; without this
 * it would read the API's 401 "no API key" problem. Paths the API also serves (`/templates`, `/renders`)
 * are left to the API: a developer opening one in a tab expects its JSON.
 */
const DASHBOARD_ONLY = new Set(['sign-in', 'sign-up', 'playground', 'settings', 'invite']);

/** The sandboxed frame in which a code template's scene plays (apps/dashboard/video-player.html). */
const PLAYER_PAGE = 'video-player.html';

/**
 * The dashboard SPA under /app/ (public: the app signs in through /auth/*). Hashed assets are cached
 * forever; every other /app/ path answers index.html so client-side routes survive a reload. A browser
 * opening `/` is sent to /app/; API clients asking `/` for JSON still get the API's answer. A browser
 * opening a dashboard-only page without the prefix (`/sign-in`) is sent to it under /app/.
 */
export function dashboardRoutes(options: { dir?: string } = {}): Router {
  const dir = options.dir ?? BUILT_DASHBOARD;
  const index = join(dir, 'index.html');
  const router = Router();
  router.get('/', (req, res, next) => (req.accepts(['json', 'html']) === 'html' ? res.redirect(302, '/app/') : next()));
  router.use((req, res, next) => {
    // Sec-Fetch-Mode is set by browsers only, on a page load typed or followed by the person.
    if (req.method !== 'GET' || req.get('sec-fetch-mode') !== 'navigate') return next();
    if (!DASHBOARD_ONLY.has(req.path.split('/')[1] ?? '')) return next();
    const query = req.originalUrl.slice(req.originalUrl.split('?')[0]!.length);
    res.redirect(302, `/app${req.path}${query}`);
  });
  router.use(rendererFontRoutes());
  // Routing is not strict, so '/app' also matches '/app/': only the bare form is redirected.
  router.get('/app', (req, res, next) => (req.originalUrl.split('?')[0] === '/app' ? res.redirect(301, '/app/') : next()));
  router.use(
    '/app',
    express.static(dir, {
      index: false,
      redirect: false,
      setHeaders: (res, path) => {
        const asset = path.includes(`${join(dir, 'assets')}`);
        res.setHeader('Cache-Control', asset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The video player frame is sandboxed to an opaque origin (docs/adr/0045): its module scripts and
        // styles are cross-origin requests from there. The assets are public code, the same for everyone.
        if (asset) res.setHeader('Access-Control-Allow-Origin', '*');
        // It plays the template author's code: sandboxed even when opened on its own, never same-origin.
        if (path === join(dir, PLAYER_PAGE)) res.setHeader('Content-Security-Policy', 'sandbox allow-scripts');
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
