import {
  BlockedUrlError,
  NavigationError,
  RenderCrashedError,
  RenderError,
  RenderTimeoutError,
  SelectorNotFoundError,
} from '@pressroom/browser';
import { ProblemError, isProblemError, serializeProblem, type SerializedProblem } from '@pressroom/problem';

/**
 * Failures caused by the input (a blocked URL, a page that never loads, a
 * missing selector, a page that crashed the renderer even on a fresh one, a
 * ProblemError a renderer raised about its input): the render fails for good
 * and the caller gets a 4xx. Anything else is ours and is retried by
 * redelivery (a browser that died or shut down under the render included).
 */
export function inputProblemOf(error: unknown): SerializedProblem | null {
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
 * A renderer that was unavailable (shut down, browser gone) is a 503.
 */
export function unfinishedProblem(error: unknown): SerializedProblem {
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
