import {
  BlockedUrlError,
  NavigationError,
  RenderCrashedError,
  RenderError,
  RenderTimeoutError,
  SelectorNotFoundError,
} from '@pressroom/browser';
import { ProblemError, isProblemError, serializeProblem, type SerializedProblem } from '@pressroom/problem';
import { shutdownCut } from './hand-back.js';

/** What a render cut by our own shutdown ends as, when it must end at all (nobody else will render it). */
const shutDownProblem = () =>
  serializeProblem(
    new ProblemError('service-unavailable', { detail: 'The renderer shut down during the render. Retry in a few seconds.' }),
  );

/**
 * Failures that end the render at once. Those caused by the input (a blocked
 * URL, a page that never loads, a missing selector, a page that crashed the
 * renderer even on a fresh one, a ProblemError a renderer raised about its
 * input): the render fails for good and the caller gets a 4xx. Anything else
 * is ours and is retried by redelivery (a browser that died or shut down under
 * the render included).
 * A render our shutdown cut is never the input's fault, whatever its closed
 * page or browser made it fail with: handed back, it is ours (null); when
 * nobody else will take it (the in-process queue stops with its process), it
 * ends now as a 503 to retry, rather than stay `rendering`.
 */
export function inputProblemOf(error: unknown): SerializedProblem | null {
  const cut = shutdownCut();
  if (cut === 'handed-back') return null;
  if (cut === 'ended') return shutDownProblem();
  if (isProblemError(error)) return serializeProblem(error);
  // The guard's own public sentence, as the gateway answers it: one wording (and one allow-list hint) for every refusal.
  if (error instanceof BlockedUrlError) return serializeProblem(new ProblemError('blocked-url', { detail: error.detail }));
  const typed: Array<
    [new (...args: never[]) => Error & { detail: string }, 'selector-not-found' | 'render-timeout' | 'render-failed' | 'navigation-failed']
  > = [
    [SelectorNotFoundError, 'selector-not-found'],
    [RenderTimeoutError, 'render-timeout'],
    [RenderCrashedError, 'render-failed'],
    [NavigationError, 'navigation-failed'],
  ];
  for (const [type, slug] of typed) {
    if (error instanceof type) return serializeProblem(new ProblemError(slug, { detail: error.detail }));
  }
  return null;
}

/**
 * After the last delivery, a failure of ours still ends the render, so nobody
 * waits forever; never as a 4xx, which would tell the client not to retry.
 * A renderer that was unavailable (shut down, browser gone) is a 503, and so
 * is a render our shutdown handed back on its last delivery (JetStream does
 * not deliver it again).
 */
export function unfinishedProblem(error: unknown): SerializedProblem {
  if (shutdownCut() !== null) return shutDownProblem();
  if (error instanceof RenderError && error.slug === 'service-unavailable') {
    return serializeProblem(new ProblemError('service-unavailable', { detail: error.detail }));
  }
  return serializeProblem(
    new ProblemError('render-failed', {
      status: 500,
      detail: 'The render failed because of an internal error. It has been logged; please retry.',
    }),
  );
}
