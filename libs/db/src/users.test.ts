import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { AccountLockedError, InvalidCredentialsError, LastOwnerError, PermissionError, SignUpRefusedError } from './auth-errors.js';
import { createSession, deleteUserSessions, resolveSession, setSessionAccount } from './sessions.js';
import { signUp } from './sign-up.js';
import { acceptTeamInvite, createTeamInvite, getTeamInvite } from './team-invites.js';
import { createTeamWorkspace, listTeamMembers, removeTeamMember, setMemberRole } from './team-workspaces.js';
import { updateInstanceSettings } from './instance-settings.js';
import { changePassword, isFirstRun, signInWithPassword, type SignupMode } from './users.js';
import { listWorkspaces } from './workspaces.js';

const policy = { maxFailures: 3, lockMs: 60_000 };
const setSignupMode = (db: Parameters<typeof updateInstanceSettings>[0], signupMode: SignupMode) =>
  updateInstanceSettings(db, { signupMode }, { configuredSignupMode: 'invite' });

describe.each(ENGINES)('users, sessions and team workspaces (%s)', (engine) => {
  const db = useDatabase(engine);

  it('the first user owns the instance; then the sign-up mode decides; invitations admit', async () => {
    expect(await isFirstRun(db())).toBe(true);
    const owner = await signUp(db(), { email: 'First@Example.com', password: 'first password' }, { configuredMode: 'closed' });
    expect(owner).toMatchObject({ email: 'first@example.com', instanceRole: 'owner', hasPassword: true });
    const closed = signUp(db(), { email: 'x@example.com', password: 'pw pw pw pw' }, { configuredMode: 'closed' });
    await expect(closed).rejects.toThrow(SignUpRefusedError);
    await expect(closed).rejects.toThrow('This instance does not accept new accounts: ask its owner.');
    await expect(signUp(db(), { email: 'x@example.com', password: 'pw pw pw pw' }, { configuredMode: 'invite' })).rejects.toThrow(
      'This instance accepts new accounts by invitation only: open the invitation link you received.',
    );
    await setSignupMode(db(), 'open');
    const open = await signUp(db(), { email: 'open@example.com', password: 'pw pw pw pw' }, { configuredMode: 'closed' });
    expect(open.instanceRole).toBe('member');
    await expect(signUp(db(), { email: 'OPEN@example.com', password: 'pw pw pw pw' }, { configuredMode: 'open' })).rejects.toThrow(
      'An account with the email open@example.com already exists.',
    );

    await setSignupMode(db(), 'invite');
    const team = await createTeamWorkspace(db(), { userId: owner.id, name: unique('team') });
    await expect(createTeamWorkspace(db(), { userId: owner.id, name: team.name })).rejects.toThrow(
      `A team named "${team.name}" already exists: choose another name.`,
    );
    const invite = await createTeamInvite(db(), {
      teamId: team.id,
      actorId: owner.id,
      role: 'admin',
      email: 'invited@example.com',
      ttlMs: 60_000,
    });
    await expect(
      signUp(db(), { email: 'other@example.com', password: 'pw pw pw pw', inviteToken: invite.token }, { configuredMode: 'invite' }),
    ).rejects.toThrow('This invitation is for invited@example.com: sign up with that email address.');
    const invited = await signUp(
      db(),
      { email: 'invited@example.com', password: 'pw pw pw pw', inviteToken: invite.token },
      { configuredMode: 'invite' },
    );
    expect((await listWorkspaces(db(), invited)).map((w) => [w.kind, w.role])).toEqual([
      ['personal', 'owner'],
      ['team', 'admin'],
    ]);
    // The new user starts out working in the team it was invited to.
    expect(invited.teamAccountId).toBe((await listWorkspaces(db(), invited)).find((w) => w.id === team.id)!.accountId);
    expect(await getTeamInvite(db(), invite.token)).toBeNull();
  });

  it('locks after repeated wrong passwords, even against the right one, until the lock ends', async () => {
    const email = `${unique('lock')}@example.com`;
    await setSignupMode(db(), 'open');
    await signUp(db(), { email, password: 'right password' }, { configuredMode: 'open' });
    const now = new Date();
    await expect(signInWithPassword(db(), { email, password: 'wrong', policy, now })).rejects.toThrow(InvalidCredentialsError);
    await expect(signInWithPassword(db(), { email, password: 'wrong', policy, now })).rejects.toThrow(InvalidCredentialsError);
    await expect(signInWithPassword(db(), { email, password: 'wrong', policy, now })).rejects.toThrow(AccountLockedError);
    await expect(signInWithPassword(db(), { email, password: 'right password', policy, now })).rejects.toThrow(AccountLockedError);
    const later = new Date(now.getTime() + policy.lockMs + 1);
    expect((await signInWithPassword(db(), { email, password: 'right password', policy, now: later })).email).toBe(email);
    await expect(signInWithPassword(db(), { email: 'nobody@example.com', password: 'x', policy })).rejects.toThrow(InvalidCredentialsError);
  });

  it('sessions resolve to the workspace account, switch, expire and end on password change', async () => {
    await setSignupMode(db(), 'open');
    const user = await signUp(db(), { email: `${unique('s')}@example.com`, password: 'session pw 1' }, { configuredMode: 'open' });
    const team = await createTeamWorkspace(db(), { userId: user.id, name: unique('ws') });
    const session = await createSession(db(), { userId: user.id, accountId: user.personalAccountId, ttlMs: 60_000 });
    const resolved = await resolveSession(db(), session.token);
    expect(resolved?.account.ownerId).toBe(user.personalAccountId);
    const teamWorkspace = (await listWorkspaces(db(), user)).find((w) => w.id === team.id)!;
    await setSessionAccount(db(), { tokenHash: resolved!.tokenHash, accountId: teamWorkspace.accountId });
    expect((await resolveSession(db(), session.token))?.account.ownerId).toBe(team.id);
    expect(await resolveSession(db(), session.token, new Date(Date.now() + 120_000))).toBeNull();

    await expect(changePassword(db(), { userId: user.id, currentPassword: 'nope', newPassword: 'new password 2' })).rejects.toThrow(
      InvalidCredentialsError,
    );
    await changePassword(db(), { userId: user.id, currentPassword: 'session pw 1', newPassword: 'new password 2' });
    await deleteUserSessions(db(), { userId: user.id });
    expect(await resolveSession(db(), session.token)).toBeNull();
  });

  it('roles: admins manage members, the last owner stays, a removed member’s sessions leave the team', async () => {
    await setSignupMode(db(), 'open');
    const mk = async (p: string) =>
      signUp(db(), { email: `${unique(p)}@example.com`, password: 'member pw 1' }, { configuredMode: 'open' });
    const owner = await mk('owner');
    const admin = await mk('admin');
    const member = await mk('member');
    const team = await createTeamWorkspace(db(), { userId: owner.id, name: unique('roles') });
    for (const [u, role] of [
      [admin, 'admin'],
      [member, 'member'],
    ] as const) {
      const { token } = await createTeamInvite(db(), { teamId: team.id, actorId: owner.id, role, ttlMs: 60_000 });
      await acceptTeamInvite(db(), { token, userId: u.id });
    }
    expect((await listTeamMembers(db(), { teamId: team.id, actorId: member.id })).map((m) => m.role)).toEqual(['owner', 'admin', 'member']);
    const memberInvites = createTeamInvite(db(), { teamId: team.id, actorId: member.id, role: 'member', ttlMs: 1000 });
    await expect(memberInvites).rejects.toThrow(PermissionError);
    await expect(memberInvites).rejects.toThrow('This needs the owner or admin role in the team.');
    const adminDemotesOwner = setMemberRole(db(), { teamId: team.id, actorId: admin.id, userId: owner.id, role: 'member' });
    await expect(adminDemotesOwner).rejects.toThrow(PermissionError);
    await expect(adminDemotesOwner).rejects.toThrow('Only an owner can grant or take the owner role.');
    await expect(removeTeamMember(db(), { teamId: team.id, actorId: owner.id, userId: owner.id })).rejects.toThrow(LastOwnerError);
    await expect(setMemberRole(db(), { teamId: team.id, actorId: owner.id, userId: owner.id, role: 'admin' })).rejects.toThrow(
      /at least one owner/,
    );

    const memberWs = (await listWorkspaces(db(), member)).find((w) => w.id === team.id)!;
    const session = await createSession(db(), { userId: member.id, accountId: memberWs.accountId, ttlMs: 60_000 });
    await removeTeamMember(db(), { teamId: team.id, actorId: admin.id, userId: member.id });
    // The session is back in the member's own workspace, not signed out.
    expect((await resolveSession(db(), session.token))?.account.id).toBe(member.personalAccountId);
    expect((await listWorkspaces(db(), member)).map((w) => w.kind)).toEqual(['personal']);
  });
});
