import { createSsrfGuard, type SsrfGuard } from '@pressroom/ssrf';
import { guardedUrl, invalidField as invalid } from '../http/guarded-url.js';

// The same policy without the development allow-list: what it refuses is
// admitted only because the operator allow-listed it (local receivers).
const strictGuard = createSsrfGuard({ allowPrivateHosts: [] });

const CREDENTIALS_REFUSED = 'Credentials in the URL are not accepted; verify deliveries by their signature.';

/**
 * A URL the service will POST webhooks to: absolute, allowed by the SSRF
 * guard (else 400 blocked-url), and HTTPS, except for hosts on the
 * development allow-list (PRESSROOM_ALLOW_PRIVATE_HOSTS), which may use plain
 * HTTP. Every delivery checks it again.
 */
export async function assertWebhookTarget(guard: SsrfGuard, raw: string, field: string): Promise<string> {
  // Refused for what it is before any lookup: a DNS answer (or its absence) says nothing about credentials.
  const parsed = URL.canParse(raw) ? new URL(raw) : null;
  if (parsed && (parsed.username || parsed.password)) throw invalid(field, CREDENTIALS_REFUSED);
  const url = await guardedUrl(guard, raw, field);
  if (url.protocol === 'http:') {
    const onlyAllowListed = await strictGuard.check(url.toString()).then(
      () => false,
      () => true,
    );
    if (!onlyAllowListed)
      throw invalid(field, 'Receivers must use https:// (plain http is accepted only for hosts on the development allow-list).');
  }
  return url.toString();
}
