import { ProblemError } from '@pressroom/problem';
import { BlockedUrlError, type SsrfGuard } from '@pressroom/ssrf';

/**
 * A URL to screenshot: syntactically an absolute URL (else 400 validation),
 * and fetchable under the SSRF policy after DNS resolution (else 400 blocked-url).
 * The renderer checks again on every request the page makes.
 */
export async function assertFetchableUrl(guard: SsrfGuard, raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ProblemError('validation-error', {
      detail: `url: ${JSON.stringify(raw.slice(0, 200))} is not an absolute URL.`,
      errors: [{ field: 'url', message: 'Expected an absolute http(s) URL.' }],
    });
  }
  try {
    await guard.check(url.toString());
  } catch (error) {
    if (error instanceof BlockedUrlError) {
      throw new ProblemError('blocked-url', { detail: `The URL ${url.toString()} is not allowed: ${error.reason}.`, cause: error });
    }
    throw error;
  }
  return url.toString();
}
