import type { SsrfGuard } from '@pressroom/ssrf';
import { guardedUrl } from '../http/guarded-url.js';

/**
 * A URL to screenshot: checked by the one guarded-URL rule of the gateway
 * (not absolute → 400 validation-error, refused → 400 blocked-url, unresolvable
 * → 400 validation-error, all naming `url`), like webhook targets and data
 * sources. The renderer checks again on every request the page makes.
 */
export async function assertFetchableUrl(guard: SsrfGuard, raw: string): Promise<string> {
  return (await guardedUrl(guard, raw, 'url')).toString();
}
