const TOLERANCE_SECONDS = 5 * 60;
const encoder = new TextEncoder();

function hexOf(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * True when `rawBody` (exactly as received) carries a valid `X-Service-Signature`
 * (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`) made with `secret`
 * within 5 minutes of now. Web Crypto only: Node 20+, Bun, Deno and browsers.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): Promise<boolean> {
  const parts: Record<string, string> = {};
  for (const part of String(header ?? '').split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  const t = parts.t ?? '';
  const v1 = parts.v1 ?? '';
  if (!/^\d+$/.test(t) || !/^[0-9a-f]{64}$/.test(v1) || !secret) return false;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(t)) > (options.toleranceSeconds ?? TOLERANCE_SECONDS)) return false;
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody;
  const signed = new Uint8Array(t.length + 1 + body.byteLength);
  signed.set(encoder.encode(`${t}.`), 0);
  signed.set(body, t.length + 1);
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = hexOf(await globalThis.crypto.subtle.sign('HMAC', key, signed));
  // Constant time over the fixed-length hex strings.
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ v1.charCodeAt(i);
  return difference === 0;
}
