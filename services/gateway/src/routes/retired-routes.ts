import { Router } from 'express';
import { ProblemError } from '@pressroom/problem';

/** The service's own human page for this error (it names the replacement); docs/batch.md has the details. */
const BATCH_DOCS = '/errors/endpoint-retired';

/**
 * Any method on /workflow, /workflows and everything below them answers 410
 * endpoint-retired. Mounted before authentication on purpose: a client still
 * calling the old API learns where to go even with a stale or missing key,
 * and the answer reveals nothing account-specific.
 */
export function retiredRoutes(): Router {
  const router = Router();
  router.all(/^\/workflows?(\/.*)?$/, (_req, _res, next) => {
    next(
      new ProblemError('endpoint-retired', {
        detail:
          'The /workflow endpoints were retired. Render many images from one template with POST /templates/{uid}/batch-render instead.',
        extensions: { replacement: 'POST /templates/{uid}/batch-render', documentation: BATCH_DOCS },
        headers: { Link: `<${BATCH_DOCS}>; rel="help"` },
      }),
    );
  });
  return router;
}
