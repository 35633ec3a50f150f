import type { Page } from 'playwright-core';
import { OIDC_TEST_CLIENT } from '@pressroom/testing';
import { startOidcProvider, type TestOidcProvider } from '@pressroom/testing/oidc-provider';
import { adminCliFor, type AdminCli } from './admin-cli.js';
import { accessibilityViolations, screenshot, signInInBrowser, startDashboardRig, type DashboardRig } from './browser.js';

// Single sign-on through a real OpenID provider, accounts made with the admin CLI, lockout, and what the
// sign-up page says in each sign-up mode: each as a person sees it in the browser.

let rig: DashboardRig;
let provider: TestOidcProvider;
let cli: AdminCli;
/** The instance owner, signed in through single sign-on by the first test. */
let owner: Page;
const MAX_FAILURES = 3;

beforeAll(async () => {
  provider = await startOidcProvider({
    alice: { email: 'alice@example.com', email_verified: true, name: 'Alice' },
    mallory: { email: 'mallory@example.com', email_verified: true, name: 'Mallory' },
  });
  rig = await startDashboardRig({
    atPublicAddress: true,
    dashboard: {
      oidc: { issuer: provider.issuer, ...OIDC_TEST_CLIENT, name: 'Test SSO' },
      signupMode: 'invite',
      lockout: { maxFailures: MAX_FAILURES, lockMs: 10 * 60_000 },
      // Every attempt in this file comes from one address; the per-address limit is not under test here.
      signInPerMinute: 1000,
    },
  });
  provider.register(`${rig.stack.publicBaseUrl}/auth/oidc/callback`);
  cli = await adminCliFor(rig.stack);
  owner = await (await rig.newContext()).newPage();
}, 120_000);

afterAll(async () => {
  await cli?.close();
  await rig?.dispose();
  await provider?.close();
});

/** The provider's own (development) login and consent pages, filled in as a person would. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: /sign-in/i }).click();
  await page.getByRole('button', { name: /continue/i }).click();
}

test('single sign-on: the sign-in page offers the provider, whose real login and consent pages lead back signed in', async () => {
  await owner.goto(rig.url('renders'));
  await owner.getByRole('heading', { name: 'Sign in' }).waitFor();
  const sso = owner.getByRole('link', { name: 'Sign in with Test SSO' });
  await sso.waitFor();
  expect(await accessibilityViolations(owner)).toEqual([]);
  await screenshot(owner, 'sign-in-sso');

  await sso.click();
  expect(new URL(owner.url()).origin).toBe(provider.issuer);
  await signInAtProvider(owner, 'alice');

  // Back on the page asked for, signed in as the provider's person (the first account: the instance owner).
  await owner.getByRole('heading', { name: 'Renders', level: 1 }).waitFor();
  expect(new URL(owner.url()).pathname).toBe('/app/renders');
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
  await owner.getByRole('main').getByText('alice@example.com').first().waitFor();
  // The instance owner's page is in its navigation.
  expect(await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Instance' }).count()).toBe(1);
});

test('someone who only used single sign-on sets a password under Account, then signs in with it', async () => {
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await owner.getByRole('heading', { name: 'Set a password' }).waitFor();
  // No current password to give: only the new one.
  expect(await owner.getByLabel('Current password').count()).toBe(0);
  expect(await accessibilityViolations(owner)).toEqual([]);
  await owner.getByLabel('New password').fill('alice own passphrase');
  await owner.getByLabel('New password').press('Enter');
  await owner.getByText('Your password was set: you can also sign in with your email.').waitFor();
  // From now on changing it asks for the current one.
  await owner.getByLabel('Current password').waitFor();

  await owner.getByRole('button', { name: 'Sign out' }).click();
  await owner.getByRole('heading', { name: 'Sign in' }).waitFor();
  await signInInBrowser(owner, { email: 'alice@example.com', password: 'alice own passphrase' });
  await owner.getByRole('heading', { name: 'Overview' }).waitFor();
});

test('an account made with the admin CLI signs in with the password the CLI set', async () => {
  await cli.run('accounts', 'create', 'Print desk');
  const lines = await cli.run('users', 'set-password', 'Print desk', '--email', 'desk@example.com');
  expect(lines[0]).toBe('account Print desk signs in to the dashboard as desk@example.com');
  const password = lines.at(-1)!;

  const page = await (await rig.newContext()).newPage();
  await page.goto(rig.url('sign-in'));
  await signInInBrowser(page, { email: 'desk@example.com', password });
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  const workspace = await page
    .getByRole('main')
    .getByText(/Signed in as/)
    .textContent();
  expect(workspace).toContain('desk@example.com');
  expect(workspace).toContain('Print desk');
});

test('repeated wrong passwords lock the account: the locked-out problem detail shows beside the form', async () => {
  const page = await (await rig.newContext()).newPage();
  await page.goto(rig.url('sign-in'));
  const form = page.getByRole('form', { name: 'Sign in' });
  // Each guess waits for its answer, so the server counts exactly these attempts.
  const guess = (password: string) =>
    Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/auth/sign-in')),
      signInInBrowser(page, { email: 'desk@example.com', password }),
    ]);
  for (let attempt = 1; attempt < MAX_FAILURES; attempt++) {
    const [answer] = await guess(`wrong guess ${attempt}`);
    expect(answer.status()).toBe(401);
    await form.getByRole('alert').filter({ hasText: 'The email or password is not correct.' }).waitFor();
  }
  const [last] = await guess('the last wrong guess');
  expect(last.status()).toBe(423);
  const locked = form.getByRole('alert').filter({ hasText: /locked/ });
  await locked.waitFor();
  expect(await locked.textContent()).toMatch(/Too many wrong passwords in a row: sign-in is locked for 10 more minutes\./);
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'sign-in-locked');
});

test('sign-up modes: invite-only and closed say so on the sign-up and sign-in pages (no link to sign up), open shows the form; a refused SSO sign-up says why', async () => {
  const visitor = await (await rig.newContext()).newPage();
  // The owner changes the mode on the Instance page: pick it, Save (opening sign-up asks first).
  const setMode = async (mode: 'open' | 'closed') => {
    await owner.goto(rig.url('settings/instance'));
    await owner.getByLabel('Who may sign up').selectOption(mode);
    await owner.getByRole('button', { name: 'Save sign-up mode' }).click();
    if (mode === 'open')
      await owner.getByRole('alertdialog', { name: 'Let anyone sign up?' }).getByRole('button', { name: 'Open sign-up' }).click();
    await owner
      .getByRole('status')
      .filter({ hasText: `Saved: sign-up is now ${mode}.` })
      .waitFor();
  };

  // Invite only (the configured mode): no form, the reason; the sign-in page offers no link to that dead end
  // but says the way in is an invitation link.
  await visitor.goto(rig.url('sign-up'));
  await visitor.getByRole('heading', { name: 'Sign up' }).waitFor();
  await visitor.getByRole('note').filter({ hasText: 'Sign-up on this instance needs an invitation link from a team.' }).waitFor();
  expect(await visitor.getByRole('textbox', { name: 'Email' }).count()).toBe(0);
  expect(await accessibilityViolations(visitor)).toEqual([]);
  await visitor.getByRole('link', { name: 'Sign in' }).click();
  await visitor.getByText('New here? Open the invitation link a team owner sent you.').waitFor();
  expect(await visitor.getByRole('link', { name: 'Sign up' }).count()).toBe(0);

  await setMode('closed');
  await visitor.goto(rig.url('sign-up'));
  await visitor.getByRole('note').filter({ hasText: 'Sign-up is closed on this instance. Ask its owner for an account.' }).waitFor();
  expect(await visitor.getByRole('textbox', { name: 'Email' }).count()).toBe(0);
  await visitor.goto(rig.url('sign-in'));
  await visitor.getByRole('heading', { name: 'Sign in' }).waitFor();
  await visitor.getByRole('link', { name: 'Sign in with Test SSO' }).waitFor();
  await visitor.getByText('This instance does not accept new accounts: ask its owner.').waitFor();
  expect(await visitor.getByRole('link', { name: 'Sign up' }).count()).toBe(0);

  // A new person through single sign-on is refused too, and the sign-in page shows the server's reason.
  await visitor.getByRole('link', { name: 'Sign in with Test SSO' }).click();
  await signInAtProvider(visitor, 'mallory');
  await visitor.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(await visitor.getByRole('alert').textContent()).toMatch(/does not accept/);
  expect(await accessibilityViolations(visitor)).toEqual([]);

  await setMode('open');
  await visitor.goto(rig.url('sign-up'));
  await visitor.getByRole('textbox', { name: 'Email' }).fill('reader@example.com');
  await visitor.getByLabel('Password', { exact: true }).fill('reader passphrase');
  // The new session is held back a moment, to see what shows while it loads: the app's frame with a status in it,
  // not a bare line of text.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await visitor.route(
    // By path: the dashboard asks with a query (`?ifNone=empty`), which a glob would have to spell.
    (url) => url.pathname === '/auth/session',
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await visitor.getByRole('button', { name: 'Create account' }).click();
  await visitor.getByRole('main').getByRole('status').filter({ hasText: 'Loading your workspace…' }).waitFor();
  await visitor.getByRole('banner').getByText('Pressroom').waitFor();
  expect(await accessibilityViolations(visitor)).toEqual([]);
  release();
  await visitor.getByRole('heading', { name: 'Overview' }).waitFor();
  await visitor.getByRole('main').getByText('reader@example.com').first().waitFor();
});
