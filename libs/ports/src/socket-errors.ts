import { types } from 'node:util';

/** Socket errors of a connection that never opened: the server is down, the name does not resolve, no route. */
export const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * An Error from any realm. Node's own socket errors are made in Node's realm, so under a vm context (jest's) they are
 * not `instanceof` that context's Error: `types.isNativeError` still knows them.
 */
export function isError(value: unknown): value is Error {
  return value instanceof Error || types.isNativeError(value);
}

/**
 * An error's `code` (a socket's `ECONNREFUSED`, a server's SQLSTATE), read structurally so an error of any realm has
 * one. An AggregateError has none of its own (`localhost` tried over IPv6 and IPv4 refuses with one of both
 * attempts): the first of its errors' codes.
 */
export function codeOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, errors } = error as { code?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  if (Array.isArray(errors)) return errors.map(codeOf).find(Boolean);
  return undefined;
}
