import { z } from 'zod';

/**
 * How the renderer prepares and captures a page beyond its size: the planned
 * form of the request's render controls (libs/render-requests `planControls`),
 * every field set. Commands omit it when every control is at its default.
 */
export const PageControls = z.object({
  deviceScaleFactor: z.number().min(1).max(4),
  delayMs: z.number().int().min(0).max(10_000),
  waitForSelector: z.string().nullable(),
  waitForFunction: z.string().nullable(),
  fullPage: z.boolean(),
  colorScheme: z.enum(['light', 'dark']).nullable(),
  timezone: z.string().nullable(),
  locale: z.string().nullable(),
  transparentBackground: z.boolean(),
});
export type PageControls = z.infer<typeof PageControls>;
