import type { PageControls, RequestedControls } from '@pressroom/contracts';

/** Every control at its default: a plain capture of the viewport. */
export const DEFAULT_PAGE_CONTROLS: PageControls = {
  deviceScaleFactor: 1,
  delayMs: 0,
  waitForSelector: null,
  waitForFunction: null,
  fullPage: false,
  colorScheme: null,
  timezone: null,
  locale: null,
  transparentBackground: false,
};

/**
 * The one place a request's render controls become the renderer's: each
 * absent control takes its default, and a request that changes none plans
 * none (undefined), so its command is exactly what it was before controls.
 */
export function planControls(requested: RequestedControls | undefined): PageControls | undefined {
  if (!requested) return undefined;
  const planned: PageControls = {
    deviceScaleFactor: requested.deviceScaleFactor ?? DEFAULT_PAGE_CONTROLS.deviceScaleFactor,
    delayMs: requested.delayMs ?? DEFAULT_PAGE_CONTROLS.delayMs,
    waitForSelector: requested.waitForSelector ?? null,
    waitForFunction: requested.waitForFunction ?? null,
    fullPage: requested.fullPage ?? false,
    colorScheme: requested.colorScheme ?? null,
    timezone: requested.timezone ?? null,
    locale: requested.locale ?? null,
    transparentBackground: requested.transparentBackground ?? false,
  };
  const changed = (Object.keys(planned) as (keyof PageControls)[]).some((name) => planned[name] !== DEFAULT_PAGE_CONTROLS[name]);
  return changed ? planned : undefined;
}
