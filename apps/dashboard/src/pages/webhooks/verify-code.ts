/**
 * Code that checks a delivery's `X-Service-Signature` with this webhook's secret in it, shown beside the secret so a
 * receiver verifies from its first delivery. The scheme is docs/webhooks.md's "Verifying a delivery" (the dispatcher's
 * signature.ts): the hex HMAC-SHA256 of `<t>.<raw body>` keyed with the whole secret, `t` within 5 minutes of now.
 * The secret is base64url after `whsec_`: safe inside single quotes as it is.
 */
export function verificationCode(secret: string): string {
  return `import { createHmac, timingSafeEqual } from 'node:crypto';

// This webhook's signing secret: keep it out of source control (e.g. in process.env.PRESSROOM_WEBHOOK_SECRET).
const SECRET = '${secret}';

/** True when rawBody (a Buffer, exactly as received) carries a valid X-Service-Signature made within 5 minutes. */
export function verifyWebhook(rawBody, signatureHeader, nowSeconds = Math.floor(Date.now() / 1000)) {
  const parts = {};
  for (const part of String(signatureHeader ?? '').split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  if (!/^\\d+$/.test(parts.t ?? '') || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(nowSeconds - Number(parts.t)) > 5 * 60) return false;
  const expected = createHmac('sha256', SECRET).update(\`\${parts.t}.\`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}
`;
}
