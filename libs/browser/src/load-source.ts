import type { Page } from 'puppeteer-core';
import type { CaptureSource } from './capture-image.js';
import { navigate, waitForAssets } from './capture-image.js';
import { RenderTimeoutError } from './errors.js';
import type { PageGuard } from './guard-page.js';
import { delay } from './launch-browser.js';

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
 * images, the same way as an image capture; a refused main-frame navigation
 * fails the job.
 */
export async function loadSource(page: Page, source: CaptureSource, pageGuard: PageGuard, signal: AbortSignal): Promise<void> {
  if (source.kind === 'html') {
    await page.setContent(source.html, { waitUntil: 'load', timeout: 0 });
  } else {
    await navigate(page, source.url, pageGuard);
  }
  signal.throwIfAborted();
  await waitForAssets(page, signal);
  signal.throwIfAborted();
  if (pageGuard.blockedNavigation) throw pageGuard.blockedNavigation;
}
