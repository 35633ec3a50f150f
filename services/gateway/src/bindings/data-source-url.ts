import { ProblemError } from '@pressroom/problem';
import { BlockedUrlError, UnresolvableHostError, type SsrfGuard } from '@pressroom/ssrf';

function invalid(field: string, message: string): ProblemError {
  return new ProblemError('validation-error', { detail: `${field}: ${message}`, errors: [{ field, message }] });
}

/**
 * A data source URL: absolute http(s), allowed by the SSRF guard (else 400
 * blocked-url: file:, metadata, private addresses). Checked at creation and
 * update; every fetch checks it again (DNS may change later), and a refresh
 * that the guard refuses ends in `error` with BLOCKED_URL.
 */
export async function assertDataSourceUrl(guard: SsrfGuard, raw: string, field = 'dataSource.url'): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(field, `${JSON.stringify(raw.slice(0, 200))} is not an absolute URL.`);
  }
  try {
    await guard.check(url.toString());
  } catch (error) {
    if (error instanceof BlockedUrlError) throw new ProblemError('blocked-url', { detail: `${field}: ${error.detail}`, cause: error });
    if (error instanceof UnresolvableHostError) throw invalid(field, error.detail);
    throw error;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(field, 'Data sources must be http:// or https:// URLs.');
  if (url.username || url.password) throw invalid(field, 'Put credentials in dataSource.credentials (stored encrypted), not in the URL.');
  return url.toString();
}
