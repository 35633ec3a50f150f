import type { PageControls } from './page-controls.js';

/**
 * Every page control at its default: a plain capture of the viewport. What a request that sets no
 * control plans (libs/render-requests `planControls`) and what the browser resets a reused page to
 * between jobs (libs/browser `DEFAULT_EMULATION`). Imports no zod: the browser entry takes it too.
 */
export const DEFAULT_PAGE_CONTROLS: Readonly<PageControls> = Object.freeze({
  deviceScaleFactor: 1,
  delayMs: 0,
  waitForSelector: null,
  waitForFunction: null,
  fullPage: false,
  colorScheme: null,
  timezone: null,
  locale: null,
  transparentBackground: false,
});
