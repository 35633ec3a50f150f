import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  addAccountToTeam,
  authenticateApiKey,
  createAccount,
  createApiKey,
  createTeam,
  DuplicateError,
  findAccountByName,
  getAccount,
  getTemplate,
  importLegacyApiKey,
  insertTemplate,
  isWellFormedApiKey,
  listAccounts,
  listApiKeys,
  listAuditEvents,
  NotFoundError,
  recordAuditEvent,
  revokeApiKey,
  rotateApiKey,
  sqlRows,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';

describe('isWellFormedApiKey', () => {
  const hex = 'ab'.repeat(32);
  it.each([
    [`prs_live_${hex}`, true],
    [hex, true],
    [hex.toUpperCase(), true],
    [`prs_live_${hex.toUpperCase()}`, true],
    [`prs_live_${hex.slice(1)}`, false],
    [`prs_test_${hex}`, false],
    [`Bearer prs_live_${hex}`, false],
    [` prs_live_${hex}`, false],
    [`${hex}0`, false],
    [`prs_live_${'g'.repeat(64)}`, false],
    ['', false],
  ])('%s → %s', (key, expected) => {
    expect(isWellFormedApiKey(key)).toBe(expected);
  });
});

describe.each(ENGINES)('accounts, teams and API keys on %s', (engine) => {
  const db = useDatabase(engine);

  it('creates, finds and lists accounts; a taken name is a DuplicateError', async () => {
    const name = unique('acme');
    const account = await createAccount(db(), { name, plan: 'pro' });
    expect(account).toMatchObject({ name, plan: 'pro', teamId: null, ownerId: account.id });
    expect(account.id).toMatch(/^acc_[0-9a-z]{24}$/);
    expect(account.createdAt).toBeInstanceOf(Date);
    expect(await findAccountByName(db(), name)).toEqual(account);
    expect(await getAccount(db(), account.id)).toEqual(account);
    expect(await findAccountByName(db(), unique('nobody'))).toBeNull();
    expect((await listAccounts(db())).map((a) => a.id)).toContain(account.id);
    await expect(createAccount(db(), { name })).rejects.toBeInstanceOf(DuplicateError);
    await expect(createAccount(db(), { name: unique('x'), plan: 'platinum' })).rejects.toThrow(/unknown plan/);
    expect((await createAccount(db(), { name: unique('default-plan') })).plan).toBe('free');
  });

  it('joining a team makes the team the owner, and carries existing templates along', async () => {
    const account = await createAccount(db(), { name: unique('member') });
    const template = await insertTemplate(db(), {
      uid: `tpl_${unique('t')}`,
      ownerId: account.ownerId,
      name: 'card',
      engine: null,
      html: '<p>hi</p>',
      fabricJSData: null,
      jsEnabled: false,
      strictVariables: false,
      type: null,
      category: null,
      tags: [],
      width: 10,
      height: 10,
      outputFormat: 'image',
      pdfPreset: null,
      variableDefinitions: [],
      pages: [],
      layouts: {},
    });
    await recordAuditEvent(db(), { ownerId: account.id, accountId: account.id, action: 'api_key.created', keyId: null });
    const team = await createTeam(db(), { name: unique('team') });
    expect(team.id).toMatch(/^team_/);
    await expect(createTeam(db(), { name: team.name })).rejects.toBeInstanceOf(DuplicateError);

    await addAccountToTeam(db(), { accountId: account.id, teamId: team.id });
    const joined = await getAccount(db(), account.id);
    expect(joined).toMatchObject({ teamId: team.id, ownerId: team.id });
    expect(await getTemplate(db(), { ownerId: team.id, uid: template.uid })).not.toBeNull();
    expect(await getTemplate(db(), { ownerId: account.id, uid: template.uid })).toBeNull();
    // Its earlier audit log moves with it, still naming it as the actor.
    const teamLog = await listAuditEvents(db(), { ownerId: team.id, limit: 10 });
    expect(teamLog).toMatchObject([{ action: 'api_key.created', actor: { accountId: account.id } }]);
    expect(await listAuditEvents(db(), { ownerId: account.id, limit: 10 })).toEqual([]);

    await addAccountToTeam(db(), { accountId: account.id, teamId: team.id }); // idempotent
    const other = await createTeam(db(), { name: unique('team') });
    await expect(addAccountToTeam(db(), { accountId: account.id, teamId: other.id })).rejects.toBeInstanceOf(DuplicateError);
    await expect(addAccountToTeam(db(), { accountId: 'acc_missing', teamId: team.id })).rejects.toBeInstanceOf(NotFoundError);
    const loner = await createAccount(db(), { name: unique('loner') });
    await expect(addAccountToTeam(db(), { accountId: loner.id, teamId: 'team_missing' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('stores only the sha256 of a key, never the key', async () => {
    const account = await createAccount(db(), { name: unique('hashed') });
    const { key, record } = await createApiKey(db(), { accountId: account.id, label: 'ci' });
    expect(key).toMatch(/^prs_live_[0-9a-f]{64}$/);
    expect(record).toMatchObject({ accountId: account.id, label: 'ci', revokedAt: null, lastUsedAt: null });
    expect(record.id).toMatch(/^key_/);

    const rows = await sqlRows(db(), sql`select * from api_keys where id = ${record.id}`);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    const secret = key.slice('prs_live_'.length);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice(4, -4)); // not even the hidden middle part
    expect(rows[0]).toMatchObject({ hash: createHash('sha256').update(key).digest('hex'), prefix: key.slice(0, 13), last4: key.slice(-4) });
  });

  it('authenticates a good key, rejects unknown, malformed and revoked ones', async () => {
    const account = await createAccount(db(), { name: unique('auth') });
    const { key, record } = await createApiKey(db(), { accountId: account.id });

    const ok = await authenticateApiKey(db(), key);
    expect(ok).toEqual({ account, keyId: record.id });
    expect(await authenticateApiKey(db(), key.toUpperCase().replace('PRS_LIVE_', 'prs_live_'))).toEqual(ok);

    expect(await authenticateApiKey(db(), `prs_live_${'0'.repeat(64)}`)).toBeNull();
    expect(await authenticateApiKey(db(), key.slice(0, -1))).toBeNull();
    expect(await authenticateApiKey(db(), `${key} `)).toBeNull();

    expect(await revokeApiKey(db(), record.id)).toBe(true);
    expect(await revokeApiKey(db(), record.id)).toBe(false);
    expect(await revokeApiKey(db(), 'key_missing')).toBe(false);
    expect(await authenticateApiKey(db(), key)).toBeNull();
  });

  it('records last use at most once a minute', async () => {
    const account = await createAccount(db(), { name: unique('used') });
    const { key, record } = await createApiKey(db(), { accountId: account.id });
    await authenticateApiKey(db(), key);
    const [first] = await listApiKeys(db(), account.id);
    expect(first!.lastUsedAt).toBeInstanceOf(Date);
    await authenticateApiKey(db(), key);
    const [second] = await listApiKeys(db(), account.id);
    expect(second!.lastUsedAt).toEqual(first!.lastUsedAt);
    // Pretend the last use was two minutes ago: the next use moves it forward.
    await db().orm.execute(sql`update api_keys set last_used_at = now() - interval '2 minutes' where id = ${record.id}`);
    const [aged] = await listApiKeys(db(), account.id);
    await authenticateApiKey(db(), key);
    const [third] = await listApiKeys(db(), account.id);
    expect(third!.lastUsedAt!.getTime()).toBeGreaterThan(aged!.lastUsedAt!.getTime() + 60_000);
  });

  it('accepts imported legacy 64-hex keys in either case', async () => {
    const account = await createAccount(db(), { name: unique('legacy') });
    const legacy = 'c0ffee'.repeat(10) + 'beef';
    const view = await importLegacyApiKey(db(), { accountId: account.id, key: legacy });
    expect(view.masked).toBe('c0ff…beef');
    expect((await authenticateApiKey(db(), legacy))?.account.id).toBe(account.id);
    expect((await authenticateApiKey(db(), legacy.toUpperCase()))?.keyId).toBe(view.id);
    await expect(importLegacyApiKey(db(), { accountId: account.id, key: legacy })).rejects.toBeInstanceOf(DuplicateError);
    await expect(importLegacyApiKey(db(), { accountId: account.id, key: `prs_live_${legacy}` })).rejects.toThrow(TypeError);
    await expect(importLegacyApiKey(db(), { accountId: 'acc_missing', key: 'a'.repeat(64) })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('rotation issues a new key for the same account and revokes the old one', async () => {
    const account = await createAccount(db(), { name: unique('rotate') });
    const old = await createApiKey(db(), { accountId: account.id, label: 'deploy' });
    const fresh = await rotateApiKey(db(), old.record.id);
    expect(fresh.key).not.toBe(old.key);
    expect(fresh.record).toMatchObject({ accountId: account.id, label: 'deploy', revokedAt: null });
    expect(await authenticateApiKey(db(), old.key)).toBeNull();
    expect((await authenticateApiKey(db(), fresh.key))?.keyId).toBe(fresh.record.id);
    await expect(rotateApiKey(db(), old.record.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(rotateApiKey(db(), 'key_missing')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lists keys masked, newest first, revoked ones marked', async () => {
    const account = await createAccount(db(), { name: unique('list') });
    const a = await createApiKey(db(), { accountId: account.id, label: 'a' });
    const b = await createApiKey(db(), { accountId: account.id });
    await revokeApiKey(db(), a.record.id);
    const views = await listApiKeys(db(), account.id);
    expect(views.map((v) => v.id).sort()).toEqual([a.record.id, b.record.id].sort());
    for (const [view, issued] of [
      [views.find((v) => v.id === a.record.id)!, a],
      [views.find((v) => v.id === b.record.id)!, b],
    ] as const) {
      expect(view.masked).toBe(`${issued.key.slice(0, 13)}…${issued.key.slice(-4)}`);
      expect(JSON.stringify(view)).not.toContain(issued.key.slice(13, -4));
    }
    expect(views.find((v) => v.id === a.record.id)!.revokedAt).toBeInstanceOf(Date);
    expect(views.find((v) => v.id === b.record.id)!.revokedAt).toBeNull();
    expect(await listApiKeys(db(), 'acc_nobody')).toEqual([]);
    await expect(createApiKey(db(), { accountId: 'acc_missing' })).rejects.toBeInstanceOf(NotFoundError);
  });
});
