import {
  acceptTeamInvite,
  auditEventPages,
  createAccount,
  createApiKey,
  createTeamInvite,
  createTeamWorkspace,
  createUser,
  deleteAuditEventsBefore,
  listAuditActors,
  listAuditEvents,
  listWorkspaces,
  PermissionError,
  recordAuditEvent,
  requireAuditLogReader,
  type AuditFilter,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';

describe.each(ENGINES)('audit events on %s', (engine) => {
  const db = useDatabase(engine);

  it('lists a workspace’s events newest first, naming who by email and the key by name and masked, and no other workspace’s', async () => {
    const email = `${unique('audit')}@example.test`;
    const user = await createUser(db(), { email, name: 'Ada' });
    const ownerId = user.personalAccountId;
    const bot = await createAccount(db(), { name: unique('cli-account') });
    const issued = await createApiKey(db(), { accountId: ownerId, label: 'CI' });
    await recordAuditEvent(db(), { ownerId, accountId: ownerId, action: 'account.signed_in', keyId: null, ip: '203.0.113.9' });
    await recordAuditEvent(db(), {
      ownerId,
      accountId: ownerId,
      action: 'api_key.created',
      targetId: issued.record.id,
      targetLabel: 'CI',
      keyId: issued.record.id,
    });
    await recordAuditEvent(db(), { ownerId: bot.id, accountId: bot.id, action: 'webhook.deleted', targetId: 'whk_x', keyId: null });

    const listed = await listAuditEvents(db(), { ownerId, limit: 50 });
    expect(listed).toMatchObject([
      {
        action: 'api_key.created',
        actor: { accountId: ownerId, email, name: 'Ada' },
        target: { id: issued.record.id, label: 'CI' },
        key: { id: issued.record.id, name: 'CI', masked: issued.record.masked },
        ip: null,
      },
      { action: 'account.signed_in', target: { id: null, label: null }, key: null, ip: '203.0.113.9' },
    ]);
    // An account no person signs in as (the admin CLI's) is named by the account's name.
    expect(await listAuditEvents(db(), { ownerId: bot.id, limit: 5 })).toMatchObject([{ actor: { email: null, name: bot.name } }]);
  });

  it('keeps an action or a kind of action, and who did it, when asked; across pages too', async () => {
    const team = await createAccount(db(), { name: unique('audit-filter') });
    const other = await createAccount(db(), { name: unique('audit-filter-member') });
    const record = (accountId: string, action: 'webhook.created' | 'webhook.deleted' | 'api_key.created') =>
      recordAuditEvent(db(), { ownerId: team.id, accountId, action, keyId: null });
    await record(team.id, 'webhook.created');
    await record(other.id, 'webhook.deleted');
    await record(team.id, 'api_key.created');
    await record(other.id, 'webhook.created');
    const listed = async (filter: AuditFilter) =>
      (await listAuditEvents(db(), { ownerId: team.id, limit: 50, filter })).map((e) => [
        e.action,
        e.actor.accountId === team.id ? 'team' : 'other',
      ]);
    expect(await listed({ action: 'webhook' })).toEqual([
      ['webhook.created', 'other'],
      ['webhook.deleted', 'other'],
      ['webhook.created', 'team'],
    ]);
    expect(await listed({ action: 'webhook.created', actorId: team.id })).toEqual([['webhook.created', 'team']]);
    expect(await listed({ actorId: team.id })).toEqual([
      ['api_key.created', 'team'],
      ['webhook.created', 'team'],
    ]);
    // A kind no action has keeps nothing (not every action).
    expect(await listed({ action: 'webhooks' })).toEqual([]);
    // Who the filter can choose: each account the log names, once, as events name it, sorted by those words.
    expect(await listAuditActors(db(), team.id)).toEqual(
      [team, other].map((a) => ({ accountId: a.id, email: null, name: a.name })).sort((a, b) => a.name.localeCompare(b.name)),
    );
    const pageSizes: number[] = [];
    for await (const page of auditEventPages(db(), { ownerId: team.id, pageSize: 2, filter: { action: 'webhook' } }))
      pageSizes.push(page.length);
    expect(pageSizes).toEqual([2, 1]);
  });

  it('pages back with `before` and cuts a long label', async () => {
    const account = await createAccount(db(), { name: unique('audit-pages') });
    for (let n = 1; n <= 5; n += 1) {
      await recordAuditEvent(db(), {
        ownerId: account.id,
        accountId: account.id,
        action: 'webhook.created',
        targetLabel: n === 5 ? 'x'.repeat(400) : `https://hooks.example/${n}`,
        keyId: null,
      });
    }
    const first = await listAuditEvents(db(), { ownerId: account.id, limit: 2 });
    expect(first[0]!.target.label).toHaveLength(300);
    expect(first[0]!.target.label!.endsWith('…')).toBe(true);
    const next = await listAuditEvents(db(), { ownerId: account.id, limit: 10, before: first[1]!.id });
    expect(next.map((e) => e.target.label)).toEqual(['https://hooks.example/3', 'https://hooks.example/2', 'https://hooks.example/1']);

    // The export's pages: every event once, newest first, an exact multiple of the page size included.
    const pages = async (pageSize: number) => {
      const out: number[] = [];
      for await (const page of auditEventPages(db(), { ownerId: account.id, pageSize })) out.push(page.length);
      return out;
    };
    expect(await pages(2)).toEqual([2, 2, 1]);
    expect(await pages(5)).toEqual([5]);
    expect(await pages(50)).toEqual([5]);
  });

  it('is read in a team by its owners and admins, not its members; in a personal workspace by its owner', async () => {
    const boss = await createUser(db(), { email: `${unique('boss')}@example.test` });
    const writer = await createUser(db(), { email: `${unique('writer')}@example.test` });
    const team = await createTeamWorkspace(db(), { userId: boss.id, name: unique('audit-team') });
    const invite = await createTeamInvite(db(), { teamId: team.id, actorId: boss.id, role: 'member', ttlMs: 60_000 });
    const joined = await acceptTeamInvite(db(), { token: invite.token, userId: writer.id });
    const bossAccount = (await listWorkspaces(db(), boss)).find((w) => w.id === team.id)!.accountId;

    await expect(requireAuditLogReader(db(), { id: bossAccount, teamId: team.id })).resolves.toBeUndefined();
    await expect(requireAuditLogReader(db(), { id: writer.personalAccountId, teamId: null })).resolves.toBeUndefined();
    const refused = requireAuditLogReader(db(), { id: joined!.accountId, teamId: team.id });
    await expect(refused).rejects.toBeInstanceOf(PermissionError);
    await expect(refused).rejects.toThrow("Only the team's owners and admins can read its audit log.");
  });

  it('deletes events older than the retention in bounded batches, and keeps the newer ones', async () => {
    const account = await createAccount(db(), { name: unique('audit-retention') });
    const other = await createAccount(db(), { name: unique('audit-retention-other') });
    const now = new Date('2026-06-01T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const event = (ownerId: string, at: Date, label: string) =>
      recordAuditEvent(db(), { ownerId, accountId: ownerId, at, action: 'webhook.created', targetLabel: label, keyId: null });
    for (const days of [400, 380, 366]) await event(account.id, daysAgo(days), `old ${days}`);
    await event(other.id, daysAgo(500), 'old elsewhere');
    await event(account.id, daysAgo(364), 'kept 364');
    await event(account.id, now, 'kept today');

    // Other tests' events are newer than the cut: only these four are older than 365 days before 2026-06-01.
    const before = daysAgo(365);
    expect(await deleteAuditEventsBefore(db(), { before, limit: 3 })).toBe(3);
    expect(await deleteAuditEventsBefore(db(), { before, limit: 3 })).toBe(1);
    expect(await deleteAuditEventsBefore(db(), { before, limit: 3 })).toBe(0);
    expect((await listAuditEvents(db(), { ownerId: account.id, limit: 10 })).map((e) => e.target.label)).toEqual([
      'kept today',
      'kept 364',
    ]);
    expect(await listAuditEvents(db(), { ownerId: other.id, limit: 10 })).toEqual([]);
  });
});
