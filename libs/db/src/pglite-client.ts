import { PGlite, types } from '@electric-sql/pglite';
import { PreparedStatements, type PgliteQueryOptions } from './pglite-prepared.js';

/**
 * The types drizzle's PGlite driver wants as PostgreSQL's text (it makes its own Dates):
 * timestamp, timestamptz, interval, date and their arrays (numeric[] too).
 */
const KEPT_AS_TEXT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

/**
 * A PGlite whose own type parsers already leave those types as text, handed to drizzle
 * through a view that drops the `parsers` drizzle sends with every query. PGlite merges
 * per-query parsers into a copy of its whole parser map (hundreds of types) on each
 * query: ~0.3 ms of CPU per statement, a few per cent of an embedded render (issue 18).
 * The results are the same: the parsers are the same ones, installed once.
 */
export async function createPgliteForDrizzle(dataDir: string | undefined): Promise<PGlite> {
  const parsers = Object.fromEntries(KEPT_AS_TEXT.map((oid) => [oid, asText]));
  return PGlite.create({ ...(dataDir ? { dataDir } : {}), parsers });
}

type Query = (query: string, params?: unknown[], options?: PgliteQueryOptions) => Promise<unknown>;

function withoutParsers(options: PgliteQueryOptions | undefined): PgliteQueryOptions | undefined {
  if (!options?.parsers) return options;
  const { parsers: _dropped, ...rest } = options;
  return rest;
}

/**
 * The client as drizzle sees it: per-query parsers dropped, and DML run as prepared statements
 * (pglite-prepared.ts), in transactions too. PGlite's own exclusion is kept: outside a transaction
 * a statement waits for any open transaction and then for the query lock, as `query` does; inside
 * one, for the query lock only.
 */
export function drizzleView(client: PGlite): PGlite {
  const prepared = preparedOf(client);
  const topLevel: Query = (query, params, options) =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await prepared.run(query, params, withoutParsers(options));
        await client.syncToFs();
        return result;
      }),
    );
  const inTransaction: Query = (query, params, options) =>
    client._runExclusiveQuery(() => prepared.run(query, params, withoutParsers(options)));
  return view(client, topLevel, (tx) => view(tx, inTransaction, null));
}

/** One set per client: statement names are the session's, so two sets on one client would collide. */
const preparedByClient = new WeakMap<PGlite, PreparedStatements>();
function preparedOf(client: PGlite): PreparedStatements {
  let prepared = preparedByClient.get(client);
  if (!prepared) {
    prepared = new PreparedStatements(client);
    preparedByClient.set(client, prepared);
  }
  return prepared;
}

function view<T extends object>(target: T, run: Query, transactionView: ((tx: object) => object) | null): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: PgliteQueryOptions) =>
          PreparedStatements.preparable(query) ? run(query, params, options) : method.call(object, query, params, withoutParsers(options));
      }
      if (property === 'transaction' && transactionView) {
        return (work: (tx: object) => unknown) => method.call(object, (tx: object) => work(transactionView(tx)));
      }
      // PGlite's methods check their receiver (private state): called on the client itself.
      return method.bind(object);
    },
  });
}
