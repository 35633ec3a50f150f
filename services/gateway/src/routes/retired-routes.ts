import { Router } from 'express';
import { ProblemError } from '@pressroom/problem';
import { labelledPath } from '../http/route-label.js';

/** The service's own human page for this error (it names the replacement); docs/batch.md has the details. */
const BATCH_DOCS = '/errors/endpoint-retired';

/**
 * Any method on /workflow (and on the experiments paths below), /workflows and everything below them answers 410
 * endpoint-retired. Mounted before authentication on purpose: a client still
 * calling the old API learns where to go even with a stale or missing key,
 * and the answer reveals nothing account-specific.
 */
export function retiredRoutes(): Router {
  const router = Router();
  router.all(labelledPath(/^\/workflows?(\/.*)?$/, '/workflows/*'), (_req, _res, next) => {
    next(
      new ProblemError('endpoint-retired', {
        detail:
          'The /workflow endpoints were retired. Render many images from one template with POST /templates/{uid}/batch-render instead.',
        extensions: { replacement: 'POST /templates/{uid}/batch-render', documentation: BATCH_DOCS },
        headers: { Link: `<${BATCH_DOCS}>; rel="help"` },
      }),
    );
  });
  // The hosted service's A/B experiments (its `/experiments/api/*` API, the `/s/...`
  // tracking and serving paths and the ten MCP tools built on them) are not built.
  router.all(labelledPath(/^\/(experiments\/api|s)(\/.*)?$/, '/experiments/api/*,/s/*'), (req, _res, next) => {
    next(
      new ProblemError('endpoint-retired', {
        detail: `${req.method} ${req.path}: experiments (A/B tests of rendered images) are not part of Pressroom; this endpoint of the hosted service has no counterpart here.`,
        extensions: { feature: 'experiments' },
      }),
    );
  });
  return router;
}
