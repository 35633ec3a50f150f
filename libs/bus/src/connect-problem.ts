// Read structurally, from any realm: Node's socket errors are not `instanceof` the Error of a vm context (jest's).
import { codeOf, isError, NETWORK_CODES } from '@pressroom/ports';

/** The NATS client's own errors for a connection that did not open: no server answered, too slow, refused credentials. */
const NATS_CONNECT_ERRORS = new Set(['ConnectionError', 'TimeoutError', 'AuthorizationError', 'UserAuthenticationExpiredError']);

const NATS_DEFAULT_PORT = '4222';

/** One server of NATS_URL without its user, password or token: `host:port` (the client's default port when none). */
function serverWhere(server: string): string {
  const withScheme = server.includes('://') ? server : `nats://${server}`;
  try {
    const parsed = new URL(withScheme);
    return `${parsed.hostname}:${parsed.port || NATS_DEFAULT_PORT}`;
  } catch {
    // Not a URL: whatever comes after a credentials part, never the part itself.
    return server.slice(server.lastIndexOf('@') + 1).replace(/^[a-z]+:\/\//i, '') || '(unreadable server)';
  }
}

/** Where NATS_URL points, server by server (the client reads a comma-separated list as several servers). */
function natsWhere(url: string): string {
  const servers = url
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean)
    .map(serverWhere);
  return servers.join(', ') || 'NATS_URL';
}

/**
 * The NATS at NATS_URL could not be reached: one line for the operator naming where it points (never a user,
 * password or token) and what the client or the network said; null when the error is anything else.
 * `what` names the connection in the line (default `NATS`; e.g. `the NATS object store`).
 */
export function natsConnectProblem(error: unknown, url: string | undefined, what = 'NATS'): string | null {
  if (!url || !isError(error)) return null;
  const cause = isError(error.cause) ? error.cause : undefined;
  const network = [codeOf(error), codeOf(cause)].some((code) => code !== undefined && NETWORK_CODES.has(code));
  if (!network && !NATS_CONNECT_ERRORS.has(error.name)) return null;
  // `connection refused` alone does not say where: the socket's own message (`connect ECONNREFUSED host:port`) does.
  const said = cause?.message && !error.message.includes(cause.message) ? `${error.message}: ${cause.message}` : error.message;
  return `cannot reach ${what} at ${natsWhere(url)} (NATS_URL): ${said || codeOf(error) || error.name}`;
}
