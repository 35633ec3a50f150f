import { BlockedUrlError, GuardedFetchError, UnresolvableHostError, type SsrfGuard } from '@pressroom/ssrf';
import { signatureHeader } from './signature.js';

export interface AttemptOutcome {
  ok: boolean;
  /** The receiver's status, when it answered. */
  responseCode: number | null;
  /** Why the attempt failed, in words a customer can act on. */
  error: string | null;
}

/** A receiver's answer body is ignored; this only bounds what is read of it. */
const MAX_RESPONSE_BYTES = 256 * 1024;

/**
 * One HTTP attempt: POST the stored payload, signed now. Through the SSRF
 * guard (checked address, pinned connection); redirects are not followed and
 * count as failure, like any non-2xx answer or no answer within `timeoutMs`.
 */
export async function sendWebhook(options: {
  guard: SsrfGuard;
  url: string;
  event: string;
  deliveryId: string;
  payload: string;
  secret: string;
  timeoutMs: number;
  now: Date;
}): Promise<AttemptOutcome> {
  const timestampSeconds = Math.floor(options.now.getTime() / 1000);
  try {
    const response = await options.guard.fetch(options.url, {
      method: 'POST',
      body: options.payload,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(options.payload)),
        'user-agent': 'Pressroom-Webhooks/1.0',
        'x-service-signature': signatureHeader({ secret: options.secret, body: options.payload, timestampSeconds }),
        'x-service-event': options.event,
        'x-service-delivery-id': options.deliveryId,
      },
      maxRedirects: 0,
      timeoutMs: options.timeoutMs,
      maxBytes: MAX_RESPONSE_BYTES,
    });
    if (response.status >= 200 && response.status < 300) return { ok: true, responseCode: response.status, error: null };
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      return {
        ok: false,
        responseCode: response.status,
        error: `The receiver redirected (HTTP ${response.status}${location ? ` to ${location.slice(0, 200)}` : ''}); webhook deliveries do not follow redirects.`,
      };
    }
    return { ok: false, responseCode: response.status, error: `The receiver answered HTTP ${response.status}.` };
  } catch (error) {
    return { ok: false, responseCode: null, error: describeFailure(error, options.timeoutMs) };
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof BlockedUrlError) return error.detail;
  if (error instanceof UnresolvableHostError) return error.detail;
  if (error instanceof GuardedFetchError) {
    if (error.code === 'timeout') return `The receiver did not answer within ${timeoutMs} ms.`;
    if (error.code === 'too-large') return `The receiver's answer was larger than ${MAX_RESPONSE_BYTES} bytes.`;
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `Could not connect to the receiver${cause}.`;
  }
  return `Delivery failed: ${error instanceof Error ? error.message : String(error)}.`;
}
