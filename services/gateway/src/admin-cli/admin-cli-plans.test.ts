import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase } from '@pressroom/testing';
import { findAccountByName, getOwnerPlan, openDatabase, PLAN_LIMITS, type Db } from '@pressroom/db';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const entry = 'services/gateway/src/admin-cli/main.ts';

async function cli(url: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', entry, ...args], {
      cwd: repoRoot,
      env: { ...process.env, NODE_OPTIONS: '', PRESSROOM_ADMIN_SOCKET_WAIT_MS: '0', DATABASE_URL: url },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('admin CLI plans', () => {
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

  it('key creates a free account by default; accounts plan and teams plan change plans and limits', async () => {
    const key = await cli(testDb.url, 'key', '--account', 'plain');
    expect(key.code).toBe(0);
    const plain = (await findAccountByName(db, 'plain'))!;
    expect(plain.plan).toBe('free');

    const ent = await cli(
      testDb.url,
      'accounts',
      'plan',
      'plain',
      'enterprise',
      '--per-minute',
      '5000',
      '--render-credits',
      '250000',
      '--overage',
      'on',
    );
    expect(ent.stderr).toBe('');
    expect(ent.stdout).toMatch(/plan enterprise, 5000\/min, 10000000\/day, 250000 render credits/);
    expect(await getOwnerPlan(db, plain.id)).toMatchObject({
      plan: 'enterprise',
      overage: true,
      limits: { perMinute: 5000, renderCredits: 250000 },
    });

    const bad = await cli(testDb.url, 'accounts', 'plan', 'plain', 'pro', '--per-minute', '5');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/enterprise plan only/);
    // The body's own messages, with the flag in place of the field (`perMinute`).
    const fraction = await cli(testDb.url, 'accounts', 'plan', 'plain', 'enterprise', '--per-minute', '1.5', '--per-day', '0');
    expect(fraction.stderr).toBe('error: --per-minute must be a whole number. --per-day must be greater than 0.\n');
    const freeOverage = await cli(testDb.url, 'accounts', 'plan', 'plain', 'free', '--overage', 'on');
    expect(freeOverage.stderr).toMatch(/paid plans only/);

    expect((await cli(testDb.url, 'accounts', 'plan', 'plain', 'pro')).code).toBe(0);
    expect(await getOwnerPlan(db, plain.id)).toMatchObject({ plan: 'pro', overage: true, limits: PLAN_LIMITS.pro });

    expect((await cli(testDb.url, 'teams', 'create', 'crew')).code).toBe(0);
    expect((await cli(testDb.url, 'teams', 'add', 'crew', 'plain')).code).toBe(0);
    const team = await cli(testDb.url, 'teams', 'plan', 'crew', 'business');
    expect(team.stdout).toMatch(/team crew: plan business, 1000\/min, 100000\/day/);
    const member = (await findAccountByName(db, 'plain'))!;
    expect(await getOwnerPlan(db, member.ownerId)).toMatchObject({ plan: 'business', limits: PLAN_LIMITS.business });
    expect((await cli(testDb.url, 'teams', 'plan', 'nobody', 'pro')).stderr).toMatch(/no team named/);
    // Ten CLI processes, each loading the CLI from source through tsx: 6 s or more apiece on a 2-core CI
    // machine busy with the other suites (64 s in all in a CI run of 2026-11-29).
  }, 180_000);
});
