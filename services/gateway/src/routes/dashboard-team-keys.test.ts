import { Browser, ENGINES, startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

interface ListedKey {
  id: string;
  name: string | null;
  masked: string;
  lastUsedAt: string | null;
  createdBy: { id: string; email: string; name: string | null } | null;
  mine: boolean;
  canRotate: boolean;
  canRevoke: boolean;
}

describe.each(ENGINES)("a team's API keys (%s)", (engine) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway(engine, { dashboard: { signupMode: 'invite' } });
  });
  afterAll(async () => {
    await gw.close();
  });

  const signUp = async (email: string, name: string, inviteToken?: string) => {
    const browser = new Browser(gw.baseUrl);
    const res = await browser.request('POST', '/auth/sign-up', { json: { email, password: 'team keys passphrase', name, inviteToken } });
    expect(res.status).toBe(201);
    return browser;
  };
  const keysOf = async (browser: Browser) =>
    ((await (await browser.request('GET', '/account/keys')).json()) as { items: ListedKey[] }).items;
  const keyWorks = async (key: string) =>
    (await fetch(`${gw.baseUrl}/webhook-subscriptions`, { headers: { authorization: `Bearer ${key}` } })).status;

  it("every member sees the team's keys with who created them; owners and admins revoke any, members their own (403 otherwise)", async () => {
    const owner = await signUp(`owner-${engine}@example.com`, 'Olive Owner');
    const team = (await (await owner.request('POST', '/teams', { json: { name: `Agency ${engine}` } })).json()) as { id: string };
    const invite = async (role: 'admin' | 'member') =>
      ((await (await owner.request('POST', `/teams/${team.id}/invites`, { json: { role } })).json()) as { token: string }).token;
    // Signing up with an invitation starts the session in the team.
    const admin = await signUp(`admin-${engine}@example.com`, 'Adi Admin', await invite('admin'));
    const member = await signUp(`member-${engine}@example.com`, 'Mo Member', await invite('member'));
    expect((await owner.request('POST', '/auth/workspace', { json: { workspaceId: team.id } })).status).toBe(200);

    const issue = async (browser: Browser, name: string) =>
      (await (await browser.request('POST', '/account/keys', { json: { name } })).json()) as { id: string; key: string };
    const ci = await issue(member, 'CI - GitHub Actions');
    const site = await issue(owner, 'Site');
    expect(await keyWorks(ci.key)).toBe(200);

    // The owner sees the member's key (last used, since it just authenticated), and never a secret.
    const ownerSees = await keysOf(owner);
    expect(ownerSees.map((k) => k.name)).toEqual(['Site', 'CI - GitHub Actions']);
    const ciRow = ownerSees.find((k) => k.id === ci.id)!;
    expect(ciRow).toMatchObject({
      createdBy: { email: `member-${engine}@example.com`, name: 'Mo Member' },
      mine: false,
      canRotate: false,
      canRevoke: true,
    });
    expect(ciRow.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(ownerSees)).not.toContain(ci.key);
    expect(Object.keys(ciRow).sort()).toEqual(
      ['canRevoke', 'canRotate', 'createdAt', 'createdBy', 'id', 'lastUsedAt', 'masked', 'mine', 'name', 'prefix'].sort(),
    );

    // A member sees the owner's key but may neither rotate nor revoke it: 403 with a detail that says who can.
    const memberSees = await keysOf(member);
    expect(memberSees.find((k) => k.id === site.id)).toMatchObject({ mine: false, canRevoke: false, canRotate: false });
    for (const [method, path] of [
      ['DELETE', `/account/keys/${site.id}`],
      ['POST', `/account/keys/${site.id}/rotate`],
    ] as const) {
      const refused = await member.request(method, path);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
      const problem = (await refused.json()) as { type: string; detail: string };
      expect(problem.type).toMatch(/\/forbidden$/);
      expect(problem.detail).toMatch(/^“Site” was created by Olive Owner: only they /);
    }
    expect(await keyWorks(site.key)).toBe(200);

    // An admin rotates nobody else's key, but revokes the member's: it stops at once.
    expect((await admin.request('POST', `/account/keys/${ci.id}/rotate`)).status).toBe(403);
    expect((await admin.request('DELETE', `/account/keys/${ci.id}`)).status).toBe(204);
    expect(await keyWorks(ci.key)).toBe(401);
    expect((await keysOf(owner)).map((k) => k.id)).toEqual([site.id]);
    const gone = await owner.request('DELETE', `/account/keys/${ci.id}`);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { detail: string }).detail).toBe(`No active API key ${ci.id} in this workspace.`);

    // The personal workspace lists only its own keys.
    const session = (await (await owner.request('GET', '/auth/session')).json()) as { workspaces: { id: string; kind: string }[] };
    await owner.request('POST', '/auth/workspace', { json: { workspaceId: session.workspaces.find((w) => w.kind === 'personal')!.id } });
    expect(await keysOf(owner)).toEqual([]);
    expect((await owner.request('DELETE', `/account/keys/${site.id}`)).status).toBe(404);
  });
});
