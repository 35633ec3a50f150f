import type { BrowserContext, Page } from 'playwright-core';
import { startSmtpServer, type TestSmtpServer } from '@pressroom/testing/smtp-server';
import { startPageServer } from '../../../deploy/embedded/test/harness.js';
import {
  accessibilityViolations,
  eventually,
  PHONE,
  screenshot,
  sessionRequest,
  signInInBrowser,
  startDashboardRig,
  type DashboardRig,
} from './browser.js';
import { startRigWithOwner } from './support/signed-up-owner.js';

// When a session ends mid-task, and when the password is forgotten (docs/auth.md "Password reset", docs/dashboard.md
// "Accounts, sign-in and teams"): a real stack, a real SMTP server and Chromium.

const MAX_FAILURES = 3;
const ADA = { email: 'ada@agency.test', password: 'ada agency passphrase' };
const BOB = { email: 'bob@agency.test', password: 'bob agency passphrase' };

let rig: DashboardRig;
let smtp: TestSmtpServer;
let receiver: Awaited<ReturnType<typeof startPageServer>>;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startPageServer({ '/hook': (req, res) => req.resume().on('end', () => res.writeHead(200).end('ok')) });
  ({ rig, context, page } = await startRigWithOwner({
    owner: ADA,
    rig: {
      // Mailed links carry Pressroom's public address: the browsers use it too.
      atPublicAddress: true,
      dashboard: {
        signupMode: 'open',
        lockout: { maxFailures: MAX_FAILURES, lockMs: 10 * 60_000 },
        smtp: { url: smtp.url, from: 'Pressroom <pressroom@test.local>' },
        // Every request in this file comes from one address, and the reset requests, checks and uses of its tests
        // share one per-minute count: the per-address limit is not under test here.
        signInPerMinute: 1000,
      },
    },
  }));
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
  await receiver?.close();
  await smtp?.close();
});

/** Ends the page's session the way another browser does: sign-out with a copy of its cookie. */
async function endSessionElsewhere(): Promise<void> {
  const copy = await rig.newContext();
  await copy.addCookies(await context.cookies());
  expect((await sessionRequest(copy, rig.origin, { method: 'POST', path: '/auth/sign-out' })).status()).toBe(204);
  await copy.close();
}

test('a session that ends mid-form: sign in again in place, the typed webhook is created in the same team', async () => {
  const team = await sessionRequest(context, rig.origin, { method: 'POST', path: '/teams', data: { name: 'Northwind' } });
  expect(team.status()).toBe(201);
  await page.reload();
  await page.getByLabel('Workspace').selectOption({ label: 'Northwind' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  // The empty list says what a webhook is for, not only that there is none.
  await page.getByText(/^No webhooks yet\. A webhook posts to your address when a render, a batch or a binding finishes/).waitFor();
  const target = receiver.url('/hook');
  await page.getByRole('textbox', { name: 'Target URL' }).fill(target);

  await endSessionElsewhere();
  await page.getByRole('button', { name: 'Create webhook' }).click();

  // The page stays, with the URL typed; a dialog asks for the password of the same person.
  const dialog = page.getByRole('dialog', { name: 'Your session ended' });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain('Sign in again to continue. This page stays as it is');
  expect(await dialog.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(ADA.email);
  expect(await page.getByRole('textbox', { name: 'Target URL', includeHidden: true }).inputValue()).toBe(target);
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'session-ended');

  // An empty password is refused beside it in the sign-in page's words, before anything is sent.
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.getByText('Enter your password.', { exact: true }).waitFor();
  expect(await dialog.getByText(/is required/).count()).toBe(0);
  // A wrong password is refused in the dialog; the right one sends the webhook that waited.
  await dialog.getByLabel('Password', { exact: true }).fill('not the password');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'The email or password is not correct.' }).waitFor();
  await dialog.getByLabel('Password', { exact: true }).fill(ADA.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.waitFor({ state: 'detached' });
  // Created: its signing secret is shown (once), and it is the team's.
  await page.getByRole('dialog', { name: 'Webhook signing secret' }).waitFor();
  const hooks = await sessionRequest(context, rig.origin, { method: 'GET', path: '/webhook-subscriptions' });
  expect(JSON.stringify(await hooks.json())).toContain(target);
  const session = (await (await sessionRequest(context, rig.origin, { method: 'GET', path: '/auth/session' })).json()) as Record<
    string,
    any
  >;
  expect(session.workspaces.find((w: { id: string }) => w.id === session.workspaceId).name).toBe('Northwind');
});

test('a session that ended before a reload: the sign-in page says why, and signing in returns to the page in the same team', async () => {
  await endSessionElsewhere();
  await page.reload();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  const url = new URL(page.url());
  expect(url.searchParams.get('returnTo')).toBe('/settings/webhooks');
  await page.getByText('Your session ended. Sign in again to continue.').waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);

  // Every sign-in used to start in the personal workspace: now it is the one last worked in.
  await signInInBrowser(page, ADA);
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  expect(await page.getByLabel('Workspace').locator('option:checked').textContent()).toBe('Northwind');
  await page
    .getByRole('listitem')
    .filter({ hasText: receiver.url('/hook') })
    .waitFor();
  expect(await page.getByText('No webhooks yet.').count()).toBe(0);
});

test('locked out, forgot password: the mailed link sets a new password, lifts the lockout and signs out other browsers', async () => {
  const bobsOtherBrowser = await rig.newContext();
  const signUp = await bobsOtherBrowser.request.post(`${rig.origin}/auth/sign-up`, { data: BOB });
  expect(signUp.status()).toBe(201);

  // Locked out on a phone; the lockout message leads to the reset.
  const phone = await (await rig.newContext(PHONE)).newPage();
  await phone.goto(rig.url('sign-in'));
  for (let attempt = 1; attempt <= MAX_FAILURES; attempt++) {
    await Promise.all([
      phone.waitForResponse((res) => res.url().endsWith('/auth/sign-in')),
      signInInBrowser(phone, { email: BOB.email, password: `wrong guess ${attempt}` }),
    ]);
  }
  await phone
    .getByRole('alert')
    .filter({ hasText: /sign-in is locked/ })
    .waitFor();
  expect(await phone.getByRole('link', { name: 'Forgot password?' }).count()).toBe(0);
  await phone.getByRole('link', { name: 'Reset your password to sign in now' }).click();

  await phone.getByRole('heading', { name: 'Reset your password' }).waitFor();
  expect(await phone.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(BOB.email);
  expect(await accessibilityViolations(phone)).toEqual([]);
  // Empty, the email is asked for; malformed, called not valid: the words of sign-in and sign-up.
  const resetEmail = phone.getByRole('textbox', { name: 'Email' });
  await resetEmail.fill('');
  await phone.getByRole('button', { name: 'Email me a reset link' }).click();
  await phone.getByText('Enter your email address.', { exact: true }).waitFor();
  await resetEmail.fill('not-an-address');
  await phone.getByRole('button', { name: 'Email me a reset link' }).click();
  await phone.getByText('Enter a valid email address.', { exact: true }).waitFor();
  await resetEmail.fill(BOB.email);
  await phone.getByRole('button', { name: 'Email me a reset link' }).click();
  await phone
    .getByRole('status')
    .filter({ hasText: `If an account uses ${BOB.email}, a link to reset its password is on its way. It works once, within 60 minutes.` })
    .waitFor();
  // The form and its button are gone: focus is on what was sent (read out), not dropped to the page's start.
  await eventually(
    async () =>
      phone.evaluate(() => {
        const focused = document.activeElement;
        return focused !== document.body && (focused?.textContent ?? '').includes('a link to reset its password is on its way');
      }),
    'focus on the sent notice',
    5_000,
  );
  await screenshot(phone, 'forgot-password-sent');
  // Ask again: the form comes back in place of the answer and its button; focus goes to the page's heading, not the body.
  await phone.getByRole('button', { name: 'ask again' }).click();
  await phone.getByRole('button', { name: 'Email me a reset link' }).waitFor();
  await eventually(
    async () =>
      phone.evaluate(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Reset your password'),
    'focus on the heading Reset your password',
  );

  await eventually(async () => smtp.mails.length === 1, 'the reset mail');
  const mail = smtp.mails[0]!;
  expect(mail.to).toEqual([BOB.email]);
  expect(mail.raw).toMatch(/Subject: Reset your Pressroom password/);
  const link = smtp.linksIn(mail).find((u) => u.includes('/app/reset-password#'));
  expect(link).toBeDefined();

  await phone.goto(link!);
  await phone.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  expect(await accessibilityViolations(phone)).toEqual([]);
  // The sign-up rules, beside the field.
  await phone.getByLabel('New password', { exact: true }).fill('short');
  await phone.getByRole('button', { name: 'Set new password' }).click();
  await phone.getByText('Use at least 10 characters.').waitFor();
  await phone.getByLabel('New password', { exact: true }).fill('bob new passphrase');
  await phone.getByRole('button', { name: 'Set new password' }).click();

  // Back on sign-in, with the email filled and what happened said; the lockout is gone.
  await phone.getByRole('heading', { name: 'Sign in' }).waitFor();
  await phone
    .getByRole('status')
    .filter({ hasText: 'Your password is changed and every browser that was signed in is signed out.' })
    .waitFor();
  expect(await phone.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(BOB.email);
  await phone.getByLabel('Password', { exact: true }).fill('bob new passphrase');
  await phone.getByLabel('Password', { exact: true }).press('Enter');
  await phone.getByRole('heading', { name: 'Overview' }).waitFor();
  expect((await bobsOtherBrowser.request.get(`${rig.origin}/auth/session`)).status()).toBe(401);

  // The link worked once: opened again, the page says at once that it is dead and how to get a new one, with no
  // form to fill in for nothing.
  const stranger = await (await rig.newContext()).newPage();
  await stranger.goto(link!);
  await stranger
    .getByRole('alert')
    .filter({ hasText: 'This reset link is no longer valid: a link works once, within 60 minutes of being sent. Ask for a new link.' })
    .waitFor();
  expect(await stranger.getByLabel('New password', { exact: true }).count()).toBe(0);
  expect(await stranger.getByRole('button', { name: 'Set new password' }).count()).toBe(0);
  expect(await accessibilityViolations(stranger)).toEqual([]);
  await stranger.getByRole('link', { name: 'Ask for a new link' }).click();
  await stranger.getByRole('heading', { name: 'Reset your password' }).waitFor();
});

/** Comes back to a page as a browser does when its tab is shown again: the tab turns visible, then the window is focused. */
async function comeBackTo(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new FocusEvent('focus'));
  });
}

test('a reset link that dies while its form is open: coming back to the page says so, and so does setting the password', async () => {
  const CAROL = { email: 'carol@agency.test', password: 'carol agency passphrase' };
  const carol = await rig.newContext();
  expect((await carol.request.post(`${rig.origin}/auth/sign-up`, { data: CAROL })).status()).toBe(201);
  // Three links; setting the password with one of them ends the other two (docs/auth.md "Password reset").
  for (let asked = 0; asked < 3; asked++) {
    const request = await sessionRequest(carol, rig.origin, { method: 'POST', path: '/auth/password-reset', data: { email: CAROL.email } });
    expect(request.status()).toBe(200);
  }
  const mailsToCarol = () => smtp.mails.filter((mail) => mail.to.includes(CAROL.email));
  await eventually(async () => mailsToCarol().length === 3, 'three reset mails to Carol');
  const [returnedTo, submitted, used] = mailsToCarol().map((mail) => smtp.linksIn(mail).find((u) => u.includes('/app/reset-password#'))!);

  const openForm = async (link: string, options: { clock?: boolean } = {}) => {
    const page = await (await rig.newContext()).newPage();
    // Coming back re-checks the link only once its last check is a few seconds old: the test moves the page's clock on.
    if (options.clock) await page.clock.install();
    await page.goto(link);
    await page.getByRole('button', { name: 'Set new password' }).waitFor();
    return page;
  };
  const away = await openForm(returnedTo!, { clock: true });
  // The checks after the one on opening.
  const checks: string[] = [];
  away.on('request', (req) => {
    if (req.url().endsWith('/auth/password-reset/check')) checks.push(req.url());
  });
  const typing = await openForm(submitted!);
  await away.getByLabel('New password', { exact: true }).fill('carol half-typed');
  await typing.getByLabel('New password', { exact: true }).fill('carol typed in vain');

  // In another tab, the third link sets the password: the first two die while their forms are open.
  const other = await openForm(used!);
  await other.getByLabel('New password', { exact: true }).fill('carol new passphrase');
  await other.getByRole('button', { name: 'Set new password' }).click();
  await other.getByRole('heading', { name: 'Sign in' }).waitFor();

  const deadNotice = 'This reset link is no longer valid: a link works once, within 60 minutes of being sent. Ask for a new link.';
  const saysDead = async (page: Page) => {
    await page.getByRole('alert').filter({ hasText: deadNotice }).waitFor();
    // The same state as a dead link opened: no form to fill in for nothing, the way on, and focus on the notice
    // (the field someone was in is gone) rather than the page's start.
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Set new password' }).count()).toBe(0);
    // Moved there by an effect after the notice is drawn: waited for, not read at once.
    await eventually(
      async () => (await page.evaluate(() => document.activeElement?.textContent ?? '')) === deadNotice,
      'focus on the notice',
    );
    expect(await accessibilityViolations(page)).toEqual([]);
  };

  // Back to the first page's tab: the link is checked again and found dead, before a password is set with it.
  // Counted from here: a check a stray focus of the window made earlier (a slow machine, past 10 s) is not this one.
  const checksBefore = checks.length;
  await away.clock.fastForward('00:30');
  await comeBackTo(away);
  await saysDead(away);
  // One check on coming back: the tab shown and the window focused ask once between them.
  expect(checks.length - checksBefore).toBe(1);
  // The form gone, coming back again asks nothing more, however long after (the one check the notice needed is the
  // last). A check asked then would go out before the answer to the request made next, which is waited for.
  await away.clock.fastForward('00:30');
  await comeBackTo(away);
  await comeBackTo(away);
  await away.evaluate(async () => void (await fetch('/app/')));
  expect(checks.length - checksBefore).toBe(1);

  // Setting the password with the second (without having left its page) says the same, in place of the form.
  await typing.getByRole('button', { name: 'Set new password' }).click();
  await saysDead(typing);
  await typing.getByRole('link', { name: 'Ask for a new link' }).click();
  await typing.getByRole('heading', { name: 'Reset your password' }).waitFor();

  await Promise.all([carol, away.context(), typing.context(), other.context()].map((c) => c.close()));
});

test('without SMTP, the forgot-password page says the instance owner resets passwords, with the command', async () => {
  const plain = await startDashboardRig({ dashboard: { signupMode: 'open' } });
  try {
    const visitor = await (await plain.newContext()).newPage();
    // An account first: a fresh instance sends its first visitor on to create the owner.
    expect((await visitor.context().request.post(`${plain.origin}/auth/sign-up`, { data: ADA })).status()).toBe(201);
    await visitor.context().clearCookies();
    await visitor.goto(plain.url('sign-in'));
    await visitor.getByRole('textbox', { name: 'Email' }).fill(ADA.email);
    await visitor.getByRole('link', { name: 'Forgot password?' }).click();
    await visitor.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await visitor.getByText('This Pressroom instance does not send email, so its owner resets passwords.').waitFor();
    expect(await visitor.locator('code').textContent()).toBe(`admin-cli users set-password ${ADA.email} --email ${ADA.email}`);
    expect(await accessibilityViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'forgot-password-owner');
  } finally {
    await plain.dispose();
  }
});
