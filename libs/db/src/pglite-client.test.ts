import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { createPgliteForDrizzle, drizzleView } from './pglite-client.js';

describe('the PGlite client drizzle is given', () => {
  let client: PGlite;

  beforeEach(async () => {
    client = await createPgliteForDrizzle(undefined);
  });

  afterEach(async () => {
    await client.close();
  });

  it('answers as drizzle expects without per-query parsers: timestamps as text, other types parsed', async () => {
    const seen: unknown[] = [];
    const spy = new Proxy(client, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (property === 'query') {
          return (query: string, params?: unknown[], options?: Record<string, unknown>) => {
            seen.push(options?.parsers);
            return client.query(query, params, options);
          };
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const orm = drizzle({ client: drizzleView(spy) });
    const query = sql`select '2026-11-25 06:00:00+00'::timestamptz as at, 42::int as n, '{"a":1}'::jsonb as j`;
    const { rows } = (await orm.execute(query)) as unknown as { rows: Array<{ at: unknown; n: unknown; j: unknown }> };
    expect(rows[0]).toEqual({ at: '2026-11-25 06:00:00+00', n: 42, j: { a: 1 } });
    expect(seen).toEqual([]);
    // Transactions go through the same view.
    const inTx = await orm.transaction(async (tx) => (await tx.execute(query)) as unknown as { rows: Array<{ at: unknown }> });
    expect(inTx.rows[0]!.at).toBe('2026-11-25 06:00:00+00');
    // Both statements ran prepared, by name: PGlite's own query path was not taken.
    const prepared = await client.query<{ name: string }>(`select name from pg_prepared_statements`);
    expect(prepared.rows.map((row) => row.name)).toEqual(['pressroom_1']);
  });

  it('a statement sent while a transaction is open waits for it instead of running inside it', async () => {
    const orm = drizzle({ client: drizzleView(client) });
    await orm.execute(sql`create table t (n integer)`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = orm
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t values (1)`);
        await held;
        tx.rollback();
      })
      .catch(() => 'rolled back');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = orm.execute(sql`insert into t values (${2})`);
    release();
    expect(await transaction).toBe('rolled back');
    await outside;
    const { rows } = (await orm.execute(sql`select n from t`)) as unknown as { rows: Array<{ n: number }> };
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('share the prepared statements, so their names never collide', async () => {
    const [first, second] = [drizzle({ client: drizzleView(client) }), drizzle({ client: drizzleView(client) })];
    const query = sql`select ${1}::integer + 1 as n`;
    await first.execute(query);
    await second.execute(sql`select ${2}::integer * 2 as n`);
    const { rows } = (await second.execute(query)) as unknown as { rows: Array<{ n: number }> };
    expect(rows).toEqual([{ n: 2 }]);
    const prepared = await client.query<{ name: string }>(`select name from pg_prepared_statements order by name`);
    expect(prepared.rows.map((row) => row.name)).toEqual(['pressroom_1', 'pressroom_2']);
  });
});
