import type { SsrfGuard } from '@pressroom/ssrf';
import { guardedUrl, invalidField as invalid } from '../http/guarded-url.js';

/**
 * A data source URL: absolute http(s), allowed by the SSRF guard (else 400
 * blocked-url: file:, metadata, private addresses). Checked at creation and
 * update; every fetch checks it again (DNS may change later), and a refresh
 * that the guard refuses ends in `error` with BLOCKED_URL.
 */
export async function assertDataSourceUrl(guard: SsrfGuard, raw: string, field = 'dataSource.url'): Promise<string> {
  const url = await guardedUrl(guard, raw, field);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(field, 'Data sources must be http:// or https:// URLs.');
  if (url.username || url.password) throw invalid(field, 'Put credentials in dataSource.credentials (stored encrypted), not in the URL.');
  return url.toString();
}
