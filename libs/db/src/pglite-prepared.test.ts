import { PGlite } from '@electric-sql/pglite';
import { PreparedStatements } from './pglite-prepared.js';

describe('PreparedStatements (PGlite)', () => {
  let client: PGlite;

  beforeEach(async () => {
    client = await PGlite.create();
    await client.exec(`create table items (id text primary key, n integer, at timestamptz, doc jsonb, note text)`);
  });

  afterEach(async () => {
    await client.close();
  });

  const insert = `insert into items (id, n, at, doc, note) values ($1, $2, $3, $4, $5) returning id, n, doc, note`;
  const select = `select id, n, doc, note from items where n >= $1 order by id`;

  it('answers as PGlite query does, in object and array row modes, nulls and JSON included', async () => {
    const prepared = new PreparedStatements(client);
    const ours = await prepared.run(insert, ['a', 1, '2026-11-28T00:00:00Z', '{"k":[1,2]}', null]);
    await client.query(insert, ['b', 2, '2026-11-28T00:00:00Z', '{"k":[3]}', 'x']);
    expect(ours.rows).toEqual([{ id: 'a', n: 1, doc: { k: [1, 2] }, note: null }]);
    expect(ours.affectedRows).toBe(1);
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const mine = await prepared.run(select, [0], options);
      const theirs = await client.query(select, [0], options);
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
    }
  });

  it('prepares a statement once and runs it again by name', async () => {
    const prepared = new PreparedStatements(client);
    for (let n = 0; n < 5; n++) await prepared.run(insert, [`id${n}`, n, null, null, null]);
    expect(prepared.size).toBe(1);
    const { rows } = await client.query<{ name: string; calls: string }>(`select name from pg_prepared_statements`);
    expect(rows.map((row) => row.name)).toEqual(['pressroom_1']);
  });

  it('gives a failing statement the database error and goes on working', async () => {
    const prepared = new PreparedStatements(client);
    await prepared.run(insert, ['dup', 1, null, null, null]);
    const error = (await prepared.run(insert, ['dup', 2, null, null, null]).catch((e: unknown) => e)) as Error & {
      code?: string;
      query?: string;
    };
    expect(error.code).toBe('23505');
    expect(error.query).toBe(insert);
    const syntax = (await prepared.run('select from where', []).catch((e: unknown) => e)) as { code?: string };
    expect(syntax.code).toBe('42601');
    expect(prepared.size).toBe(1);
    expect((await prepared.run(select, [0])).rows).toHaveLength(1);
  });

  it('keeps at most `max` statements, closing the oldest, and prepares it again when needed', async () => {
    const prepared = new PreparedStatements(client, { max: 2 });
    const statements = [1, 2, 3].map((k) => `select ${k} + $1::integer as v`);
    for (const text of statements) await prepared.run(text, [1]);
    expect(prepared.size).toBe(2);
    expect((await prepared.run(statements[0]!, [1])).rows).toEqual([{ v: 2 }]);
    const { rows } = await client.query<{ count: number }>(`select count(*)::integer as count from pg_prepared_statements`);
    expect(rows[0]!.count).toBe(2);
  });

  it('prepares again a statement whose result shape a schema change altered', async () => {
    const prepared = new PreparedStatements(client);
    const all = `select * from items where id = $1`;
    await prepared.run(insert, ['a', 1, null, null, null]);
    expect(Object.keys((await prepared.run(all, ['a'])).rows[0]!)).toHaveLength(5);
    await client.exec(`alter table items add column extra text default 'e'`);
    expect((await prepared.run(all, ['a'])).rows[0]).toMatchObject({ id: 'a', extra: 'e' });
  });

  it('only takes plain DML', () => {
    expect(PreparedStatements.preparable('  SELECT 1')).toBe(true);
    expect(PreparedStatements.preparable('with x as (select 1) insert into t select * from x')).toBe(true);
    expect(PreparedStatements.preparable('create table t (a int)')).toBe(false);
    expect(PreparedStatements.preparable('selective')).toBe(false);
  });
});
