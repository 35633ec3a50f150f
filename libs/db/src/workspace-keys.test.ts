import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { addAccountToTeam, createAccount } from './accounts.js';
import { authenticateApiKey, createApiKey } from './api-keys.js';
import { PermissionError } from './auth-errors.js';
import { signUp } from './sign-up.js';
import { acceptTeamInvite, createTeamInvite } from './team-invites.js';
import { createTeamWorkspace, setMemberRole } from './team-workspaces.js';
import { keyRights, listWorkspaceKeys, revokeWorkspaceKey, rotateWorkspaceKey, type KeyViewer } from './workspace-keys.js';
import { listWorkspaces } from './workspaces.js';

describe('keyRights (who may rotate and revoke a workspace key)', () => {
  it.each([
    [true, null, true, true],
    [true, 'member', true, true],
    [false, 'member', false, false],
    [false, 'admin', false, true],
    [false, 'owner', false, true],
    [false, null, false, false],
  ] as const)('mine %s, role %s → rotate %s, revoke %s', (mine, role, canRotate, canRevoke) => {
    expect(keyRights({ mine, role })).toEqual({ canRotate, canRevoke });
  });
});

describe.each(ENGINES)('the keys of a workspace (%s)', (engine) => {
  const db = useDatabase(engine);
  const person = (p: string, name: string | null = null) =>
    signUp(db(), { email: `${unique(p)}@example.com`, password: 'keys pw 12', name }, { configuredMode: 'open' });

  /** A team with an owner, an admin and a member, each with the viewer of its team workspace. */
  async function staffedTeam() {
    const owner = await person('owner', 'Olive Owner');
    const admin = await person('admin');
    const member = await person('member', 'Mo Member');
    const team = await createTeamWorkspace(db(), { userId: owner.id, name: unique('team') });
    for (const [user, role] of [
      [admin, 'admin'],
      [member, 'member'],
    ] as const) {
      const { token } = await createTeamInvite(db(), { teamId: team.id, actorId: owner.id, role, ttlMs: 3_600_000 });
      await acceptTeamInvite(db(), { token, userId: user.id });
    }
    const viewer = async (user: { id: string; personalAccountId: string }): Promise<KeyViewer> => {
      const workspace = (await listWorkspaces(db(), user)).find((w) => w.id === team.id)!;
      return { userId: user.id, account: { id: workspace.accountId, teamId: team.id } };
    };
    return { team, owner, admin, member, asOwner: await viewer(owner), asAdmin: await viewer(admin), asMember: await viewer(member) };
  }

  it("a team's workspace lists every member's active keys with who created them; a personal one only its own", async () => {
    const { owner, member, asOwner, asMember } = await staffedTeam();
    const ci = await createApiKey(db(), { accountId: asMember.account.id, label: 'CI' });
    const site = await createApiKey(db(), { accountId: asOwner.account.id, label: 'Site' });
    const personal = await createApiKey(db(), { accountId: owner.personalAccountId, label: 'Own' });

    const seen = await listWorkspaceKeys(db(), asOwner);
    expect(seen.map((k) => k.label)).toEqual(['Site', 'CI']);
    const ciRow = seen.find((k) => k.id === ci.record.id)!;
    expect(ciRow).toMatchObject({
      createdBy: { id: member.id, email: member.email, name: 'Mo Member' },
      mine: false,
      canRotate: false,
      canRevoke: true,
      masked: ci.record.masked,
      lastUsedAt: null,
    });
    expect(JSON.stringify(seen)).not.toContain(ci.key);
    // Last used shows once the key authenticated.
    await authenticateApiKey(db(), ci.key);
    expect((await listWorkspaceKeys(db(), asMember)).find((k) => k.id === ci.record.id)!.lastUsedAt).toBeInstanceOf(Date);

    const memberSees = await listWorkspaceKeys(db(), asMember);
    expect(memberSees.map((k) => [k.label, k.mine, k.canRevoke])).toEqual([
      ['Site', false, false],
      ['CI', true, true],
    ]);

    const own = await listWorkspaceKeys(db(), { userId: owner.id, account: { id: owner.personalAccountId, teamId: null } });
    expect(own.map((k) => [k.id, k.createdBy?.id, k.mine, k.canRotate])).toEqual([[personal.record.id, owner.id, true, true]]);
    expect(own.map((k) => k.id)).not.toContain(site.record.id);
  });

  it("owners and admins revoke any team key; a member only its own (PermissionError naming the creator); rotation is the creator's", async () => {
    const { asOwner, asAdmin, asMember } = await staffedTeam();
    const ownersKey = await createApiKey(db(), { accountId: asOwner.account.id, label: 'Owner key' });
    const membersKey = await createApiKey(db(), { accountId: asMember.account.id, label: 'Member CI' });
    const another = await createApiKey(db(), { accountId: asMember.account.id, label: 'Member 2' });

    await expect(revokeWorkspaceKey(db(), asMember, ownersKey.record.id)).rejects.toThrow(PermissionError);
    await expect(revokeWorkspaceKey(db(), asMember, ownersKey.record.id)).rejects.toThrow(
      "“Owner key” was created by Olive Owner: only they and the team's owners and admins can revoke it. Ask one of them to.",
    );
    await expect(rotateWorkspaceKey(db(), asOwner, membersKey.record.id)).rejects.toThrow(/only they can rotate it/);
    expect(await authenticateApiKey(db(), ownersKey.key)).not.toBeNull();

    expect(await revokeWorkspaceKey(db(), asAdmin, ownersKey.record.id)).toMatchObject({ id: ownersKey.record.id });
    expect(await revokeWorkspaceKey(db(), asOwner, membersKey.record.id)).toMatchObject({ id: membersKey.record.id });
    expect(await authenticateApiKey(db(), ownersKey.key)).toBeNull();
    expect(await authenticateApiKey(db(), membersKey.key)).toBeNull();
    // Revoked keys leave the list; revoking again finds nothing.
    expect(await revokeWorkspaceKey(db(), asOwner, membersKey.record.id)).toBeNull();

    const rotated = await rotateWorkspaceKey(db(), asMember, another.record.id);
    expect(rotated!.record).toMatchObject({ accountId: asMember.account.id, label: 'Member 2' });
    expect((await listWorkspaceKeys(db(), asOwner)).map((k) => k.id)).toEqual([rotated!.record.id]);
    expect(await revokeWorkspaceKey(db(), asMember, another.record.id)).toBeNull();
  });

  it("another workspace's key looks like no key; a member demoted loses the right to revoke others' keys", async () => {
    const first = await staffedTeam();
    const second = await staffedTeam();
    const theirs = await createApiKey(db(), { accountId: second.asMember.account.id, label: 'Theirs' });
    expect(await revokeWorkspaceKey(db(), first.asOwner, theirs.record.id)).toBeNull();
    expect(await rotateWorkspaceKey(db(), first.asOwner, theirs.record.id)).toBeNull();
    expect(await authenticateApiKey(db(), theirs.key)).not.toBeNull();

    const ownersKey = await createApiKey(db(), { accountId: first.asOwner.account.id, label: 'O' });
    await setMemberRole(db(), { teamId: first.team.id, actorId: first.owner.id, userId: first.admin.id, role: 'member' });
    await expect(revokeWorkspaceKey(db(), first.asAdmin, ownersKey.record.id)).rejects.toThrow(PermissionError);
  });

  it('an admin-CLI account added to a team shows its keys with no creator; unnamed keys are named by their mask', async () => {
    const { team, asOwner, asMember } = await staffedTeam();
    // A dashboard team is a teams row like an admin-CLI one: the CLI can add an account to it.
    const cli = await createAccount(db(), { name: unique('cli') });
    await addAccountToTeam(db(), { accountId: cli.id, teamId: team.id });
    const cliKey = await createApiKey(db(), { accountId: cli.id });
    const row = (await listWorkspaceKeys(db(), asOwner)).find((k) => k.id === cliKey.record.id)!;
    expect(row).toMatchObject({ createdBy: null, mine: false, canRevoke: true });
    await expect(revokeWorkspaceKey(db(), asMember, cliKey.record.id)).rejects.toThrow(
      `The key ${cliKey.record.masked} was created by an account of the team made with the admin CLI: only they`,
    );
  });
});
