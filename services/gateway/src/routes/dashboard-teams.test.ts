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
    expect((await owner.request('POST', '/auth/sign-up', { json: { email: 'boss@example.com', password: 'boss password' } })).status).toBe(
      201,
    );
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

    const preview = (await (await fetch(`${gw.baseUrl}/invites/${invite.token}`)).json()) as Record<string, any>;
    expect(preview).toMatchObject({ team: { id: team.id, name: `Newsroom ${engine}` }, role: 'member', email: 'writer@example.com' });

    const writer = new Browser(gw.baseUrl);
    const joined = await writer.request('POST', '/auth/sign-up', {
      json: { email: 'writer@example.com', password: 'writer password', inviteToken: invite.token },
    });
    expect(joined.status).toBe(201);
    const session = (await (await writer.request('GET', '/auth/session')).json()) as {
      workspaces: { id: string; kind: string; role: string }[];
    };
    expect(session.workspaces.map((w) => [w.kind, w.role])).toEqual([
      ['personal', 'owner'],
      ['team', 'member'],
    ]);
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
});
