import { z } from 'zod';

/*
 * GET /account/url-signing-secret and GET /custom-storage: optional settings a workspace may not have
 * (docs/adr/0076-settings-not-set-answer.md). Pressroom's own endpoints: the hosted service has neither.
 */

/**
 * How a GET of an optional setting answers when none is set: `404` (the default, as always: 404 `not-found`),
 * or `empty`: 200 with `configured: false`, for a client (the dashboard) that asks on every visit, where
 * "none yet" is an ordinary answer and a 404 would show as a failed request in the browser's console.
 */
export const SettingLookupQuery = z.object({
  ifNone: z
    .enum(['404', 'empty'], { message: 'ifNone is 404 (the default: 404 not-found when none is set) or empty (200 {configured: false}).' })
    .default('404')
    .describe(
      'When none is set: `404` (default) answers 404 `not-found`; `empty` answers 200 with `configured: false` instead. ' +
        'A set one is answered alike either way, with `configured: true`.',
    ),
});
export type SettingLookupQuery = z.infer<typeof SettingLookupQuery>;
