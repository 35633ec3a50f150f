import { ProblemError } from '@pressroom/problem';
import { BlockedUrlError, UnresolvableHostError, createSsrfGuard, type SsrfGuard } from '@pressroom/ssrf';

// The same policy without the development allow-list: what it refuses is
// admitted only because the operator allow-listed it (local receivers).
const strictGuard = createSsrfGuard({ allowPrivateHosts: [] });

function invalid(field: string, message: string): ProblemError {
  return new ProblemError('validation-error', { detail: `${field}: ${message}`, errors: [{ field, message }] });
}

/**
 * A URL the service will POST webhooks to: absolute, allowed by the SSRF
 * guard (else 400 blocked-url), and HTTPS, except for hosts on the
 * development allow-list (PRESSROOM_ALLOW_PRIVATE_HOSTS), which may use plain
 * HTTP. Every delivery checks it again.
 */
export async function assertWebhookTarget(guard: SsrfGuard, raw: string, field: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(field, `${JSON.stringify(raw.slice(0, 200))} is not an absolute URL.`);
  }
  try {
    await guard.check(url.toString());
  } catch (error) {
    if (error instanceof BlockedUrlError) {
      throw new ProblemError('blocked-url', { detail: `${field}: ${error.detail}`, cause: error });
    }
    if (error instanceof UnresolvableHostError) throw invalid(field, error.detail);
    throw error;
  }
  if (url.protocol === 'http:') {
    const onlyAllowListed = await strictGuard.check(url.toString()).then(
      () => false,
      () => true,
    );
    if (!onlyAllowListed) throw invalid(field, 'Receivers must use https:// (plain http is accepted only for hosts on the development allow-list).');
  }
  if (url.username || url.password) throw invalid(field, 'Credentials in the URL are not accepted; verify deliveries by their signature.');
  return url.toString();
}
