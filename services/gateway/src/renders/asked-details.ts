import type { RequestedControls } from '@pressroom/contracts';

/**
 * The most a template render's variables may take, as JSON, for its row to keep them. Values are usually a few
 * words; a picture sent as a data URL can be megabytes, which a row listing what was asked does not need to carry.
 */
export const KEPT_VARIABLES_MAX_CHARS = 16_384;

/**
 * What a render's row keeps of the request beside its kind and size, so its page (GET /renders/{id}) can say what
 * was asked even when it failed: a URL render's address, the waits the capture stood on, and a template render's
 * variables (so "Render again" in the dashboard opens the editor with them). The address loses its user and
 * password (`user:password@`), which are credentials; its path and query stay, as a developer needs them to find the
 * page again (docs/api.md, "What a render keeps"). HTML is not kept: it can be large and is the caller's.
 */
export function askedDetails(
  source: { kind: string; url?: string },
  controls: RequestedControls | undefined,
  variables?: Record<string, unknown>,
): Record<string, unknown> {
  return {
    ...(source.kind === 'url' && source.url ? { url: withoutUserinfo(source.url) } : {}),
    ...(controls?.waitForSelector ? { waitForSelector: controls.waitForSelector } : {}),
    ...(controls?.waitForFunction ? { waitForFunction: controls.waitForFunction } : {}),
    ...(variables && keepsVariables(variables) ? { variables } : {}),
  };
}

/**
 * Whether a row keeps these variables (one render's `variables`, or a multi-page PDF's `variableSets`): there are
 * some, and they take at most KEPT_VARIABLES_MAX_CHARS as JSON. The one rule every kind of template render keeps by.
 */
export function keepsVariables(variables: Record<string, unknown> | Record<string, unknown>[]): boolean {
  const some = Array.isArray(variables) ? variables.some((set) => Object.keys(set).length > 0) : Object.keys(variables).length > 0;
  return some && JSON.stringify(variables).length <= KEPT_VARIABLES_MAX_CHARS;
}

/** The address without its `user:password@`; a string that is no URL is kept out. */
export function withoutUserinfo(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return undefined;
  }
}
