import { createHmac } from 'node:crypto';

/**
 * `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` over
 * `<t>.<raw body>`, keyed with the subscription's secret (the whole string).
 */
export function signatureHeader(options: { secret: string; body: string; timestampSeconds: number }): string {
  const v1 = createHmac('sha256', options.secret).update(`${options.timestampSeconds}.${options.body}`, 'utf8').digest('hex');
  return `t=${options.timestampSeconds},v1=${v1}`;
}
