import { createAccount, createApiKey, setAccountPassword } from '@pressroom/db';
import { Browser, ENGINES, startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

async function problem(res: Response): Promise<Record<string, any>> {
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await res.json()) as Record<string, any>;
}

describe.each(ENGINES)('dashboard sessions, sign-in and keys (%s)', (engine) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway(engine, {
      dashboard: { signupMode: 'open', lockout: { maxFailures: 3, lockMs: 60_000 }, signInPerMinute: 30 },
    });
  });
  afterAll(() => gw.close());

  it('the first sign-up owns the instance; cookies are httpOnly/SameSite; the session sees its workspace', async () => {
    const before = await (await fetch(`${gw.baseUrl}/auth/config`)).json();
    expect(before).toEqual({ signupMode: 'open', firstRun: true, oidc: { enabled: false, name: null }, passwordReset: 'instance-owner' });

    const owner = new Browser(gw.baseUrl);
    const res = await owner.request('POST', '/auth/sign-up', {
      json: { email: 'Owner@Example.com', password: 'correct horse battery', name: 'Olive' },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: { email: string; instanceRole: string } };
    expect(body.user).toMatchObject({ email: 'owner@example.com', instanceRole: 'owner' });
    const setCookie = res.headers.getSetCookie();
    expect(setCookie.find((c) => c.startsWith('pressroom_session='))).toMatch(/HttpOnly/);
    expect(setCookie.find((c) => c.startsWith('pressroom_session='))).toMatch(/SameSite=Lax/);
    expect(setCookie.find((c) => c.startsWith('pressroom_csrf='))).not.toMatch(/HttpOnly/);

    const session = (await (await owner.request('GET', '/auth/session')).json()) as Record<string, any>;
    expect(session.user.email).toBe('owner@example.com');
    expect(session.workspaces).toEqual([{ id: session.workspaceId, kind: 'personal', name: 'owner@example.com', role: 'owner' }]);

    // The name the dashboard shows is the person's to change; blank clears it; too long is named by field, in the API's
    // one wording for too-long text (the dashboard's too).
    const renamed = await owner.request('PUT', '/auth/profile', { json: { name: '  Olive Owner ' } });
    expect(((await renamed.json()) as { user: { name: string } }).user.name).toBe('Olive Owner');
    expect(((await (await owner.request('GET', '/auth/session')).json()) as { user: { name: string } }).user.name).toBe('Olive Owner');
    await owner.request('PUT', '/auth/profile', { json: { name: ' ' } });
    expect(((await (await owner.request('GET', '/auth/session')).json()) as { user: { name: unknown } }).user.name).toBeNull();
    const tooLong = await owner.request('PUT', '/auth/profile', { json: { name: 'x'.repeat(201) } });
    expect(tooLong.status).toBe(400);
    const refused = (await tooLong.json()) as { detail: string; errors: { field: string; message: string }[] };
    expect(refused.errors.map((e) => [e.field, e.message])).toEqual([['name', 'Must be at most 200 characters long']]);
    expect(refused.detail).toBe('The request body is invalid: name: Must be at most 200 characters long.');
    await owner.request('PUT', '/auth/profile', { json: { name: 'Olive' } });

    // A second user is a plain member of the instance.
    const other = new Browser(gw.baseUrl);
    const second = await other.request('POST', '/auth/sign-up', { json: { email: 'second@example.com', password: 'another long one' } });
    expect(((await second.json()) as { user: { instanceRole: string } }).user.instanceRole).toBe('member');
    expect((await other.request('PUT', '/instance/settings', { json: { signupMode: 'closed' } })).status).toBe(403);
    expect((await (await fetch(`${gw.baseUrl}/auth/config`)).json()).firstRun).toBe(false);
  });

  it('a session works on every API route like a key, and refuses missing CSRF and cross-site use', async () => {
    const user = new Browser(gw.baseUrl);
    await user.request('POST', '/auth/sign-up', { json: { email: 'csrf@example.com', password: 'long enough pw' } });
    // An existing API route (templates) answers the session exactly as it would a key.
    const created = await user.request('POST', '/templates', {
      json: { name: 'From the dashboard', html: '<p>hi</p>', width: 100, height: 100 },
    });
    expect(created.status).toBe(200);
    const list = (await (await user.request('GET', '/templates')).json()) as { data?: unknown[]; items?: unknown[] };
    expect(JSON.stringify(list)).toContain('From the dashboard');

    const noCsrf = await user.request('POST', '/templates', { json: { name: 'x', html: '<p/>', width: 10, height: 10 }, csrf: false });
    expect(noCsrf.status).toBe(403);
    expect((await problem(noCsrf)).detail).toMatch(/X-CSRF-Token/);

    const wrongCsrf = await user.request('POST', '/templates', {
      json: { name: 'x', html: '<p/>', width: 10, height: 10 },
      csrf: false,
      headers: { 'x-csrf-token': 'nope' },
    });
    expect(wrongCsrf.status).toBe(403);

    const crossSite = await user.request('GET', '/templates', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect((await problem(crossSite)).type).toMatch(/\/csrf-failed$/);

    const foreignOrigin = await user.request('POST', '/templates', {
      json: { name: 'x', html: '<p/>', width: 10, height: 10 },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreignOrigin.status).toBe(403);

    // Sign-in itself is refused from another site (login CSRF).
    const crossSignIn = await new Browser(gw.baseUrl).request('POST', '/auth/sign-in', {
      json: { email: 'csrf@example.com', password: 'long enough pw' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSignIn.status).toBe(403);

    expect((await user.request('POST', '/auth/sign-out')).status).toBe(204);
    expect(user.cookies.has('pressroom_session')).toBe(false);
    const after = await fetch(`${gw.baseUrl}/auth/session`);
    expect(after.status).toBe(401);
    expect((await problem(after)).type).toMatch(/\/not-signed-in$/);
  });

  it('a revoked session cookie is 401, sign-in works again, wrong passwords lock the account', async () => {
    const user = new Browser(gw.baseUrl);
    await user.request('POST', '/auth/sign-up', { json: { email: 'lock@example.com', password: 'the right password' } });
    const stale = user.cookies.get('pressroom_session')!;
    await user.request('POST', '/auth/sign-out');
    const old = await fetch(`${gw.baseUrl}/auth/session`, { headers: { cookie: `pressroom_session=${stale}` } });
    expect(old.status).toBe(401);
    expect((await problem(old)).type).toMatch(/\/not-signed-in$/);

    const again = new Browser(gw.baseUrl);
    expect(
      (await again.request('POST', '/auth/sign-in', { json: { email: 'LOCK@example.com', password: 'the right password' } })).status,
    ).toBe(200);

    const attacker = new Browser(gw.baseUrl);
    for (let i = 0; i < 2; i++) {
      const wrong = await attacker.request('POST', '/auth/sign-in', { json: { email: 'lock@example.com', password: 'guess' } });
      expect(wrong.status).toBe(401);
      expect((await problem(wrong)).type).toMatch(/\/invalid-credentials$/);
    }
    const third = await attacker.request('POST', '/auth/sign-in', { json: { email: 'lock@example.com', password: 'guess' } });
    expect(third.status).toBe(423);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password is refused while locked.
    const right = await attacker.request('POST', '/auth/sign-in', { json: { email: 'lock@example.com', password: 'the right password' } });
    expect(right.status).toBe(423);
    expect((await problem(right)).lockedUntil).toEqual(expect.any(String));
    // An unknown email gets the same answer as a wrong password.
    const unknown = await attacker.request('POST', '/auth/sign-in', { json: { email: 'nobody@example.com', password: 'guess' } });
    expect(unknown.status).toBe(401);
  });

  it('validation errors name the field', async () => {
    const res = await new Browser(gw.baseUrl).request('POST', '/auth/sign-up', { json: { email: 'not-an-email', password: 'short' } });
    expect(res.status).toBe(400);
    const body = await problem(res);
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password']);
  });

  it('keys: created, listed masked, rotated and revoked in the dashboard only; a key gets 403', async () => {
    const user = new Browser(gw.baseUrl);
    await user.request('POST', '/auth/sign-up', { json: { email: 'keys@example.com', password: 'keys keys keys' } });
    const created = await user.request('POST', '/account/keys', { json: { name: 'CI' } });
    expect(created.status).toBe(201);
    const key = (await created.json()) as { id: string; key: string; masked: string; name: string };
    expect(key.key).toMatch(/^prs_live_[0-9a-f]{64}$/);
    expect(key.masked).toContain('…');

    // The key works on the API and sees the same account.
    const viaKey = await fetch(`${gw.baseUrl}/templates`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(viaKey.status).toBe(200);
    // …but not on key management.
    const forbidden = await fetch(`${gw.baseUrl}/account/keys`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(forbidden.status).toBe(403);
    expect((await problem(forbidden)).detail).toBe('This operation is available in the dashboard only: sign in there to use it.');

    const list = (await (await user.request('GET', '/account/keys')).json()) as { items: Record<string, unknown>[] };
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id: key.id, name: 'CI', masked: key.masked });
    expect(JSON.stringify(list)).not.toContain(key.key);

    const rotated = (await (await user.request('POST', `/account/keys/${key.id}/rotate`)).json()) as { id: string; key: string };
    expect(rotated.key).not.toBe(key.key);
    expect((await fetch(`${gw.baseUrl}/templates`, { headers: { authorization: `Bearer ${key.key}` } })).status).toBe(401);
    expect((await fetch(`${gw.baseUrl}/templates`, { headers: { authorization: `Bearer ${rotated.key}` } })).status).toBe(200);

    expect((await user.request('DELETE', `/account/keys/${rotated.id}`)).status).toBe(204);
    expect((await fetch(`${gw.baseUrl}/templates`, { headers: { authorization: `Bearer ${rotated.key}` } })).status).toBe(401);
    expect(((await (await user.request('GET', '/account/keys')).json()) as { items: unknown[] }).items).toHaveLength(0);
    expect((await user.request('DELETE', `/account/keys/${rotated.id}`)).status).toBe(404);
  });

  it('an admin-CLI account signs in after set-password and sees what its key sees', async () => {
    const account = await createAccount(gw.db, { name: `cli-${engine}` });
    const { key } = await createApiKey(gw.db, { accountId: account.id });
    const made = await fetch(`${gw.baseUrl}/templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Made with a key', html: '<p/>', width: 10, height: 10 }),
    });
    expect(made.status).toBe(200);
    await setAccountPassword(gw.db, { accountId: account.id, email: `cli-${engine}@example.com`, password: 'set by the operator' });
    const user = new Browser(gw.baseUrl);
    expect(
      (await user.request('POST', '/auth/sign-in', { json: { email: `cli-${engine}@example.com`, password: 'set by the operator' } }))
        .status,
    ).toBe(200);
    expect(JSON.stringify(await (await user.request('GET', '/templates')).json())).toContain('Made with a key');

    const wrong = await user.request('POST', '/auth/password', { json: { currentPassword: 'wrong', newPassword: 'a brand new password' } });
    expect(wrong.status).toBe(401);
    // Beside the field it concerns, not as a failed sign-in.
    expect(((await wrong.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['currentPassword']);
    const same = await user.request('POST', '/auth/password', {
      json: { currentPassword: 'set by the operator', newPassword: 'set by the operator' },
    });
    expect(same.status).toBe(400);
    expect(((await same.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['newPassword']);
    expect(
      (
        await user.request('POST', '/auth/password', {
          json: { currentPassword: 'set by the operator', newPassword: 'a brand new password' },
        })
      ).status,
    ).toBe(204);
    const fresh = new Browser(gw.baseUrl);
    expect(
      (await fresh.request('POST', '/auth/sign-in', { json: { email: `cli-${engine}@example.com`, password: 'a brand new password' } }))
        .status,
    ).toBe(200);
  });
});
