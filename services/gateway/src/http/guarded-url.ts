import { ProblemError } from '@pressroom/problem';
import { BlockedUrlError, UnresolvableHostError, type SsrfGuard } from '@pressroom/ssrf';

/** A 400 naming one body field. */
export function invalidField(field: string, message: string): ProblemError {
  return new ProblemError('validation-error', { detail: `${field}: ${message}`, errors: [{ field, message }] });
}

/**
 * Parse a URL given in `field` and run it through the SSRF guard now: not absolute → 400
 * validation-error, refused → 400 blocked-url, unresolvable → 400 validation-error. Callers add
 * their own scheme rules; every later fetch is checked again (DNS may change).
 */
export async function guardedUrl(guard: SsrfGuard, raw: string, field: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidField(field, `${JSON.stringify(raw.slice(0, 200))} is not an absolute URL.`);
  }
  try {
    await guard.check(url.toString());
  } catch (error) {
    if (error instanceof BlockedUrlError) {
      // `errors` names the field too, so a form shows the refusal beside the URL the user typed.
      throw new ProblemError('blocked-url', {
        detail: `${field}: ${error.detail}`,
        errors: [{ field, message: error.detail }],
        cause: error,
      });
    }
    if (error instanceof UnresolvableHostError) throw invalidField(field, error.detail);
    throw error;
  }
  return url;
}
