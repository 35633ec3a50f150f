import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { PermissionError } from './auth-errors.js';
import { NotFoundError } from './errors.js';
import { signUp } from './sign-up.js';
import { acceptTeamInvite, createTeamInvite, getTeamInvite, listTeamInvites, revokeTeamInvite } from './team-invites.js';
import { createTeamWorkspace } from './team-workspaces.js';
import { listWorkspaces } from './workspaces.js';

const HOUR = 3_600_000;

describe.each(ENGINES)('team invitations (%s)', (engine) => {
  const db = useDatabase(engine);
  const person = (p: string, name?: string) =>
    signUp(db(), { email: `${unique(p)}@example.com`, password: 'invite pw 1', name: name ?? null }, { configuredMode: 'open' });

  /** A team with an owner, an admin and a member (the last two joined by invitation). */
  async function staffedTeam() {
    const owner = await person('owner', 'Olive Owner');
    const admin = await person('admin');
    const member = await person('member');
    const team = await createTeamWorkspace(db(), { userId: owner.id, name: unique('team') });
    for (const [user, role] of [
      [admin, 'admin'],
      [member, 'member'],
    ] as const) {
      const { token } = await createTeamInvite(db(), { teamId: team.id, actorId: owner.id, role, ttlMs: HOUR });
      await acceptTeamInvite(db(), { token, userId: user.id });
    }
    return { owner, admin, member, team };
  }

  it('owners and admins list pending invitations, newest first, with who invited and never the token', async () => {
    const { owner, admin, member, team } = await staffedTeam();
    const now = new Date();
    const first = await createTeamInvite(db(), {
      teamId: team.id,
      actorId: owner.id,
      role: 'member',
      email: 'A@Example.com',
      ttlMs: HOUR,
      now,
    });
    const second = await createTeamInvite(db(), {
      teamId: team.id,
      actorId: admin.id,
      role: 'admin',
      ttlMs: HOUR,
      now: new Date(now.getTime() + 1),
    });
    // Spent or expired invitations are not pending.
    await createTeamInvite(db(), { teamId: team.id, actorId: owner.id, role: 'member', ttlMs: 1, now: new Date(now.getTime() - HOUR) });

    const listed = await listTeamInvites(db(), { teamId: team.id, actorId: admin.id });
    expect(listed.map((i) => i.id)).toEqual([second.id, first.id]);
    const byOwner = listed.find((i) => i.id === first.id)!;
    expect(byOwner).toMatchObject({
      email: 'a@example.com',
      role: 'member',
      invitedBy: { id: owner.id, email: owner.email, name: 'Olive Owner' },
      expiresAt: first.expiresAt,
    });
    expect(byOwner.createdAt).toBeInstanceOf(Date);
    expect(listed.find((i) => i.id === second.id)).toMatchObject({ email: null, role: 'admin', invitedBy: { id: admin.id } });
    expect(JSON.stringify(listed)).not.toContain(first.token);
    expect(Object.keys(byOwner).sort()).toEqual(['createdAt', 'email', 'expiresAt', 'id', 'invitedBy', 'role']);

    await expect(listTeamInvites(db(), { teamId: team.id, actorId: member.id })).rejects.toThrow(PermissionError);
    const stranger = await person('stranger');
    await expect(listTeamInvites(db(), { teamId: team.id, actorId: stranger.id })).rejects.toThrow(NotFoundError);
  });

  it('inviting an email again replaces its earlier invitation; link invitations and other teams are left alone', async () => {
    const { owner, team } = await staffedTeam();
    const other = await createTeamWorkspace(db(), { userId: owner.id, name: unique('other') });
    const elsewhere = await createTeamInvite(db(), {
      teamId: other.id,
      actorId: owner.id,
      role: 'member',
      email: 'again@example.com',
      ttlMs: HOUR,
    });
    const linkA = await createTeamInvite(db(), { teamId: team.id, actorId: owner.id, role: 'member', ttlMs: HOUR });
    const linkB = await createTeamInvite(db(), { teamId: team.id, actorId: owner.id, role: 'member', ttlMs: HOUR });
    const before = await createTeamInvite(db(), {
      teamId: team.id,
      actorId: owner.id,
      role: 'member',
      email: 'again@example.com',
      ttlMs: HOUR,
    });
    const again = await createTeamInvite(db(), {
      teamId: team.id,
      actorId: owner.id,
      role: 'admin',
      email: ' AGAIN@example.com ',
      ttlMs: HOUR,
    });

    expect(await getTeamInvite(db(), before.token)).toBeNull();
    expect(await getTeamInvite(db(), again.token)).toMatchObject({ email: 'again@example.com', role: 'admin' });
    const listed = await listTeamInvites(db(), { teamId: team.id, actorId: owner.id });
    expect(listed.filter((i) => i.email === 'again@example.com').map((i) => i.id)).toEqual([again.id]);
    expect(listed.map((i) => i.id)).toEqual(expect.arrayContaining([linkA.id, linkB.id]));
    expect(await getTeamInvite(db(), elsewhere.token)).not.toBeNull();
  });

  it('a revoked invitation stops working at once; only owners and admins of its team revoke, once', async () => {
    const { owner, admin, member, team } = await staffedTeam();
    const invite = await createTeamInvite(db(), {
      teamId: team.id,
      actorId: owner.id,
      role: 'member',
      email: 'late@example.com',
      ttlMs: HOUR,
    });

    await expect(revokeTeamInvite(db(), { teamId: team.id, actorId: member.id, inviteId: invite.id })).rejects.toThrow(PermissionError);
    const other = await createTeamWorkspace(db(), { userId: member.id, name: unique('members-own') });
    // The id of another team's invitation is no invitation of this one.
    await expect(revokeTeamInvite(db(), { teamId: other.id, actorId: member.id, inviteId: invite.id })).rejects.toThrow(NotFoundError);

    await revokeTeamInvite(db(), { teamId: team.id, actorId: admin.id, inviteId: invite.id });
    expect(await getTeamInvite(db(), invite.token)).toBeNull();
    const late = await person('late');
    expect(await acceptTeamInvite(db(), { token: invite.token, userId: late.id })).toBeNull();
    expect(await listTeamInvites(db(), { teamId: team.id, actorId: owner.id })).toEqual([]);
    await expect(revokeTeamInvite(db(), { teamId: team.id, actorId: owner.id, inviteId: invite.id })).rejects.toThrow(NotFoundError);

    // Once accepted, an invitation is a membership: there is nothing left to revoke.
    const accepted = await createTeamInvite(db(), { teamId: team.id, actorId: owner.id, role: 'member', ttlMs: HOUR });
    await acceptTeamInvite(db(), { token: accepted.token, userId: late.id });
    await expect(revokeTeamInvite(db(), { teamId: team.id, actorId: owner.id, inviteId: accepted.id })).rejects.toThrow(NotFoundError);
  });

  it('accepting answers the member account to work in; someone already in the team does not spend the link', async () => {
    const { owner, member, team } = await staffedTeam();
    const workspace = (await listWorkspaces(db(), member)).find((w) => w.id === team.id)!;
    const { token } = await createTeamInvite(db(), { teamId: team.id, actorId: owner.id, role: 'admin', ttlMs: HOUR });
    expect(await acceptTeamInvite(db(), { token, userId: member.id })).toEqual({
      team: { id: team.id, name: team.name },
      accountId: workspace.accountId,
      alreadyMember: true,
    });
    // A member's accept leaves the link unspent, for whoever it was meant for: a newcomer still joins through it.
    const newcomer = await person('newcomer');
    const joined = await acceptTeamInvite(db(), { token, userId: newcomer.id });
    expect(joined).toMatchObject({ alreadyMember: false });
    expect(joined?.accountId).toBe((await listWorkspaces(db(), newcomer)).find((w) => w.id === team.id)!.accountId);
    // Once used, it is spent.
    expect(await acceptTeamInvite(db(), { token, userId: (await person('third')).id })).toBeNull();
  });
});
