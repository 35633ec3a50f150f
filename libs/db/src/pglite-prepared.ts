import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

/** What PGlite's `query` takes as its third argument (drizzle sends `rowMode`). */
export type PgliteQueryOptions = Parameters<PGlite['query']>[2];

interface Statement {
  name: string;
  /** Parameter type oids, as the server inferred them: what picks each value's serializer. */
  paramTypes: number[];
}

/** Only plain DML is kept prepared; DDL and utility statements (migrations, SET) take PGlite's own path. */
const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;

/** A cached plan that a schema change invalidated in a way PostgreSQL will not re-plan by itself. */
const isStalePlan = (error: unknown) =>
  (error as { code?: string } | null)?.code === '0A000' && /cached plan/i.test((error as Error).message);

const { serialize } = protocol;

function joined(messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    out.set(message, offset);
    offset += message.length;
  }
  return out;
}

/**
 * The statements drizzle sends to PGlite, each parsed and planned once per process as a named
 * prepared statement, then run by one protocol call (bind, describe, execute, sync).
 *
 * PGlite's `query` sends every statement unnamed in six calls into the WASM backend (parse,
 * describe, bind, describe, execute, sync), so PostgreSQL parses and plans it each time: for the
 * render path's statements that was 0.4–1.3 ms of CPU each, against 0.2–0.3 ms prepared
 * (measured on this machine; issue 18, docs/adr/0050-pglite-prepared-statements.md).
 * PostgreSQL re-plans a prepared statement by itself when the tables it reads change.
 * The caller holds PGlite's exclusion (see `runPrepared`); the results are PGlite's own.
 */
export class PreparedStatements {
  readonly #client: PGlite;
  readonly #max: number;
  /** By statement text, oldest use first (re-inserted on use): an LRU bounded by `max`. */
  readonly #byText = new Map<string, Statement>();
  /** Close messages of evicted statements, sent with the next protocol call. */
  #closing: Uint8Array[] = [];
  #counter = 0;

  constructor(client: PGlite, options: { max?: number } = {}) {
    this.#client = client;
    this.#max = options.max ?? 500;
  }

  static preparable(text: string): boolean {
    return PREPARABLE.test(text);
  }

  get size(): number {
    return this.#byText.size;
  }

  /** Runs one statement as PGlite's `query` would; the caller holds PGlite's exclusion. */
  async run(text: string, params: unknown[] = [], options?: PgliteQueryOptions): Promise<Results> {
    try {
      return await this.#execute(await this.#statement(text), text, params, options);
    } catch (error) {
      if (!isStalePlan(error)) throw withQuery(error, text, params, options);
      this.#forget(text);
      try {
        return await this.#execute(await this.#statement(text), text, params, options);
      } catch (retried) {
        throw withQuery(retried, text, params, options);
      }
    }
  }

  async #statement(text: string): Promise<Statement> {
    const known = this.#byText.get(text);
    if (known) {
      this.#byText.delete(text);
      this.#byText.set(text, known);
      return known;
    }
    const name = `pressroom_${++this.#counter}`;
    const described = await this.#send([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    this.#byText.set(text, statement);
    if (this.#byText.size > this.#max) this.#forget(this.#byText.keys().next().value!);
    return statement;
  }

  async #execute(statement: Statement, text: string, params: unknown[], options: PgliteQueryOptions): Promise<Results> {
    const serializers = this.#client.serializers;
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializer = serializers[statement.paramTypes[index]!];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await this.#send([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    return parse.parseResults(messages, this.#client.parsers, options)[0]!;
  }

  #forget(text: string): void {
    const statement = this.#byText.get(text);
    if (!statement) return;
    this.#byText.delete(text);
    this.#closing.push(serialize.close({ type: 'S', name: statement.name }));
  }

  async #send(messages: Uint8Array[]) {
    const closing = this.#closing;
    this.#closing = [];
    // A Close of an evicted statement goes first; an error in it (never expected) fails this call, not a later one.
    const { messages: replies } = await this.#client.execProtocol(joined([...closing, ...messages]), { syncToFs: false });
    return replies;
  }
}

/** The statement on the error, as PGlite's own query errors carry it (logs show it). */
function withQuery(error: unknown, query: string, params: unknown[], queryOptions: PgliteQueryOptions): unknown {
  if (error instanceof Error) Object.assign(error, { query, params, queryOptions });
  return error;
}
