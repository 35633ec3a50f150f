import type { Page } from 'puppeteer-core';
import type { PageControls } from '@pressroom/contracts';
import { DEFAULT_PAGE_CONTROLS } from '@pressroom/contracts/constants';
import { RenderCrashedError } from './errors.js';
import { delay } from './launch-browser.js';
import { documentHeight, expressionSyntaxError, selectorPresent } from './page-scripts.js';

/**
 * How a job prepares and captures its page beyond the size: the bus's PageControls
 * (docs/render-controls.md). Emulation (scale, colour scheme, time zone, locale,
 * background) is applied with the viewport by the page slot, so the next job on
 * the page starts from the defaults again.
 */
export type { PageControls };

/** The page emulation a job asks for; what PageSlot.applySettings resets for every other job. */
export type PageEmulation = Pick<PageControls, 'deviceScaleFactor' | 'colorScheme' | 'timezone' | 'locale' | 'transparentBackground'>;

export function emulationOf(controls: PageControls | undefined): PageEmulation {
  if (!controls) return DEFAULT_EMULATION;
  const { deviceScaleFactor, colorScheme, timezone, locale, transparentBackground } = controls;
  return { deviceScaleFactor, colorScheme, timezone, locale, transparentBackground };
}

/** The emulation of a job that sets no control, from the one set of control defaults. */
export const DEFAULT_EMULATION: PageEmulation = Object.freeze(emulationOf(DEFAULT_PAGE_CONTROLS));

/** How often a wait condition is checked. */
const POLL_MS = 50;

/**
 * Waits for `waitForSelector` and `waitForFunction`, polled through CDP (so
 * they also work where the page's own scripts are off). Nothing bounds them
 * here: the job's time limit does, and a page that never gets ready ends in
 * the render time-out and is replaced by the pool.
 */
export async function waitUntilReady(page: Page, controls: PageControls, signal: AbortSignal): Promise<void> {
  if (controls.waitForSelector !== null) {
    const selector = controls.waitForSelector;
    await poll(() => page.evaluate(selectorPresent, selector), signal);
  }
  if (controls.waitForFunction !== null) {
    const expression = controls.waitForFunction;
    const syntax = await page.evaluate(expressionSyntaxError, expression);
    if (syntax !== null) {
      throw new RenderCrashedError(`waitForFunction: ${syntax}`, `\`waitForFunction\` is not a valid JavaScript expression: ${syntax}.`);
    }
    // The expression is the caller's own page code; it runs in the page like the page's scripts do.
    await poll(async () => Boolean(await page.evaluate(`(() => (${expression}))()`)), signal);
  }
}

/** After every wait: the fixed delay, cut short when the job is aborted. */
export async function settle(controls: PageControls, signal: AbortSignal): Promise<void> {
  if (controls.delayMs <= 0) return;
  await Promise.race([delay(controls.delayMs), new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))]);
  signal.throwIfAborted();
}

/** The height in CSS pixels a full-page capture covers: the document's, at most `maxHeight`, at least the viewport's. */
export async function fullPageHeight(page: Page, viewportHeight: number, maxHeight: number): Promise<number> {
  const height = await page.evaluate(documentHeight);
  return Math.min(maxHeight, Math.max(viewportHeight, Math.ceil(height)));
}

async function poll(check: () => Promise<boolean>, signal: AbortSignal): Promise<void> {
  for (;;) {
    signal.throwIfAborted();
    let ready = false;
    try {
      ready = await check();
    } catch {
      // A navigation in progress destroys the context, and what the expression throws (an
      // undefined name) may change as the page runs: both are "not yet".
    }
    if (ready) return;
    await delay(POLL_MS);
  }
}
