import { Browser, ENGINES, startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

// Account → Signed-in browsers: GET /auth/sessions, DELETE /auth/sessions/{id}, POST /auth/sessions/sign-out-others.

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

interface Listed {
  items: { id: string; browser: string | null; createdAt: string; lastUsedAt: string | null; current: boolean }[];
}

describe.each(ENGINES)('signed-in browsers (%s)', (engine) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway(engine, { dashboard: { signupMode: 'open' } });
  });
  afterAll(() => gw.close());

  async function signIn(email: string, userAgent: string): Promise<Browser> {
    const browser = new Browser(gw.baseUrl);
    const res = await browser.request('POST', '/auth/sign-in', {
      json: { email, password: 'sessions passphrase' },
      headers: { 'user-agent': userAgent },
    });
    expect(res.status).toBe(200);
    return browser;
  }
  const list = async (browser: Browser) => (await (await browser.request('GET', '/auth/sessions')).json()) as Listed;
  const auditActions = async (browser: Browser) =>
    ((await (await browser.request('GET', '/account/audit-log')).json()) as { items: { action: string; target: { label: string } }[] })
      .items;

  it('lists the browsers, signs one out, then every other; each is audited; tokens never shown', async () => {
    const email = 'sessions@example.com';
    const first = new Browser(gw.baseUrl);
    await first.request('POST', '/auth/sign-up', { json: { email, password: 'sessions passphrase' }, headers: { 'user-agent': FIREFOX } });
    const phone = await signIn(email, SAFARI);
    const third = await signIn(email, 'curl/8.5.0');

    const seen = await list(first);
    expect(seen.items.map(({ browser, current }) => ({ browser, current }))).toEqual([
      { browser: 'Firefox on Windows', current: true },
      { browser: null, current: false },
      { browser: 'Safari on iOS', current: false },
    ]);
    for (const item of seen.items) {
      expect(item.id).toMatch(/^[0-9a-f]{16}$/);
      expect(Date.parse(item.createdAt)).toBeLessThanOrEqual(Date.now());
    }
    const text = JSON.stringify(seen);
    for (const browser of [first, phone, third]) expect(text).not.toContain(browser.cookies.get('pressroom_session')!);

    // This browser is not signed out here (that is POST /auth/sign-out), nor is an unknown id.
    const self = await first.request('DELETE', `/auth/sessions/${seen.items[0]!.id}`);
    expect(self.status).toBe(404);
    expect(((await self.json()) as { detail: string }).detail).toMatch(/To sign out this browser, use Sign out/);
    expect((await first.request('DELETE', '/auth/sessions/0000000000000000')).status).toBe(404);

    const phoneId = seen.items.find((s) => s.browser === 'Safari on iOS')!.id;
    expect((await first.request('DELETE', `/auth/sessions/${phoneId}`)).status).toBe(204);
    expect((await phone.request('GET', '/auth/session')).status).toBe(401);
    expect((await third.request('GET', '/auth/session')).status).toBe(200);

    const others = await first.request('POST', '/auth/sessions/sign-out-others');
    expect(await others.json()).toEqual({ signedOut: 1 });
    expect((await third.request('GET', '/auth/session')).status).toBe(401);
    expect((await first.request('GET', '/auth/session')).status).toBe(200);
    expect((await list(first)).items.map((s) => s.current)).toEqual([true]);
    expect(await (await first.request('POST', '/auth/sessions/sign-out-others')).json()).toEqual({ signedOut: 0 });

    const events = await auditActions(first);
    expect(events.slice(0, 2).map(({ action, target }) => [action, target.label])).toEqual([
      ['account.other_sessions_signed_out', '1 other browser'],
      ['account.session_signed_out', 'Safari on iOS'],
    ]);
  });

  it('another person’s browser cannot be signed out; an API key gets 403', async () => {
    const mine = new Browser(gw.baseUrl);
    await mine.request('POST', '/auth/sign-up', { json: { email: 'mine@example.com', password: 'sessions passphrase' } });
    const theirs = new Browser(gw.baseUrl);
    await theirs.request('POST', '/auth/sign-up', { json: { email: 'theirs@example.com', password: 'sessions passphrase' } });
    const theirId = (await list(theirs)).items[0]!.id;
    expect((await mine.request('DELETE', `/auth/sessions/${theirId}`)).status).toBe(404);
    expect((await theirs.request('GET', '/auth/session')).status).toBe(200);

    const key = (await (await mine.request('POST', '/account/keys', { json: { name: 'script' } })).json()) as { key: string };
    const withKey = await fetch(`${gw.baseUrl}/auth/sessions`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(withKey.status).toBe(403);
  });
});
