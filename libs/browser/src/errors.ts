import { shortenUrl, withoutUrlCredentials } from '@pressroom/ssrf';

export { BlockedUrlError } from '@pressroom/ssrf';

/**
 * A render that failed for a reason the caller should hear about. `slug` names
 * the problem type, `detail` is a public sentence, `message` is for logs and
 * may carry internals.
 */
export abstract class RenderError extends Error {
  abstract readonly slug: string;
  readonly detail: string;

  constructor(message: string, detail: string, options?: ErrorOptions) {
    super(message, options);
    this.detail = detail;
    this.name = new.target.name;
  }
}

export class SelectorNotFoundError extends RenderError {
  readonly slug = 'selector-not-found' as const;
  readonly selector: string;

  constructor(selector: string, why: 'no-match' | 'invalid' | 'empty' = 'no-match') {
    const phrase = {
      'no-match': 'matched no element on the rendered page',
      invalid: 'is not a valid CSS selector',
      empty: 'matched an element with no visible size',
    }[why];
    super(`selector ${JSON.stringify(selector)} ${phrase}`, `The selector ${JSON.stringify(selector)} ${phrase}.`);
    this.selector = selector;
  }
}

export class RenderTimeoutError extends RenderError {
  readonly slug = 'render-timeout' as const;
  readonly timeoutMs: number;

  constructor(timeoutMs: number, stage?: string) {
    super(`render exceeded ${timeoutMs} ms${stage ? ` while ${stage}` : ''}`, `The page did not finish rendering within ${timeoutMs} ms.`);
    this.timeoutMs = timeoutMs;
  }
}

export class RenderCrashedError extends RenderError {
  readonly slug = 'render-failed' as const;

  constructor(message: string, detail = 'The page crashed the renderer, for example by using too much memory.', options?: ErrorOptions) {
    super(message, detail, options);
  }
}

export class NavigationError extends RenderError {
  readonly slug = 'navigation-failed' as const;
  readonly url: string;
  /** HTTP status of the main document, when it answered with an error page. */
  readonly status: number | undefined;

  /**
   * `url` as the caller sent it: kept here and in the message as shown publicly (`***@` for a credential, cut
   * when long), and the browser's own message masked too. Callers build `detail` from `shortenUrl(url)`.
   */
  constructor(url: string, detail: string, options?: ErrorOptions & { status?: number; internal?: string }) {
    super(`navigation to ${shortenUrl(url)} failed: ${withoutUrlCredentials(options?.internal ?? detail)}`, detail, options);
    this.url = shortenUrl(url);
    this.status = options?.status;
  }
}

export class QueueFullError extends RenderError {
  readonly slug = 'service-unavailable' as const;
  readonly queueLimit: number;

  constructor(queueLimit: number) {
    super(`render queue is full (${queueLimit} waiting)`, 'The renderer is busy. Retry in a few seconds.');
    this.queueLimit = queueLimit;
  }
}

/**
 * No browser to render on: it could not be (re)started. Ours, not the
 * input's: the caller should retry later (503), never be told its page failed.
 */
export class BrowserUnavailableError extends RenderError {
  readonly slug = 'service-unavailable' as const;

  constructor(message: string, options?: ErrorOptions) {
    super(message, 'The renderer is restarting. Retry in a few seconds.', options);
  }
}

/** The pool was closed while the job waited or ran. */
export class PoolClosedError extends RenderError {
  readonly slug = 'service-unavailable' as const;

  constructor(options?: ErrorOptions) {
    super('browser pool is closed', 'The renderer is shutting down. Retry in a few seconds.', options);
  }
}
