import { createHmac, timingSafeEqual } from 'node:crypto';

/** Query parameters the signing scheme owns (docs/signed-urls.md); every other one is signed as given. */
export const SIGNATURE_PARAM = 's';
export const SECRET_ID_PARAM = 'sid';
export const EXPIRES_PARAM = 'exp';

/** A query as name/value pairs; a name may repeat. */
export type QueryPairs = ReadonlyArray<readonly [string, string]>;

/** RFC 3986 percent-encoding: what Python's `quote(v, safe='-_.~')` and PHP's `rawurlencode` produce. */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The query as signed: every pair but `s`, names and values percent-encoded
 * (RFC 3986), sorted by encoded name then encoded value (byte order), joined
 * with `&`. Parameter order and optional encodings in the URL do not matter.
 */
export function canonicalQuery(pairs: QueryPairs): string {
  return pairs
    .filter(([name]) => name !== SIGNATURE_PARAM)
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort((x, y) => compare(x[0], y[0]) || compare(x[1], y[1]))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** The string the HMAC covers: the path (`/r/{uid}.{ext}`, without any base path or host), `?`, the canonical query. */
export function signingPayload(path: string, pairs: QueryPairs): string {
  return `${path}?${canonicalQuery(pairs)}`;
}

/** HMAC-SHA256 of the payload with the signing secret, lowercase hex. */
export function signatureOf(secret: string, path: string, pairs: QueryPairs): string {
  return createHmac('sha256', secret).update(signingPayload(path, pairs), 'utf8').digest('hex');
}

export interface SignOptions {
  /** The public id of the signing secret (`sid`): it tells the server which secret to check against. */
  secretId: string;
  secret: string;
  /** After this instant the URL answers `signature-expired` (seconds precision). */
  expiresAt?: Date | undefined;
}

/**
 * Signs a render URL: adds `sid`, `exp` (when given) and `s`. `url` is absolute
 * or a path with a query; its path must be the render path itself
 * (`/r/{uid}.{ext}`), or `pathPrefix` names what precedes it (e.g. `/v1`).
 */
export function signRenderUrl(url: string, options: SignOptions & { pathPrefix?: string }): string {
  const parsed = new URL(url, 'http://relative.invalid');
  parsed.searchParams.delete(SIGNATURE_PARAM);
  parsed.searchParams.set(SECRET_ID_PARAM, options.secretId);
  if (options.expiresAt) parsed.searchParams.set(EXPIRES_PARAM, String(Math.floor(options.expiresAt.getTime() / 1000)));
  else parsed.searchParams.delete(EXPIRES_PARAM);
  const prefix = options.pathPrefix ?? '';
  const path = decodeURIComponent(parsed.pathname.startsWith(prefix) ? parsed.pathname.slice(prefix.length) : parsed.pathname);
  const pairs = [...parsed.searchParams.entries()];
  parsed.searchParams.set(SIGNATURE_PARAM, signatureOf(options.secret, path, pairs));
  return url.startsWith('/') && !url.startsWith('//') ? `${parsed.pathname}${parsed.search}` : parsed.toString();
}

export type VerifyResult =
  { ok: true; expiresAt: Date | null } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'expired'; detail: string };

/**
 * Checks a signed request: `s` must be the HMAC of the path and every other
 * parameter with `secret`, and `exp` (when present, itself signed) in the
 * future. Constant-time comparison; a changed, added or removed parameter,
 * another path or another secret all fail as `mismatch`.
 */
export function verifyRenderUrl(input: { path: string; pairs: QueryPairs; secret: string; now: Date }): VerifyResult {
  const signatures = input.pairs.filter(([name]) => name === SIGNATURE_PARAM);
  if (signatures.length === 0) return { ok: false, reason: 'missing', detail: 'The URL has no `s` signature parameter.' };
  const given = signatures[0]![1];
  if (signatures.length > 1 || !/^[0-9a-f]{64}$/.test(given)) {
    return { ok: false, reason: 'malformed', detail: '`s` must appear once, as 64 lowercase hexadecimal digits (HMAC-SHA256).' };
  }
  const expected = Buffer.from(signatureOf(input.secret, input.path, input.pairs), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) {
    return {
      ok: false,
      reason: 'mismatch',
      detail: 'The signature does not match this path and query: the URL was changed after signing, or signed with another secret.',
    };
  }
  const expiries = input.pairs.filter(([name]) => name === EXPIRES_PARAM);
  if (expiries.length === 0) return { ok: true, expiresAt: null };
  const seconds = Number(expiries[0]![1]);
  if (expiries.length > 1 || !/^\d{1,12}$/.test(expiries[0]![1]) || !Number.isSafeInteger(seconds)) {
    return { ok: false, reason: 'malformed', detail: '`exp` must appear once, as a Unix time in seconds.' };
  }
  const expiresAt = new Date(seconds * 1000);
  if (expiresAt.getTime() <= input.now.getTime()) {
    return { ok: false, reason: 'expired', detail: `The signed URL expired at ${expiresAt.toISOString()}.` };
  }
  return { ok: true, expiresAt };
}
