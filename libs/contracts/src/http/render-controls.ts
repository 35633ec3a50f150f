import { z } from 'zod';
import { boundedInt } from './common.js';

export const DEVICE_SCALE_FACTOR_MIN = 1;
export const DEVICE_SCALE_FACTOR_MAX = 4;
/** The longest `delayMs`: the render time limit still bounds the whole render. */
export const DELAY_MS_MAX = 10_000;
/** Chromium's largest texture side: a full page or a scaled capture never exceeds it (device pixels). */
export const CAPTURE_MAX_DEVICE_PIXELS = 16_384;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function isLocale(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

/**
 * The page controls a request may set (docs/render-controls.md); every one is
 * optional and its absence keeps today's behaviour. Spread into each request
 * schema that accepts them; `pickRenderControls` reads them back.
 */
export const RENDER_CONTROL_FIELDS = {
  /** Device pixels per CSS pixel: 2 gives a retina image twice as wide and high. */
  deviceScaleFactor: z.number().min(DEVICE_SCALE_FACTOR_MIN).max(DEVICE_SCALE_FACTOR_MAX).optional(),
  /** Milliseconds to wait after the page, its fonts and its images are loaded (and after the waits below). */
  delayMs: boundedInt(0, DELAY_MS_MAX, { unit: 'ms' }).optional(),
  /** Capture once an element matching this CSS selector exists. */
  waitForSelector: z.string().min(1).max(1000).optional(),
  /** Capture once this JavaScript expression is truthy in the page, e.g. `window.renderReady === true`. */
  waitForFunction: z.string().min(1).max(2000).optional(),
  /** Capture the whole scrollable page instead of the viewport (the width stays `width`). */
  fullPage: z.boolean().optional(),
  /** What `prefers-color-scheme` answers in the page. */
  colorScheme: z.enum(['light', 'dark']).optional(),
  /** IANA time zone for the page's clock, e.g. `America/New_York`. */
  timezone: z.string().max(100).refine(isTimeZone, { message: 'Expected an IANA time zone such as `Europe/Paris` or `UTC`.' }).optional(),
  /** BCP 47 locale for the page's Intl and Date formatting, e.g. `de-DE`. */
  locale: z.string().max(100).refine(isLocale, { message: 'Expected a BCP 47 locale such as `en-US` or `de-DE`.' }).optional(),
  /** PNG and WebP only: no default white page background, so uncovered pixels have alpha 0. */
  transparentBackground: z.boolean().optional(),
};

/** The controls of an animated GIF: a GIF has no alpha channel worth using and a fixed frame size. */
export const GIF_CONTROL_FIELDS = {
  deviceScaleFactor: RENDER_CONTROL_FIELDS.deviceScaleFactor,
  delayMs: RENDER_CONTROL_FIELDS.delayMs,
  waitForSelector: RENDER_CONTROL_FIELDS.waitForSelector,
  waitForFunction: RENDER_CONTROL_FIELDS.waitForFunction,
  colorScheme: RENDER_CONTROL_FIELDS.colorScheme,
  timezone: RENDER_CONTROL_FIELDS.timezone,
  locale: RENDER_CONTROL_FIELDS.locale,
};

/** The controls as a request carries them (each optional). */
export interface RequestedControls {
  deviceScaleFactor?: number | undefined;
  delayMs?: number | undefined;
  waitForSelector?: string | undefined;
  waitForFunction?: string | undefined;
  fullPage?: boolean | undefined;
  colorScheme?: 'light' | 'dark' | undefined;
  timezone?: string | undefined;
  locale?: string | undefined;
  transparentBackground?: boolean | undefined;
}

const CONTROL_NAMES = Object.keys(RENDER_CONTROL_FIELDS) as (keyof RequestedControls)[];

/** The control fields of a parsed body, without its other fields. */
export function pickRenderControls(body: RequestedControls): RequestedControls {
  const picked: Record<string, unknown> = {};
  for (const name of CONTROL_NAMES) if (body[name] !== undefined) picked[name] = body[name];
  return picked;
}

/**
 * Cross-field rules of the controls, for a body's superRefine: transparency
 * needs an alpha channel (not JPEG), `fullPage` captures the page and
 * `selector` one element (not both), and the scaled size must fit Chromium.
 */
export function checkRenderControls(
  body: RequestedControls & { selector?: string | undefined; width?: number | undefined; height?: number | undefined },
  ctx: z.RefinementCtx,
  options: { format: string | undefined; maxSide: number },
): void {
  if (body.transparentBackground === true && options.format === 'jpeg') {
    ctx.addIssue({
      code: 'custom',
      path: ['transparentBackground'],
      message: '`transparentBackground` needs PNG or WebP output (JPEG has no transparency).',
    });
  }
  if (body.fullPage === true && body.selector !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['fullPage'], message: 'Give `fullPage` or `selector`, not both.' });
  }
  const scale = body.deviceScaleFactor;
  if (typeof scale !== 'number') return;
  for (const side of ['width', 'height'] as const) {
    const size = body[side];
    if (typeof size === 'number' && size * scale > options.maxSide) {
      ctx.addIssue({
        code: 'custom',
        path: ['deviceScaleFactor'],
        message: `\`${side}\` × \`deviceScaleFactor\` is ${Math.round(size * scale)} pixels; at most ${options.maxSide} are allowed.`,
      });
    }
  }
}
