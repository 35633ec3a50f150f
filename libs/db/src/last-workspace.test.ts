import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { createSession, lastWorkspaceAccountId, resolveSession, setSessionAccount } from './sessions.js';
import { createTeamWorkspace, removeTeamMember } from './team-workspaces.js';
import { createTeamInvite, acceptTeamInvite } from './team-invites.js';
import { createUser } from './users.js';
import { listWorkspaces } from './workspaces.js';

const TTL = 60_000;

describe.each(ENGINES)('the workspace a sign-in starts in (%s)', (engine) => {
  const db = useDatabase(engine);

  it('a new user starts in the personal workspace; after a switch, the next session starts where the last one worked', async () => {
    const user = await createUser(db(), { email: `${unique('ada')}@example.com`, password: 'a long password' });
    expect(await lastWorkspaceAccountId(db(), user)).toBe(user.personalAccountId);

    const team = await createTeamWorkspace(db(), { userId: user.id, name: unique('Northwind') });
    const teamAccount = (await listWorkspaces(db(), user)).find((w) => w.id === team.id)!.accountId;
    const first = await createSession(db(), { userId: user.id, accountId: user.personalAccountId, ttlMs: TTL });
    const resolved = (await resolveSession(db(), first.token))!;
    await setSessionAccount(db(), { tokenHash: resolved.tokenHash, accountId: teamAccount });
    expect(await lastWorkspaceAccountId(db(), user)).toBe(teamAccount);

    // Back to personal in a session: that is now the last one.
    await setSessionAccount(db(), { tokenHash: resolved.tokenHash, accountId: user.personalAccountId });
    expect(await lastWorkspaceAccountId(db(), user)).toBe(user.personalAccountId);
    // A session started in the team (a sign-up with an invitation) records it too.
    await createSession(db(), { userId: user.id, accountId: teamAccount, ttlMs: TTL });
    expect(await lastWorkspaceAccountId(db(), user)).toBe(teamAccount);
  });

  it('someone removed from the team they last worked in starts in their personal workspace', async () => {
    const owner = await createUser(db(), { email: `${unique('owner')}@example.com`, password: 'a long password' });
    const member = await createUser(db(), { email: `${unique('member')}@example.com`, password: 'a long password' });
    const team = await createTeamWorkspace(db(), { userId: owner.id, name: unique('Features') });
    const invite = await createTeamInvite(db(), { teamId: team.id, actorId: owner.id, role: 'member', ttlMs: TTL });
    const joined = (await acceptTeamInvite(db(), { token: invite.token, userId: member.id }))!;
    const session = await createSession(db(), { userId: member.id, accountId: member.personalAccountId, ttlMs: TTL });
    await setSessionAccount(db(), { tokenHash: (await resolveSession(db(), session.token))!.tokenHash, accountId: joined.accountId });
    expect(await lastWorkspaceAccountId(db(), member)).toBe(joined.accountId);

    await removeTeamMember(db(), { teamId: team.id, actorId: owner.id, userId: member.id });
    expect(await lastWorkspaceAccountId(db(), member)).toBe(member.personalAccountId);
  });
});
