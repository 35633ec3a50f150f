import { earlyInMinute } from '@pressroom/testing';
import { startSmtpServer, type TestSmtpServer } from '@pressroom/testing/smtp-server';
import { Browser, ENGINES, startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

// "Forgot password?" over HTTP with a real SMTP server (docs/auth.md "Password reset"), and the workspace a
// sign-in starts in. The browser journey is apps/dashboard/test/password-reset.browser.test.ts.

type Json = Record<string, any>;

async function waitForMail(smtp: TestSmtpServer, count: number): Promise<void> {
  // Up to 600 looks 50 ms apart (30 s; it was 5 s, short for a mail sent after the answer on a loaded CI machine).
  for (let i = 0; i < 600 && smtp.mails.length < count; i++) await new Promise((r) => setTimeout(r, 50));
  expect(smtp.mails).toHaveLength(count);
}

describe.each(ENGINES)('password reset by mail (%s)', (engine) => {
  let gw: TestGateway;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    gw = await startTestGateway(engine, {
      dashboard: {
        signupMode: 'open',
        lockout: { maxFailures: 3, lockMs: 60_000 },
        signInPerMinute: 40,
        smtp: { url: smtp.url, from: 'Pressroom <pressroom@test.local>' },
      },
    });
  });
  afterAll(async () => {
    await gw.close();
    await smtp.close();
  });

  it('mails a single-use link that sets the password, lifts the lockout and signs out every session', async () => {
    expect(((await (await fetch(`${gw.baseUrl}/auth/config`)).json()) as Json).passwordReset).toBe('email');
    const ada = new Browser(gw.baseUrl);
    await ada.request('POST', '/auth/sign-up', { json: { email: 'ada@example.com', password: 'the old password' } });
    const elsewhere = new Browser(gw.baseUrl);
    await elsewhere.request('POST', '/auth/sign-in', { json: { email: 'ada@example.com', password: 'the old password' } });
    const visitor = new Browser(gw.baseUrl);
    for (let i = 0; i < 3; i++) {
      await visitor.request('POST', '/auth/sign-in', { json: { email: 'ada@example.com', password: 'wrong guess' } });
    }
    expect(
      (await visitor.request('POST', '/auth/sign-in', { json: { email: 'ada@example.com', password: 'the old password' } })).status,
    ).toBe(423);

    // The same answer whether or not an account uses the email; only the account gets a mail.
    const known = await visitor.request('POST', '/auth/password-reset', { json: { email: 'ADA@example.com' } });
    const unknown = await visitor.request('POST', '/auth/password-reset', { json: { email: 'nobody@example.com' } });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect([await known.json(), await unknown.json()]).toEqual([{ expiresInMinutes: 60 }, { expiresInMinutes: 60 }]);
    await waitForMail(smtp, 1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.raw).toMatch(/Subject: Reset your Pressroom password/);
    // The token is in the fragment, which browsers never send to a server (logs, proxies, Referer).
    const link = smtp.linksIn(mail).find((url) => url.startsWith(`${gw.baseUrl}/app/reset-password#`))!;
    const token = decodeURIComponent(new URL(link).hash.slice(1));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The page checks the link when it opens: usable, 204, and checking does not spend it.
    for (let i = 0; i < 2; i++) {
      const usable = await visitor.request('POST', '/auth/password-reset/check', { json: { token } });
      expect(usable.status).toBe(204);
      expect(await usable.text()).toBe('');
    }

    // The sign-up password rules, named by field.
    const weak = await visitor.request('POST', '/auth/password-reset/complete', { json: { token, newPassword: 'short' } });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as Json).errors).toEqual([
      expect.objectContaining({ field: 'newPassword', message: 'Use at least 10 characters.' }),
    ]);

    const done = await visitor.request('POST', '/auth/password-reset/complete', { json: { token, newPassword: 'a brand new password' } });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ email: 'ada@example.com' });
    // Every session of the user ended.
    expect((await ada.request('GET', '/auth/session')).status).toBe(401);
    expect((await elsewhere.request('GET', '/auth/session')).status).toBe(401);
    // The lockout is lifted: the new password signs in at once, the old one no longer does.
    expect(
      (await visitor.request('POST', '/auth/sign-in', { json: { email: 'ada@example.com', password: 'the old password' } })).status,
    ).toBe(401);
    expect(
      (await visitor.request('POST', '/auth/sign-in', { json: { email: 'ada@example.com', password: 'a brand new password' } })).status,
    ).toBe(200);

    // Single use: the link is spent.
    const again = await new Browser(gw.baseUrl).request('POST', '/auth/password-reset/complete', {
      json: { token, newPassword: 'yet another password' },
    });
    expect(again.status).toBe(404);
    expect(again.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const refused = (await again.json()) as Json;
    expect(refused.detail).toBe('This reset link is no longer valid: a link works once, within 60 minutes of being sent.');
    expect(refused.errors).toEqual([expect.objectContaining({ field: 'token', message: refused.detail })]);
    // Checked again, the spent link is refused the same way (an unknown one too), naming no account.
    for (const checked of [token, 'not-a-token']) {
      const dead = await new Browser(gw.baseUrl).request('POST', '/auth/password-reset/check', { json: { token: checked } });
      expect(dead.status).toBe(404);
      expect(dead.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const problem = (await dead.json()) as Json;
      expect(problem.detail).toBe(refused.detail);
      expect(problem.errors).toEqual([expect.objectContaining({ field: 'token', message: refused.detail })]);
      expect(JSON.stringify(problem)).not.toContain('ada@');
    }
  });

  it('refuses bad bodies by field, and requests from other sites', async () => {
    const browser = new Browser(gw.baseUrl);
    const badEmail = await browser.request('POST', '/auth/password-reset', { json: { email: 'not an email' } });
    expect(badEmail.status).toBe(400);
    expect(((await badEmail.json()) as Json).errors).toEqual([
      expect.objectContaining({ field: 'email', message: 'Enter a valid email address.' }),
    ]);
    const noToken = await browser.request('POST', '/auth/password-reset/complete', { json: { newPassword: 'a brand new password' } });
    expect(((await noToken.json()) as Json).errors).toEqual([expect.objectContaining({ field: 'token', message: '`token` is required.' })]);
    const uncheckable = await browser.request('POST', '/auth/password-reset/check', { json: {} });
    expect(uncheckable.status).toBe(400);
    expect(((await uncheckable.json()) as Json).errors).toEqual([
      expect.objectContaining({ field: 'token', message: '`token` is required.' }),
    ]);
    const checkedElsewhere = await browser.request('POST', '/auth/password-reset/check', {
      json: { token: 'x' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(checkedElsewhere.status).toBe(403);
    const extra = await browser.request('POST', '/auth/password-reset', { json: { email: 'ada@example.com', admin: true } });
    expect(extra.status).toBe(400);
    const crossSite = await browser.request('POST', '/auth/password-reset', {
      json: { email: 'ada@example.com' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('a sign-in starts in the workspace the user last worked in', async () => {
    const grace = new Browser(gw.baseUrl);
    await grace.request('POST', '/auth/sign-up', { json: { email: 'grace@example.com', password: 'grace passphrase' } });
    const team = (await (await grace.request('POST', '/teams', { json: { name: 'Northwind' } })).json()) as Json;
    expect(((await (await grace.request('POST', '/auth/workspace', { json: { workspaceId: team.id } })).json()) as Json).workspaceId).toBe(
      team.id,
    );
    // The session ends (signed out from a copy of the cookie); the next sign-in is in Northwind again.
    const copy = new Browser(gw.baseUrl);
    for (const [k, v] of grace.cookies) copy.cookies.set(k, v);
    expect((await copy.request('POST', '/auth/sign-out')).status).toBe(204);
    expect((await grace.request('GET', '/teams')).status).toBe(401);
    await grace.request('POST', '/auth/sign-in', { json: { email: 'grace@example.com', password: 'grace passphrase' } });
    expect(((await (await grace.request('GET', '/auth/session')).json()) as Json).workspaceId).toBe(team.id);
  });
});

describe('password reset without SMTP, and its rate limit (pglite)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway('pglite', { dashboard: { signupMode: 'open', signInPerMinute: 3 } });
  });
  afterAll(() => gw.close());

  it('says the instance owner resets passwords, with the admin CLI command', async () => {
    expect(((await (await fetch(`${gw.baseUrl}/auth/config`)).json()) as Json).passwordReset).toBe('instance-owner');
    await earlyInMinute();
    const res = await new Browser(gw.baseUrl).request('POST', '/auth/password-reset', { json: { email: 'ada@example.com' } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as Json).detail).toMatch(
      /its owner resets passwords: `admin-cli users set-password <account> --email <your email>`/,
    );
  });

  it('counts requests per client address (429 with Retry-After)', async () => {
    const browser = new Browser(gw.baseUrl);
    await earlyInMinute();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      // Checking a link and using one count together: a guesser gains nothing by checking.
      const res =
        i % 2 === 0
          ? await browser.request('POST', '/auth/password-reset/complete', { json: { token: 'x', newPassword: 'a brand new password' } })
          : await browser.request('POST', '/auth/password-reset/check', { json: { token: 'x' } });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(((await res.json()) as Json).detail).toMatch(/Password-reset requests from one address allow 3 requests per minute/);
      }
    }
    // The test above may have spent one request of this minute: the third of the burst is refused, or the fourth.
    expect(statuses.slice(0, 2)).toEqual([404, 404]);
    expect(statuses.at(-1)).toBe(429);
  });
});
