import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { authenticateApiKey, openDatabase } from '@pressroom/db';
import { createTestDatabase, TEST_POSTGRES_URL } from '@pressroom/testing';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const operations = readFileSync(join(repoRoot, 'docs/operations.md'), 'utf8');

/** The fenced block of `lang` that follows `after` in docs/operations.md: what an operator copies. */
function docBlock(after: string, lang: 'sh' | 'sql'): string {
  const from = operations.indexOf(after);
  expect(from).toBeGreaterThan(0);
  const block = new RegExp('```' + lang + '\\n([\\s\\S]*?)\\n\\s*```').exec(operations.slice(from));
  return block![1]!.replace(/^ {2}/gm, '');
}

/** The admin CLI as `make migrate` and `make key` run it (the Makefile adds only its setup step). */
async function cli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ['--conditions=source', '--import', 'tsx', 'services/gateway/src/admin-cli/main.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_OPTIONS: '', PRESSROOM_ADMIN_SOCKET_WAIT_MS: '0', ...env },
  });
}

const psql = (url: string, sql: string) => run('psql', ['--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '-qAt', url, '-c', sql]);

// docs/operations.md, "Backup and restore" and "Database migrations", as written: the commands are read from the
// page and run against the local PostgreSQL, so the page cannot drift from what works.
describe('docs/operations.md database commands', () => {
  let source: Awaited<ReturnType<typeof createTestDatabase>>;
  let target: Awaited<ReturnType<typeof createTestDatabase>>;
  let work: string;
  beforeAll(async () => {
    [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    work = mkdtempSync(join(tmpdir(), 'pressroom-backup-docs-'));
  });
  afterAll(async () => {
    await Promise.all([source?.drop(), target?.drop()]);
    rmSync(work, { recursive: true, force: true });
  });

  it('the pg_dump and pg_restore lines bring a database back whole: keys work, and migrate finds nothing to apply', async () => {
    await cli({ DATABASE_URL: source.url }, 'migrate');
    const key = (await cli({ DATABASE_URL: source.url }, 'key', '--account', 'backed-up')).stdout.trim();
    expect(key).toMatch(/^prs_live_[0-9a-f]{64}$/);

    const lines = docBlock('The database, by hand', 'sh')
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter(Boolean);
    const dump = lines.find((line) => line.startsWith('pg_dump '))!;
    const restore = lines.find((line) => line.startsWith('pg_restore '))!;
    expect(lines).toContain('make migrate');
    await run('bash', ['-c', dump], { cwd: work, env: { ...process.env, DATABASE_URL: source.url } });
    await run('bash', ['-c', restore], { cwd: work, env: { ...process.env, DATABASE_URL: target.url } });

    const migrated = await cli({ DATABASE_URL: target.url, PRESSROOM_MIGRATE: 'off' }, 'migrate');
    expect(migrated.stdout).toBe('database schema up to date (nothing to apply)\n');
    const db = await openDatabase({ url: target.url, migrate: 'off' });
    try {
      expect((await authenticateApiKey(db, key))?.account.name).toBe('backed-up');
    } finally {
      await db.close();
    }
  }, 180_000);

  it('the grants let a services’ user without DDL rights run with PRESSROOM_MIGRATE=off, on the tables of a later release too', async () => {
    const role = `pressroom_app_${randomBytes(4).toString('hex')}`;
    const password = randomBytes(12).toString('hex');
    const owner = new URL(target.url);
    const app = new URL(target.url);
    app.username = role;
    app.password = password;
    await psql(TEST_POSTGRES_URL, `CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
    try {
      await psql(owner.href, docBlock("The services' user needs only", 'sql').replaceAll('pressroom_app', role));

      const made = await cli({ DATABASE_URL: app.href, PRESSROOM_MIGRATE: 'off' }, 'key', '--account', 'no-ddl');
      expect(made.stdout.trim()).toMatch(/^prs_live_[0-9a-f]{64}$/);
      await expect(psql(app.href, 'CREATE TABLE may_not (x int)')).rejects.toThrow(/permission denied/);

      // A later release's migration, run by the migrating user, adds a table with a sequence: the services may use it.
      await psql(owner.href, 'CREATE TABLE a_later_release (id serial PRIMARY KEY, note text)');
      const { stdout } = await psql(app.href, "INSERT INTO a_later_release (note) VALUES ('ok') RETURNING id");
      expect(stdout.trim()).toBe('1');
    } finally {
      await target.drop();
      await psql(TEST_POSTGRES_URL, `DROP ROLE IF EXISTS ${role}`);
    }
  }, 180_000);
});
