import { DEFAULT_PAGE_CONTROLS, type PageControls, type RequestedControls } from '@pressroom/contracts';

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
    waitForSelector: requested.waitForSelector ?? DEFAULT_PAGE_CONTROLS.waitForSelector,
    waitForFunction: requested.waitForFunction ?? DEFAULT_PAGE_CONTROLS.waitForFunction,
    fullPage: requested.fullPage ?? DEFAULT_PAGE_CONTROLS.fullPage,
    colorScheme: requested.colorScheme ?? DEFAULT_PAGE_CONTROLS.colorScheme,
    timezone: requested.timezone ?? DEFAULT_PAGE_CONTROLS.timezone,
    locale: requested.locale ?? DEFAULT_PAGE_CONTROLS.locale,
    transparentBackground: requested.transparentBackground ?? DEFAULT_PAGE_CONTROLS.transparentBackground,
  };
  const changed = (Object.keys(planned) as (keyof PageControls)[]).some((name) => planned[name] !== DEFAULT_PAGE_CONTROLS[name]);
  return changed ? planned : undefined;
}
