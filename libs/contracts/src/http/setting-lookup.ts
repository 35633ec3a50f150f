import { z } from 'zod';

/*
 * `?ifNone` on a GET whose "none" is an ordinary answer for some callers (docs/adr/0076-settings-not-set-answer.md):
 * GET /account/url-signing-secret and GET /custom-storage (optional settings a workspace may not have; Pressroom's
 * own endpoints, the hosted service has neither), and GET /auth/session (nobody signed in).
 */

/**
 * The `ifNone` query of such a GET: `refusal` (the default, as always: the API's refusal), or `empty`: 200 with a body
 * saying "none", for a client (the dashboard) that asks on every visit, where the refusal would show as a failed
 * request in the browser's console.
 */
function ifNoneQuery<const Refusal extends string>(none: {
  refusal: Refusal;
  refused: string;
  when: string;
  empty: string;
  found: string;
}) {
  const values = z.enum([none.refusal, 'empty'], {
    message: `ifNone is ${none.refusal} (the default: ${none.refused.replaceAll('`', '')} ${none.when}) or empty (200 ${none.empty}).`,
  });
  return z.object({
    ifNone: values
      // `refusal` is one of the enum's values; zod's types cannot follow that through the generic.
      .default(none.refusal as never)
      .describe(
        `${none.when[0]!.toUpperCase()}${none.when.slice(1)}: \`${none.refusal}\` (default) answers ${none.refused}; ` +
          `\`empty\` answers 200 with \`${none.empty}\` instead. ${none.found}`,
      ),
  });
}

/** GET of an optional setting: `404` (default) or `empty` (200 `{configured: false}`). */
export const SettingLookupQuery = ifNoneQuery({
  refusal: '404',
  refused: '404 `not-found`',
  when: 'when none is set',
  empty: '{configured: false}',
  found: 'A set one is answered alike either way, with `configured: true`.',
});
export type SettingLookupQuery = z.infer<typeof SettingLookupQuery>;

/** GET /auth/session: `401` (default) or `empty` (200 `{signedIn: false}`). */
export const SessionLookupQuery = ifNoneQuery({
  refusal: '401',
  refused: '401 `not-signed-in`',
  when: 'when nobody is signed in (no session cookie, or one that expired or was signed out)',
  empty: '{signedIn: false}',
  found: 'A signed-in session is answered alike either way, with `signedIn: true`.',
});
export type SessionLookupQuery = z.infer<typeof SessionLookupQuery>;
