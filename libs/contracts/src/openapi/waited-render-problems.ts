import type { ProblemRef } from './operation.js';

/**
 * How a render the request waited for can end beyond the page's own problems, both 500: a failure of ours
 * on the last delivery (`render-failed` with status 500, libs/render-worker render-problem.ts) and a renderer
 * killed on every delivery (`render-crashed`, ADR 0064). Every operation that waits for a render lists them,
 * after `render-failed` itself (422, the page could not render), so the slug is declared at both statuses.
 */
export const WAITED_RENDER_FAILURES = [
  {
    slug: 'render-failed',
    status: 500,
    // The slug's own description is the 422's (the page could not render); this one is ours.
    detail: 'The render failed on its last attempt because of an internal error, not because of the page. Retry.',
  },
  'render-crashed',
] as const satisfies readonly ProblemRef[];
