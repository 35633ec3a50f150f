import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase } from '@pressroom/testing';
import {
  authenticateApiKey,
  createUser,
  findAccountByName,
  findTeamByName,
  listAuditEvents,
  openDatabase,
  signInWithPassword,
  type Db,
} from '@pressroom/db';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const entry = 'services/gateway/src/admin-cli/main.ts';

// The CLI as an operator runs it: a child process, configured only through the environment.
async function cli(
  database: string | { dataDir: string } | { env: NodeJS.ProcessEnv },
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string; lastLine: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', entry, ...args], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        // Do not wait for a server that is not coming (this test stands in for one).
        PRESSROOM_ADMIN_SOCKET_WAIT_MS: '0',
        ...(typeof database === 'string'
          ? { DATABASE_URL: database }
          : 'env' in database
            ? database.env
            : { DATABASE_URL: '', PRESSROOM_DATA_DIR: database.dataDir }),
      },
    });
    return { code: 0, stdout, stderr, lastLine: stdout.trimEnd().split('\n').at(-1) ?? '' };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr, lastLine: e.stdout.trimEnd().split('\n').at(-1) ?? '' };
  }
}

describe('admin CLI against PostgreSQL', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openDatabase({ url: testDb.url });
  });
  afterAll(async () => {
    await db?.close();
    await testDb?.drop();
  });

  it('key --account creates the account and prints a working key last; list is masked; revoke disables it', async () => {
    const created = await cli(testDb.url, 'key', '--account', 'acme', '--plan', 'pro');
    expect(created.stderr).toMatch(/^created account acme .*\ncreated key key_\w+; it is shown only now:\n$/);
    expect(created.stdout.trim()).toBe(created.lastLine);
    expect(created.code).toBe(0);
    expect(created.lastLine).toMatch(/^prs_live_[0-9a-f]{64}$/);
    const key = created.lastLine;
    const account = await findAccountByName(db, 'acme');
    expect(account).toMatchObject({ name: 'acme', plan: 'pro' });
    const auth = await authenticateApiKey(db, key);
    expect(auth?.account.id).toBe(account!.id);

    const listed = await cli(testDb.url, 'keys', 'list', 'acme');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${key.slice(0, 13)}…${key.slice(-4)}`);
    expect(listed.stdout).toContain(auth!.keyId);
    expect(listed.stdout).not.toContain(key.slice(13, -4));

    const revoked = await cli(testDb.url, 'keys', 'revoke', auth!.keyId);
    expect(revoked.code).toBe(0);
    expect(await authenticateApiKey(db, key)).toBeNull();
    const again = await cli(testDb.url, 'keys', 'revoke', auth!.keyId);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already revoked/);

    // Every change is in the workspace's audit log, by the admin CLI, with no key and no address; the refused
    // second revoke is not.
    const masked = `${key.slice(0, 13)}…${key.slice(-4)}`;
    const events = await listAuditEvents(db, { ownerId: account!.ownerId, limit: 10 });
    expect(events.map((e) => [e.action, e.target.id, e.target.label])).toEqual([
      ['api_key.revoked', auth!.keyId, masked],
      ['api_key.created', auth!.keyId, masked],
      ['account.created', account!.id, 'acme'],
    ]);
    for (const event of events) {
      expect(event).toMatchObject({ actor: { accountId: 'admin-cli', email: null, name: 'admin CLI' }, key: null, ip: null });
    }
  });

  it('users set-password lets a CLI-made account sign in to the dashboard (random password printed last)', async () => {
    await cli(testDb.url, 'key', '--account', 'operator-made');
    const set = await cli(testDb.url, 'users', 'set-password', 'operator-made', '--email', 'Ops@Example.com');
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    const user = await signInWithPassword(db, {
      email: 'ops@example.com',
      password: set.lastLine,
      policy: { maxFailures: 5, lockMs: 1000 },
    });
    const account = (await findAccountByName(db, 'operator-made'))!;
    expect(user.personalAccountId).toBe(account.id);
    // Run again, it resets the password: both are the password action a reset link records, naming the person.
    expect((await cli(testDb.url, 'users', 'set-password', 'operator-made', '--email', 'ops@example.com')).code).toBe(0);
    const [reset, firstSet] = await listAuditEvents(db, { ownerId: account.ownerId, limit: 2 });
    for (const event of [reset, firstSet]) {
      expect(event).toMatchObject({
        action: 'account.password_reset',
        target: { id: user.id, label: 'ops@example.com' },
        actor: { accountId: 'admin-cli', name: 'admin CLI' },
        key: null,
        ip: null,
      });
    }
    const missing = await cli(testDb.url, 'users', 'set-password', 'operator-made');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/--email/);
  });

  it('key --account reuses an existing account; rotate prints a new key and kills the old one', async () => {
    const first = await cli(testDb.url, 'key', '--account', 'reuse');
    const second = await cli(testDb.url, 'key', '--account', 'reuse', '--label', 'ci');
    // The key alone on stdout (so `KEY=$(make -s key …)` holds just the key); the commentary on stderr.
    expect(second.stdout.trim()).toMatch(/^prs_live_[0-9a-f]{64}$/);
    expect(second.stderr).toMatch(/using existing account reuse/);
    const a = await authenticateApiKey(db, first.lastLine);
    const b = await authenticateApiKey(db, second.lastLine);
    expect(a?.account.id).toBe(b?.account.id);

    const rotated = await cli(testDb.url, 'keys', 'rotate', a!.keyId);
    expect(rotated.code).toBe(0);
    expect(rotated.lastLine).toMatch(/^prs_live_[0-9a-f]{64}$/);
    expect(await authenticateApiKey(db, first.lastLine)).toBeNull();
    expect((await authenticateApiKey(db, rotated.lastLine))?.account.id).toBe(a!.account.id);
    const [rotation] = await listAuditEvents(db, { ownerId: a!.account.ownerId, limit: 1 });
    expect(rotation).toMatchObject({ action: 'api_key.rotated', target: { id: a!.keyId }, actor: { name: 'admin CLI' } });
    expect(rotation!.target.label).toMatch(/^\(prs_live_\w+…\w{4} → prs_live_\w+…\w{4}\)$/);
  });

  it('accounts create, teams create and add, accounts plan and teams plan each record their event', async () => {
    const byCli = { actor: { accountId: 'admin-cli', email: null, name: 'admin CLI' }, key: null, ip: null };
    const log = async (ownerId: string) =>
      (await listAuditEvents(db, { ownerId, limit: 10 })).map((e) => {
        expect(e).toMatchObject(byCli);
        return [e.action, e.target.id, e.target.label];
      });

    expect((await cli(testDb.url, 'accounts', 'create', 'audited', '--plan', 'pro')).code).toBe(0);
    const account = (await findAccountByName(db, 'audited'))!;
    // The plan as the instance plan route records it: in the holder's log, the plan it is on now.
    expect((await cli(testDb.url, 'accounts', 'plan', 'audited', 'business')).code).toBe(0);
    expect(await log(account.id)).toEqual([
      ['instance.workspace_plan_changed', account.id, 'business'],
      ['account.created', account.id, 'audited'],
    ]);

    expect((await cli(testDb.url, 'teams', 'create', 'audited-team')).code).toBe(0);
    const team = (await findTeamByName(db, 'audited-team'))!;
    expect((await cli(testDb.url, 'teams', 'add', 'audited-team', 'audited')).code).toBe(0);
    // Already a member: nothing changed, nothing recorded.
    expect((await cli(testDb.url, 'teams', 'add', 'audited-team', 'audited')).code).toBe(0);
    expect((await cli(testDb.url, 'teams', 'plan', 'audited-team', 'enterprise')).code).toBe(0);
    expect(await log(team.id)).toEqual([
      ['instance.workspace_plan_changed', team.id, 'enterprise'],
      ['team.account_added', account.id, 'audited'],
      ['team.created', team.id, 'audited-team'],
      // The account's own log came with it into the team (addAccountToTeam moves it, as its templates and renders).
      ['instance.workspace_plan_changed', account.id, 'business'],
      ['account.created', account.id, 'audited'],
    ]);
    expect(await log(account.id)).toEqual([]);
    // Seven CLI processes, each loading the CLI from source through tsx (6 s or more apiece on a busy machine).
  }, 180_000);

  it('fails readably (exit 1, no stack trace) on unknown commands, accounts and plans', async () => {
    for (const args of [['frobnicate'], ['keys', 'create', 'nobody'], ['accounts', 'create', 'x', '--plan', 'gold'], ['keys', 'list']]) {
      const result = await cli(testDb.url, ...args);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^error: /);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('users set-password takes the command the Forgot password page shows, the address as typed naming the signed-up account', async () => {
    const person = await createUser(db, { email: 'Casey.Forgot@Example.com', password: 'first-password-1' });
    const typed = 'Casey.Forgot@Example.com';
    const reset = await cli(testDb.url, 'users', 'set-password', typed, '--email', typed);
    expect(reset.stderr).toBe('');
    expect(reset.code).toBe(0);
    const again = await signInWithPassword(db, {
      email: typed,
      password: reset.lastLine,
      policy: { maxFailures: 5, lockMs: 1000 },
    });
    expect(again.personalAccountId).toBe(person.personalAccountId);
  });

  it('refuses blank account and team names, and a sign-in email the dashboard could never accept', async () => {
    for (const [args, message] of [
      [['accounts', 'create', '  '], 'error: the account name must not be blank\n'],
      [['teams', 'create', ''], 'error: the team name must not be blank\n'],
      [['key', '--account', ' '], 'error: the account name must not be blank\n'],
      [['users', 'set-password', 'acme', '--email', 'acme-admin'], 'error: --email: Enter a valid email address. (got "acme-admin")\n'],
    ] as const) {
      const result = await cli(testDb.url, ...args);
      expect({ args, code: result.code, stderr: result.stderr }).toEqual({ args, code: 1, stderr: message });
    }
    expect(await findAccountByName(db, '  ')).toBeNull();
    expect(await findTeamByName(db, '')).toBeNull();
    // Spaces around a valid address are dropped, as the sign-in form does.
    const spaced = await cli(testDb.url, 'users', 'set-password', 'acme', '--email', ' Owner@Example.com ', '--password', 'long-enough-pw');
    expect(spaced.code).toBe(0);
    const owner = await signInWithPassword(db, {
      email: 'owner@example.com',
      password: 'long-enough-pw',
      policy: { maxFailures: 5, lockMs: 1000 },
    });
    expect(owner.personalAccountId).toBe((await findAccountByName(db, 'acme'))!.id);
  });

  it('says in one line, without the password or a stack, when PostgreSQL cannot be reached or has no such database', async () => {
    const missing = new URL(testDb.url);
    missing.pathname = '/pressroom_no_such_database';
    for (const [url, said] of [
      [
        'postgres://pressroom:Sup3rSecretPw@127.0.0.1:1/pressroom',
        /^error: cannot open the database at 127\.0\.0\.1:1\/pressroom \(DATABASE_URL\): connect ECONNREFUSED 127\.0\.0\.1:1\n$/,
      ],
      [
        missing.href,
        /^error: cannot open the database at [^ ]+\/pressroom_no_such_database \(DATABASE_URL\): database "pressroom_no_such_database" does not exist\n$/,
      ],
    ] as const) {
      for (const args of [['accounts', 'list'], ['migrate']]) {
        const result = await cli(url, ...args);
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(said);
        expect(result.stderr).not.toContain('Sup3rSecretPw');
      }
    }
  });
});

describe('admin CLI migrate (the one-shot run for PRESSROOM_MIGRATE=off)', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb?.drop());
  const off = (url: string) => ({ env: { DATABASE_URL: url, PRESSROOM_MIGRATE: 'off' } });

  it('with migrations off, other commands refuse a fresh database; migrate applies every migration once; then they work', async () => {
    const refused = await cli(off(testDb.url), 'accounts', 'list');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: the database schema is behind this release: \d+ migrations pending \(0000_init, /);
    expect(refused.stderr).toContain('make migrate');

    const migrated = await cli(off(testDb.url), 'migrate');
    expect(migrated.code).toBe(0);
    expect(migrated.stdout).toMatch(/^applied 0000_init\napplied 0001_/);
    expect(migrated.lastLine).toMatch(/^database schema up to date \(\d+ applied\)$/);
    const again = await cli(off(testDb.url), 'migrate');
    expect(again.stdout).toBe('database schema up to date (nothing to apply)\n');

    const listed = await cli(off(testDb.url), 'accounts', 'create', 'after-migrate');
    expect(listed.code).toBe(0);
  });

  it('names DATABASE_URL when it is not a PostgreSQL URL, without repeating it (it holds the password)', async () => {
    const result = await cli({ env: { DATABASE_URL: 'mysql://root:Sup3rSecretPw@db/pressroom' } }, 'migrate');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL: must be a PostgreSQL URL');
    expect(result.stderr).not.toContain('Sup3rSecretPw');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('admin CLI against the embedded database', () => {
  it('refuses, naming the holder, while another process has the PGlite directory open', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pressroom-cli-'));
    try {
      // The lock file a running embedded server keeps beside its data directory; this
      // test process stands in for the server (a live pid that is not the CLI's).
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(join(dataDir, 'pglite.lock'), `${process.pid}\n`);
      const result = await cli({ dataDir }, 'accounts', 'list');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`in use by process ${process.pid}`);
      expect(result.stderr).toMatch(/run admin commands while it is stopped/);
      expect(existsSync(join(dataDir, 'pglite'))).toBe(false); // never touched the data
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
