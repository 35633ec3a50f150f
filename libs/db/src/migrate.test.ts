import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '@pressroom/testing';
import { migrateDatabase, migrationsFolder, MigrationsPendingError, openDatabase, sqlRows, type Db } from './index.js';

const TAGS = (JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.map(
  (entry) => entry.tag,
);

async function tableCount(db: Db): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
  );
  return Number(row!.n);
}

async function refusal(open: Promise<Db>): Promise<MigrationsPendingError> {
  const error = await open.then(
    async (db) => {
      await db.close();
      throw new Error('expected the open to be refused');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MigrationsPendingError);
  return error as MigrationsPendingError;
}

describe('PRESSROOM_MIGRATE=off on PostgreSQL', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.drop());

  it('refuses a fresh database, naming every pending migration and how to apply them, and changes nothing', async () => {
    const error = await refusal(openDatabase({ url: testDb.url, migrate: 'off' }));
    expect(error.pending).toEqual(TAGS);
    expect(error.message).toContain(`${TAGS.length} migrations pending (${TAGS[0]}, `);
    expect(error.message).toContain('PRESSROOM_MIGRATE=off');
    expect(error.message).toContain('make migrate');
    expect(error.message).toContain('node services/gateway/dist/admin-cli/main.js migrate');
    const bare = await openDatabase({ url: testDb.url, migrate: false });
    expect(await tableCount(bare)).toBe(0);
    await bare.close();
  });

  it('the one-shot run applies them all and says which; a second run applies none; then off opens', async () => {
    expect(await migrateDatabase({ url: testDb.url })).toEqual(TAGS);
    expect(await migrateDatabase({ url: testDb.url })).toEqual([]);
    const db = await openDatabase({ url: testDb.url, migrate: 'off' });
    expect(await tableCount(db)).toBeGreaterThan(20);
    expect(await db.healthy()).toBe(true);
    await db.close();
  });

  it('refuses a database one release behind, naming only the newest migration', async () => {
    const db = await openDatabase({ url: testDb.url, migrate: false });
    // What a database migrated by the previous release looks like to the check: its journal lacks the newest row.
    await db.orm.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    await db.close();
    const error = await refusal(openDatabase({ url: testDb.url, migrate: 'off' }));
    expect(error.pending).toEqual([TAGS.at(-1)]);
    expect(error.message).toContain(`1 migration pending (${TAGS.at(-1)})`);
  });
});

describe('PRESSROOM_MIGRATE=off on PGlite', () => {
  it('refuses an empty database the same way', async () => {
    const error = await refusal(openDatabase({ migrate: 'off' }));
    expect(error.pending).toEqual(TAGS);
  });
});
