// Read structurally, from any realm: Node's socket errors are not `instanceof` the Error of a vm context (jest's).
import { codeOf, isError, NETWORK_CODES } from '@pressroom/ports';

/**
 * PostgreSQL's refusals before any statement runs (SQLSTATE): class 08 (connection exception), class 28 (wrong
 * user or password, or pg_hba.conf), 3D000 (no such database), 53300 (too many connections), 57P03 (starting up).
 */
const SERVER_REFUSAL = /^(08|28)|^(3D000|53300|57P03)$/;

/** Where DATABASE_URL points, without its user and password: `host:port/database`, or the socket directory. */
function databaseWhere(url: string): string {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(default database)';
    // ?host= names a Unix socket's directory, which is then used whatever host the URL has.
    const socket = parsed.searchParams.get('host');
    const host = socket ? `socket ${socket}` : parsed.host || 'localhost';
    return `${host}/${database}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * The PostgreSQL at DATABASE_URL could not be opened: one line for the operator naming where it points (never the
 * password) and what the server or the network said; null when the error is anything else.
 */
export function databaseOpenProblem(error: unknown, url: string | undefined): string | null {
  if (!url || !isError(error)) return null;
  const code = codeOf(error);
  const timedOut = /timeout|timed out/i.test(error.message);
  // ENOENT only for the socket file (`connect ENOENT /run/postgresql/.s.PGSQL.5432`), not for any missing file.
  const noSocket = code === 'ENOENT' && error.message.includes('.s.PGSQL.');
  if (!timedOut && !noSocket && !(code && (NETWORK_CODES.has(code) || SERVER_REFUSAL.test(code)))) return null;
  // An AggregateError (IPv6 and IPv4 both refused) may have no message of its own: its errors', read from any realm.
  const inner = (error as { errors?: unknown }).errors;
  const said =
    error.message ||
    (Array.isArray(inner)
      ? inner
          .filter(isError)
          .map((e) => e.message)
          .join('; ')
      : '') ||
    code;
  return `cannot open the database at ${databaseWhere(url)} (DATABASE_URL): ${said}`;
}
