import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { assertMigrated, migratePglite, migratePostgres, type MigrateMode } from './migrate.js';
import { createPgliteForDrizzle, drizzleView } from './pglite-client.js';
import * as schema from './schema.js';
import type { Statement } from './statement.js';

export type Schema = typeof schema;
/** The drizzle instance; the same query API on PostgreSQL and PGlite. */
export type Orm = PgDatabase<PgQueryResultHKT, Schema>;

export interface Db {
  kind: 'postgres' | 'pglite';
  orm: Orm;
  close(): Promise<void>;
  /** One round trip to the database; false instead of throwing. */
  healthy(): Promise<boolean>;
  /**
   * A statement of the render path run by the driver itself, outside any transaction: its rows as
   * the driver returns them (column names as the SQL spells them; on PGlite, timestamps as text).
   */
  rows<T = Record<string, unknown>>(statement: Statement, params: readonly unknown[]): Promise<T[]>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string. Set → PostgreSQL; unset → PGlite. */
  url?: string;
  /** PGlite data directory; undefined → in-memory PGlite (tests). */
  dataDir?: string;
  /**
   * 'auto' (default): apply the committed migrations before returning. 'off': apply none, and throw
   * MigrationsPendingError when some are pending (PRESSROOM_MIGRATE=off). false: neither (tests that
   * build an older schema by hand).
   */
  migrate?: MigrateMode | false;
  /** PostgreSQL pool size. Default 10. */
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Db> {
  return (await open(options)).db;
}

/**
 * The one-shot migration run (`make migrate`, the admin CLI's `migrate`; docs/operations.md#database-migrations):
 * applies what is pending, whatever PRESSROOM_MIGRATE says, and returns the tags it applied (none: up to date).
 */
export async function migrateDatabase(options: Omit<OpenDatabaseOptions, 'migrate'>): Promise<string[]> {
  const { db, applied } = await open({ ...options, migrate: 'auto', poolSize: 1 });
  await db.close();
  return applied;
}

/** The opened database, and the migrations this open applied. */
interface Opened {
  db: Db;
  applied: string[];
}

function open(options: OpenDatabaseOptions): Promise<Opened> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.dataDir, options);
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Opened> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle client losing its connection emits 'error' on the pool; unhandled, that
  // kills the process. The pool drops the client and the next query reconnects.
  pool.on('error', () => {});
  let applied: string[] = [];
  try {
    const mode = options.migrate ?? 'auto';
    if (mode === 'auto') applied = await migratePostgres(pool);
    else if (mode === 'off') await assertMigrated((text) => pool.query(text));
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const orm = drizzlePg({ client: pool, schema });
  let closed = false;
  const db: Db = {
    kind: 'postgres',
    orm,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
    healthy: () => probe(() => pool.query('select 1')),
    async rows<T>(statement: Statement, params: readonly unknown[]) {
      // Unnamed, as drizzle sends them: a named statement lives on one server connection, which a
      // transaction-pooling proxy (PgBouncer before 1.21) does not keep for us.
      const result = await pool.query(statement.text, [...params]);
      return result.rows as T[];
    },
  };
  return { db, applied };
}

async function openPglite(dataDir: string | undefined, options: OpenDatabaseOptions): Promise<Opened> {
  const lock: DataDirLock | null = dataDir ? acquireDataDirLock(dataDir) : null;
  let client: PGlite | undefined;
  try {
    const pglite = await createPgliteForDrizzle(dataDir);
    client = pglite;
    // The view runs DML as prepared statements under PGlite's own locks (pglite-client.ts); `rows` uses it too.
    const view = drizzleView(client);
    const orm = drizzlePglite({ client: view, schema });
    const mode = options.migrate ?? 'auto';
    let applied: string[] = [];
    if (mode === 'auto') applied = await migratePglite(orm);
    else if (mode === 'off') await assertMigrated((text) => pglite.query(text));
    const opened = client;
    let closed = false;
    const db: Db = {
      kind: 'pglite',
      orm,
      async close() {
        if (closed) return;
        closed = true;
        try {
          await opened.close();
        } finally {
          lock?.release();
        }
      },
      healthy: () => probe(() => opened.query('select 1')),
      async rows<T>(statement: Statement, params: readonly unknown[]) {
        return (await view.query<T>(statement.text, [...params])).rows;
      },
    };
    return { db, applied };
  } catch (error) {
    await client?.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

async function probe(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await query();
    return true;
  } catch {
    return false;
  }
}

/**
 * Run raw SQL and return its rows. Both drivers' results carry `rows`; the shared
 * drizzle type cannot say so, hence this one cast.
 */
export async function sqlRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.orm.execute(query)) as { rows: T[] };
  return result.rows;
}
