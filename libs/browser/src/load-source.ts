import type { Page } from 'puppeteer-core';
import { shortenUrl } from '@pressroom/ssrf';
import { isAssetFree } from './asset-free.js';
import type { CaptureSource } from './capture-image.js';
import { EGRESS_ERROR_HEADER } from './egress-proxy.js';
import { NavigationError, RenderTimeoutError } from './errors.js';
import type { PageGuard } from './guard-page.js';
import { delay } from './launch-browser.js';
import { waitForFontsAndImages } from './page-scripts.js';

/**
 * Bounds one stage of a long job (loading, one frame, one print) by its own
 * time limit, so a page that hangs is caught within `ms` even when the job as
 * a whole may run much longer. The pool replaces the page after a time-out.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, stage: string): Promise<T> {
  let timedOut = false;
  const deadline = delay(ms).then(() => {
    timedOut = true;
  });
  const result = await Promise.race([work.then((value) => ({ value })), deadline.then(() => null)]);
  if (result === null || timedOut) {
    work.catch(() => undefined);
    throw new RenderTimeoutError(ms, stage);
  }
  return result.value;
}

/**
 * Loads HTML or a URL into a guarded pooled page and waits for its fonts and
 * images, the same way as an image capture (skipped for static HTML that
 * refers to none: see asset-free.ts); a refused main-frame navigation fails
 * the job.
 */
export async function loadSource(page: Page, source: CaptureSource, pageGuard: PageGuard, signal: AbortSignal): Promise<void> {
  if (source.kind === 'html') {
    await page.setContent(source.html, { waitUntil: 'load', timeout: 0 });
  } else {
    await navigate(page, source.url, pageGuard);
  }
  signal.throwIfAborted();
  // A static document that refers to no font, image or style sheet has nothing left to wait for after load.
  const settled = source.kind === 'html' && !page.isJavaScriptEnabled() && isAssetFree(source.html);
  if (!settled) {
    await waitForAssets(page, signal);
    signal.throwIfAborted();
  }
  if (pageGuard.blockedNavigation) throw pageGuard.blockedNavigation;
}

/**
 * Waits for the page's fonts and images. The document may be replaced right
 * after load (a script or a meta refresh): then retry on the new document
 * until it answers; the job's time limit bounds the loop.
 */
export async function waitForAssets(page: Page, signal: AbortSignal): Promise<void> {
  for (;;) {
    try {
      await page.evaluate(waitForFontsAndImages);
      return;
    } catch (error) {
      if (!(error instanceof Error) || !/context was destroyed|Cannot find context/i.test(error.message)) throw error;
      signal.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export async function navigate(page: Page, url: string, pageGuard: PageGuard): Promise<void> {
  let response;
  try {
    response = await page.goto(url, { waitUntil: 'load', timeout: 0 });
  } catch (error) {
    if (pageGuard.blockedNavigation) throw pageGuard.blockedNavigation;
    if (pageGuard.unresolvedNavigation) {
      throw new NavigationError(url, pageGuard.unresolvedNavigation.detail, { cause: error });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new NavigationError(url, `The page ${shortenUrl(url)} could not be loaded (${publicNetError(reason)}).`, {
      cause: error,
      internal: reason,
    });
  }
  if (pageGuard.blockedNavigation) throw pageGuard.blockedNavigation;
  const status = response?.status() ?? 0;
  const unreachable = status === 502 ? response?.headers()[EGRESS_ERROR_HEADER] : undefined;
  if (unreachable) {
    const { host } = new URL(url);
    const why = UNREACHABLE_WORDS[unreachable] ?? `the connection failed: ${unreachable}`;
    throw new NavigationError(url, `The page ${shortenUrl(url)} could not be loaded: nothing answered at ${host} (${why}).`, {
      internal: `egress proxy: ${unreachable}`,
    });
  }
  if (status >= 400) {
    throw new NavigationError(url, `The page ${shortenUrl(url)} answered with HTTP status ${status}.`, { status });
  }
}

/** The egress proxy's socket error codes, in words. */
const UNREACHABLE_WORDS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ETIMEDOUT: 'the connection timed out',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
};

/** Chromium's net error name ("net::ERR_CONNECTION_REFUSED") is safe to show; the rest of the message is not needed. */
function publicNetError(message: string): string {
  return /net::ERR_[A-Z_]+/.exec(message)?.[0] ?? 'network error';
}
