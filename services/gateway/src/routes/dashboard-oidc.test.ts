import { startOidcProvider, type TestOidcProvider } from '@pressroom/testing/oidc-provider';
import { startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

/**
 * A person's browser: follows redirects across the gateway and the provider with one cookie
 * jar, signs in as `login` on the provider's login page and confirms its consent page.
 */
async function signInThroughProvider(startUrl: string, login: string): Promise<{ finalLocation: string; cookies: Map<string, string> }> {
  const jar = new Map<string, string>();
  let url = startUrl;
  let body: URLSearchParams | null = null;
  for (let hop = 0; hop < 20; hop++) {
    const res: Response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    body = null;
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      // Stop once the gateway has answered the callback: the browser is back on our pages.
      if (new URL(url).pathname === '/auth/oidc/callback') return { finalLocation: location, cookies: jar };
      url = next.href;
      continue;
    }
    const html: string = await res.text();
    if (res.status !== 200 || !/\/interaction\//.test(url)) throw new Error(`unexpected ${res.status} at ${url}: ${html.slice(0, 300)}`);
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('too many redirects');
}

describe('single sign-on with OpenID Connect (pglite)', () => {
  let gw: TestGateway;
  let provider: TestOidcProvider;

  beforeAll(async () => {
    const people = {
      alice: { email: 'alice@example.com', email_verified: true, name: 'Alice' },
      mallory: { email: 'mallory@example.com', email_verified: true, name: 'Mallory' },
    };
    provider = await startOidcProvider(people);
    gw = await startTestGateway('pglite', { oidcIssuer: provider.issuer, dashboard: { signupMode: 'closed' } });
    provider.register(`${gw.baseUrl}/auth/oidc/callback`);
  });
  afterAll(async () => {
    await gw.close();
    await provider.close();
  });

  it('signs in through a real provider, creates the user on a fresh instance, returns to returnTo; refuses when sign-up is closed', async () => {
    const config = (await (await fetch(`${gw.baseUrl}/auth/config`)).json()) as { oidc: { enabled: boolean; name: string } };
    expect(config.oidc).toEqual({ enabled: true, name: 'Test SSO' });

    const first = await signInThroughProvider(`${gw.baseUrl}/auth/oidc/start?returnTo=/app/renders`, 'alice');
    expect(first.finalLocation).toBe('/app/renders');
    const session = await fetch(`${gw.baseUrl}/auth/session`, {
      headers: { cookie: `pressroom_session=${first.cookies.get('pressroom_session')}` },
    });
    expect(session.status).toBe(200);
    const view = (await session.json()) as { user: { email: string; name: string; instanceRole: string; hasPassword: boolean } };
    expect(view.user).toEqual(
      expect.objectContaining({ email: 'alice@example.com', name: 'Alice', instanceRole: 'owner', hasPassword: false }),
    );

    // The same identity signs in again as the same user.
    const again = await signInThroughProvider(`${gw.baseUrl}/auth/oidc/start`, 'alice');
    expect(again.finalLocation).toBe('/app/');

    // Sign-up is closed: a new identity is sent back to the sign-in page with the reason.
    const refused = await signInThroughProvider(`${gw.baseUrl}/auth/oidc/start?returnTo=//evil.example`, 'mallory');
    expect(refused.finalLocation).toMatch(/^\/app\/sign-in\?error=.*does%20not%20accept/);
    expect(refused.cookies.has('pressroom_session')).toBe(false);

    // A callback without the flow cookie (forged or replayed) signs nobody in.
    const forged = await fetch(`${gw.baseUrl}/auth/oidc/callback?code=x&state=y`, { redirect: 'manual' });
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toMatch(/^\/app\/sign-in\?error=/);
  });
});
