import { startSmtpServer, type TestSmtpServer } from '@pressroom/testing/smtp-server';
import { Browser, ENGINES, startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

describe.each(ENGINES)('teams, roles and invitations (%s)', (engine) => {
  let gw: TestGateway;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    gw = await startTestGateway(engine, {
      dashboard: { signupMode: 'invite', smtp: { url: smtp.url, from: 'Pressroom <pressroom@test.local>' } },
    });
  });
  afterAll(async () => {
    await gw.close();
    await smtp.close();
  });

  it('create a team, invite by email over SMTP, join through the mailed link, share resources, change roles, remove', async () => {
    const owner = new Browser(gw.baseUrl);
    expect(
      (await owner.request('POST', '/auth/sign-up', { json: { email: 'boss@example.com', password: 'boss password', name: 'Bea Boss' } }))
        .status,
    ).toBe(201);
    const created = await owner.request('POST', '/teams', { json: { name: `Newsroom ${engine}` } });
    expect(created.status).toBe(201);
    const team = (await created.json()) as { id: string; role: string };
    expect(team.role).toBe('owner');

    // Invite-only: a stranger cannot sign up without the link.
    const stranger = await new Browser(gw.baseUrl).request('POST', '/auth/sign-up', {
      json: { email: 'writer@example.com', password: 'writer password' },
    });
    expect(stranger.status).toBe(403);

    const invited = await owner.request('POST', `/teams/${team.id}/invites`, { json: { email: 'writer@example.com', role: 'member' } });
    expect(invited.status).toBe(201);
    const invite = (await invited.json()) as { token: string; url: string; emailed: boolean };
    expect(invite.emailed).toBe(true);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual(['writer@example.com']);
    // The link arrives intact (quoted-printable may fold long lines).
    expect(smtp.linksIn(smtp.mails[0]!)).toContain(invite.url);
    // Who invites by name (with the address), the role and how long the link works (PRESSROOM_INVITE_TTL, 7 days).
    const body = smtp.mails[0]!.raw.replace(/=\r?\n/g, '').replace(/\r\n/g, '\n');
    expect(body).toContain(`Bea Boss (boss@example.com) invited you to join the team "Newsroom ${engine}" on Pressroom as a member.`);
    expect(body).toMatch(/It works once, for 7 days \(until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\):/);

    const preview = (await (await fetch(`${gw.baseUrl}/invites/${invite.token}`)).json()) as Record<string, any>;
    expect(preview).toMatchObject({ team: { id: team.id, name: `Newsroom ${engine}` }, role: 'member', email: 'writer@example.com' });

    // Another address than the invitation's: a 409 that says, as a sentence beside the email, which one it takes.
    const wrong = await new Browser(gw.baseUrl).request('POST', '/auth/sign-up', {
      json: { email: 'someone-else@example.com', password: 'writer password', inviteToken: invite.token },
    });
    expect(wrong.status).toBe(409);
    const sentence = 'This invitation is for writer@example.com: sign up with that email address.';
    expect(await wrong.json()).toMatchObject({ detail: sentence, errors: [{ field: 'email', message: sentence }] });
    // Nor may a signed-in account with another address accept it: a 403 problem, and the link still works.
    const otherAccount = await owner.request('POST', `/invites/${invite.token}/accept`);
    expect(otherAccount.status).toBe(403);
    expect(otherAccount.headers.get('content-type')).toContain('application/problem+json');
    expect(((await otherAccount.json()) as { detail: string }).detail).toBe(
      'This invitation is for writer@example.com: sign in with that email address to accept it.',
    );
    expect((await fetch(`${gw.baseUrl}/invites/${invite.token}`)).status).toBe(200);

    const writer = new Browser(gw.baseUrl);
    const joined = await writer.request('POST', '/auth/sign-up', {
      json: { email: 'writer@example.com', password: 'writer password', inviteToken: invite.token },
    });
    expect(joined.status).toBe(201);
    const session = (await (await writer.request('GET', '/auth/session')).json()) as {
      workspaceId: string;
      workspaces: { id: string; kind: string; role: string }[];
    };
    expect(session.workspaces.map((w) => [w.kind, w.role])).toEqual([
      ['personal', 'owner'],
      ['team', 'member'],
    ]);
    // Signing up with an invitation starts the session in the team.
    expect(session.workspaceId).toBe(team.id);
    expect((await fetch(`${gw.baseUrl}/invites/${invite.token}`)).status).toBe(404);

    // Both switch to the team workspace and see the same templates.
    expect((await owner.request('POST', '/auth/workspace', { json: { workspaceId: team.id } })).status).toBe(200);
    expect((await writer.request('POST', '/auth/workspace', { json: { workspaceId: team.id } })).status).toBe(200);
    await owner.request('POST', '/templates', { json: { name: 'Team card', html: '<p/>', width: 10, height: 10 } });
    expect(JSON.stringify(await (await writer.request('GET', '/templates')).json())).toContain('Team card');
    // …but not in a personal workspace.
    const personal = session.workspaces.find((w) => w.kind === 'personal')!;
    await writer.request('POST', '/auth/workspace', { json: { workspaceId: personal.id } });
    expect(JSON.stringify(await (await writer.request('GET', '/templates')).json())).not.toContain('Team card');
    await writer.request('POST', '/auth/workspace', { json: { workspaceId: team.id } });
    expect((await writer.request('POST', '/auth/workspace', { json: { workspaceId: 'team_nope' } })).status).toBe(404);

    // A member cannot invite or change roles; the owner can.
    expect((await writer.request('POST', `/teams/${team.id}/invites`, { json: { role: 'member' } })).status).toBe(403);
    const members = (await (await owner.request('GET', `/teams/${team.id}/members`)).json()) as {
      items: { userId: string; email: string; role: string }[];
    };
    const writerId = members.items.find((m) => m.email === 'writer@example.com')!.userId;
    expect((await writer.request('PATCH', `/teams/${team.id}/members/${writerId}`, { json: { role: 'admin' } })).status).toBe(403);
    expect((await owner.request('PATCH', `/teams/${team.id}/members/${writerId}`, { json: { role: 'admin' } })).status).toBe(200);
    expect((await owner.request('PATCH', `/teams/${team.id}/members/${writerId}`, { json: { role: 'boss' } })).status).toBe(400);

    // The only owner can neither leave nor give up the role: a 409 that says what to do, and nothing changes.
    const ownerId = members.items.find((m) => m.email === 'boss@example.com')!.userId;
    for (const [method, json] of [
      ['DELETE', undefined],
      ['PATCH', { role: 'admin' }],
    ] as const) {
      const refused = await owner.request(method, `/teams/${team.id}/members/${ownerId}`, json ? { json } : {});
      expect(refused.status).toBe(409);
      const problem = (await refused.json()) as { type: string; detail: string };
      expect(problem.type).toMatch(/\/conflict$/);
      expect(problem.detail).toMatch(
        /^You are the only owner of this team, and a team keeps at least one owner: make another member an owner before/,
      );
    }
    const teams = (await (await owner.request('GET', '/teams')).json()) as { items: { id: string; role: string }[] };
    expect(teams.items).toContainEqual(expect.objectContaining({ id: team.id, role: 'owner' }));

    // A link invitation without email is not mailed.
    const linkOnly = (await (await owner.request('POST', `/teams/${team.id}/invites`, { json: { role: 'member' } })).json()) as {
      emailed: boolean;
      url: string;
    };
    expect(linkOnly.emailed).toBe(false);
    expect(smtp.mails).toHaveLength(1);

    // Removed: the member's session leaves the team for their own workspace (still signed in, no access to the team).
    expect((await owner.request('DELETE', `/teams/${team.id}/members/${writerId}`)).status).toBe(204);
    const after = (await (await writer.request('GET', '/auth/session')).json()) as {
      workspaceId: string;
      workspaces: { id: string; kind: string }[];
    };
    expect(after.workspaces.map((w) => w.kind)).toEqual(['personal']);
    expect(after.workspaceId).toBe(after.workspaces[0]!.id);

    // Keys get 403 on team management.
    const key = (await (await owner.request('POST', '/account/keys', { json: { name: 'team key' } })).json()) as { key: string };
    expect((await fetch(`${gw.baseUrl}/teams`, { headers: { authorization: `Bearer ${key.key}` } })).status).toBe(403);
  });

  it('pending invitations: listed without tokens, re-inviting an email replaces, revoked links are invalid, rights as for members', async () => {
    // The instance takes invitations only: the owner is the one the test above signed up.
    const owner = new Browser(gw.baseUrl);
    expect((await owner.request('POST', '/auth/sign-in', { json: { email: 'boss@example.com', password: 'boss password' } })).status).toBe(
      200,
    );
    const desk = (await (await owner.request('POST', '/teams', { json: { name: `Desk ${engine}` } })).json()) as { id: string };
    const invites = `/teams/${desk.id}/invites`;
    type Issued = { id: string; token: string; url: string };
    const issue = async (body: object) => (await (await owner.request('POST', invites, { json: body })).json()) as Issued;
    type Listed = {
      items: {
        id: string;
        email: string | null;
        role: string;
        invitedBy: { email: string } | null;
        createdAt: string;
        expiresAt: string;
      }[];
    };
    const pending = async (who: Browser) => (await (await who.request('GET', invites)).json()) as Listed;

    const first = await issue({ email: 'editor@example.com', role: 'member' });
    const link = await issue({ role: 'admin' });
    // The same person invited again: the earlier link stops working and the list shows them once, with the new role.
    const again = await issue({ email: 'Editor@Example.com', role: 'admin' });
    expect((await fetch(`${gw.baseUrl}/invites/${first.token}`)).status).toBe(404);
    const listed = await pending(owner);
    expect(listed.items.map((i) => [i.id, i.email, i.role])).toEqual([
      [again.id, 'editor@example.com', 'admin'],
      [link.id, null, 'admin'],
    ]);
    expect(listed.items[0]).toMatchObject({ invitedBy: { email: 'boss@example.com' } });
    expect(Date.parse(listed.items[0]!.expiresAt)).toBeGreaterThan(Date.parse(listed.items[0]!.createdAt));
    const raw = JSON.stringify(listed);
    expect(raw).not.toContain(again.token);
    expect(Object.keys(listed.items[0]!).sort()).toEqual(['createdAt', 'email', 'expiresAt', 'id', 'invitedBy', 'role']);

    // Someone in another team joins this one through the admin link: the accept answers with the session in the team.
    const elsewhere = (await (await owner.request('POST', '/teams', { json: { name: `Elsewhere ${engine}` } })).json()) as { id: string };
    const elsewhereLink = (await (
      await owner.request('POST', `/teams/${elsewhere.id}/invites`, { json: { role: 'member' } })
    ).json()) as Issued;
    const outsider = new Browser(gw.baseUrl);
    const signedUp = await outsider.request('POST', '/auth/sign-up', {
      json: { email: `outsider-${engine}@example.com`, password: 'outsider password', inviteToken: elsewhereLink.token },
    });
    expect(signedUp.status).toBe(201);
    // Not in the team (yet): the team is not there for them, as on the other team routes.
    const unknown = await outsider.request('GET', invites);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/problem+json');
    expect(((await unknown.json()) as { detail: string }).detail).toBe(`Team ${desk.id} does not exist.`);
    expect((await outsider.request('DELETE', `${invites}/${link.id}`)).status).toBe(404);

    // A member may not see or revoke invitations: the same 403 problem as inviting.
    const memberLink = await issue({ role: 'member' });
    const member = new Browser(gw.baseUrl);
    await member.request('POST', '/auth/sign-up', {
      json: { email: `desk-member-${engine}@example.com`, password: 'member password', inviteToken: memberLink.token },
    });
    const problemOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as Record<string, unknown>), instance: null });
    const refusedInvite = await problemOf(await member.request('POST', invites, { json: { role: 'member' } }));
    expect(refusedInvite).toMatchObject({
      status: 403,
      type: expect.stringMatching(/\/forbidden$/),
      detail: 'This needs the owner or admin role in the team.',
    });
    expect(await problemOf(await member.request('GET', invites))).toEqual(refusedInvite);
    expect(await problemOf(await member.request('DELETE', `${invites}/${again.id}`))).toEqual(refusedInvite);

    // The owner opening the link (to check it) is already in the team: 200, and the link stays for the outsider.
    const checked = await owner.request('POST', `/invites/${link.token}/accept`);
    expect(checked.status).toBe(200);
    expect(await checked.json()).toMatchObject({ alreadyMember: true, team: { id: desk.id } });
    const accepted = await outsider.request('POST', `/invites/${link.token}/accept`);
    expect(accepted.status).toBe(200);
    const { session, alreadyMember } = (await accepted.json()) as { session: { workspaceId: string }; alreadyMember: boolean };
    expect(alreadyMember).toBe(false);
    expect(session.workspaceId).toBe(desk.id);
    expect(((await (await outsider.request('GET', '/auth/session')).json()) as { workspaceId: string }).workspaceId).toBe(desk.id);
    // As an admin now, they see what is still pending (the accepted link is gone from the list) and revoke it.
    expect((await pending(outsider)).items.map((i) => i.id)).toEqual([again.id]);
    expect((await outsider.request('DELETE', `${invites}/${again.id}`)).status).toBe(204);
    expect((await pending(owner)).items).toEqual([]);

    // The revoked link answers the invalid-invitation problem wherever it is used.
    const preview = await fetch(`${gw.baseUrl}/invites/${again.token}`);
    expect(preview.status).toBe(404);
    expect(((await preview.json()) as { type: string }).type).toMatch(/\/invalid-invite$/);
    const late = await new Browser(gw.baseUrl).request('POST', '/auth/sign-up', {
      json: { email: 'editor@example.com', password: 'editor password', inviteToken: again.token },
    });
    expect(late.status).toBe(404);
    expect(((await late.json()) as { type: string }).type).toMatch(/\/invalid-invite$/);
    expect((await member.request('POST', `/invites/${again.token}/accept`)).status).toBe(404);
    // Revoked once is gone: again is 404, and an accepted invitation is not revocable either.
    expect((await owner.request('DELETE', `${invites}/${again.id}`)).status).toBe(404);
    expect((await owner.request('DELETE', `${invites}/${link.id}`)).status).toBe(404);
  });
});
