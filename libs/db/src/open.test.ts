import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '@pressroom/testing';
import { createAccount, DataDirLockedError, findAccountByName, migrationsFolder, openDatabase, sqlRows, type Db } from './index.js';
import { acquireDataDirLock, lockPathFor } from './data-dir-lock.js';

const TABLES = [
  'accounts',
  'ai_credit_usage',
  'api_keys',
  'assets',
  'audit_events',
  'batch_items',
  'batches',
  'bindings',
  'credit_usage',
  'custom_storages',
  'idempotency_keys',
  'instance_settings',
  'password_resets',
  'plan_settings',
  'rate_counters',
  'refused_requests',
  'renders',
  'sessions',
  'team_invites',
  'team_members',
  'teams',
  'template_versions',
  'templates',
  'url_render_cache',
  'url_signing_secrets',
  'users',
  'video_templates',
  'webhook_deliveries',
  'webhook_subscriptions',
];
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

async function tables(db: Db): Promise<string[]> {
  const rows = await sqlRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

async function appliedMigrations(db: Db): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(row!.n);
}

describe('openDatabase on PostgreSQL', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.drop());

  it('migrate: false leaves a fresh database empty', async () => {
    const db = await openDatabase({ url: testDb.url, migrate: false });
    expect(db.kind).toBe('postgres');
    expect(await tables(db)).toEqual([]);
    await db.close();
  });

  it('two openers (as two replicas would) migrating one fresh database at once both succeed; a third open is a no-op', async () => {
    const [a, b] = await Promise.all([openDatabase({ url: testDb.url }), openDatabase({ url: testDb.url })]);
    expect(await tables(a)).toEqual(TABLES);
    expect(await appliedMigrations(a)).toBe(journal.entries.length);
    await Promise.all([a.close(), b.close()]);
    const c = await openDatabase({ url: testDb.url });
    expect(await appliedMigrations(c)).toBe(journal.entries.length);
    expect(await c.healthy()).toBe(true);
    await c.close();
    expect(await c.healthy()).toBe(false);
  });

  it('reports an unreachable server as a failed open, not a hang', async () => {
    await expect(openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' })).rejects.toThrow();
  });
});

describe('openDatabase on PGlite', () => {
  it('in memory: migrated and healthy', async () => {
    const db = await openDatabase({});
    expect(db.kind).toBe('pglite');
    expect(await tables(db)).toEqual(TABLES);
    expect(await appliedMigrations(db)).toBe(journal.entries.length);
    expect(await db.healthy()).toBe(true);
    await db.close();
  });

  it('on disk: data survives reopen, migrations are not re-applied, the directory is locked while open', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'pressroom-db-'));
    const dataDir = join(parent, 'pglite');
    try {
      const first = await openDatabase({ dataDir });
      await createAccount(first, { name: 'persisted' });
      expect(existsSync(lockPathFor(dataDir))).toBe(true);
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
      await first.close();
      expect(existsSync(lockPathFor(dataDir))).toBe(false);

      const second = await openDatabase({ dataDir });
      expect(await findAccountByName(second, 'persisted')).not.toBeNull();
      expect(await appliedMigrations(second)).toBe(journal.entries.length);
      await second.close();
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('data directory lock', () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'pressroom-lock-'));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('refuses while a live process holds it, and names that process', () => {
    const dataDir = join(parent, 'db');
    writeFileSync(lockPathFor(dataDir), `${process.ppid}\n`);
    try {
      acquireDataDirLock(dataDir);
      throw new Error('expected DataDirLockedError');
    } catch (error) {
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as DataDirLockedError).holderPid).toBe(process.ppid);
      expect((error as Error).message).toMatch(/in use by process/);
    }
  });

  it('takes over a lock left by a dead process, or by an earlier incarnation with our pid', () => {
    const dead = spawnSync('true').pid;
    for (const stalePid of [dead, process.pid]) {
      const dataDir = join(parent, `db-${stalePid}`);
      writeFileSync(lockPathFor(dataDir), `${stalePid}\n`);
      const lock = acquireDataDirLock(dataDir);
      expect(readFileSync(lockPathFor(dataDir), 'utf8').trim()).toBe(String(process.pid));
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError); // same process, second handle
      lock.release();
      expect(readdirSync(parent)).not.toContain(`db-${stalePid}.lock`);
    }
  });
});
