import type { BrowserContext, Page } from 'playwright-core';
import { waitFor } from '@pressroom/testing';
import {
  accessibilityViolations,
  eventually,
  focusedName,
  PHONE,
  screenshot,
  sessionRequest,
  signInInBrowser,
  startDashboardRig,
  type DashboardRig,
} from './browser.js';

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  rig = await startDashboardRig();
  // An instance with its owner: a new one (no user at all) sends sign-in straight on to creating the owner.
  const owner = await fetch(`${rig.stack.baseUrl}/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'shell-owner@example.com', password: 'shell owner passphrase' }),
  });
  expect(owner.status).toBe(201);
  context = await rig.newContext();
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
});

test('a browser opening / is sent to the dashboard; API clients still get JSON', async () => {
  const browserLike = await fetch(`${rig.stack.baseUrl}/`, { headers: { accept: 'text/html,*/*;q=0.8' }, redirect: 'manual' });
  expect(browserLike.status).toBe(302);
  expect(browserLike.headers.get('location')).toBe('/app/');

  const apiClient = await fetch(`${rig.stack.baseUrl}/`, { headers: { accept: 'application/json' } });
  expect(apiClient.headers.get('content-type')).toMatch(/json/);

  for (const home of ['', 'settings/api-keys']) {
    const res = await fetch(rig.url(home));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  }
  const bare = await fetch(`${rig.stack.baseUrl}/app`, { redirect: 'manual' });
  expect(bare.headers.get('location')).toBe('/app/');

  const deepLink = await fetch(rig.url('settings/api-keys'));
  expect(deepLink.status).toBe(200);
  expect(await deepLink.text()).toContain('<div id="root">');

  const icon = await fetch(rig.url('favicon.svg'));
  expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  expect(await icon.text()).toContain('<svg');

  const missingAsset = await fetch(rig.url('assets/nope.js'));
  expect(missingAsset.status).toBe(404);
  expect(missingAsset.headers.get('content-type')).toMatch(/^application\/problem\+json/);
});

test('without a session a dashboard page leads to sign-in, remembering where to come back', async () => {
  await page.goto(rig.url('settings/api-keys'));
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/app/sign-in');
  expect(url.searchParams.get('returnTo')).toBe('/settings/api-keys');

  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'sign-in');
});

test('a browser opening a dashboard page without /app/ lands on it; the same path from a client stays the API', async () => {
  await page.goto(`${rig.stack.baseUrl}/settings/webhooks?tab=1`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/app/sign-in');
  expect(url.searchParams.get('returnTo')).toBe('/settings/webhooks?tab=1');

  await page.goto(`${rig.stack.baseUrl}/sign-up`);
  await page.getByRole('heading', { name: /^(Sign up|Create the owner account)$/ }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/app/sign-up');

  const client = await fetch(`${rig.stack.baseUrl}/sign-up`, { redirect: 'manual' });
  expect(client.status).toBe(401);
  expect(client.headers.get('content-type')).toMatch(/^application\/problem\+json/);
});

test('the sign-in form is labelled and keyboard-operable', async () => {
  await page.goto(rig.url('sign-in'));
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.focus();
  expect(await focusedName(page)).toBe('Email');
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Password');
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Sign in');
});

test('public pages fit a 390 px phone without sideways scrolling', async () => {
  const phone = await (await rig.newContext(PHONE)).newPage();
  await phone.goto(rig.url('sign-in'));
  await phone.getByRole('heading', { name: 'Sign in' }).waitFor();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(phone)).toEqual([]);
});

/** Waits for keyboard focus to be on the page's h1 named `heading` (the navigation link of the same name does not count). */
async function expectFocusOnHeading(on: Page, heading: string): Promise<void> {
  await eventually(
    async () => (await on.evaluate(() => document.activeElement?.tagName)) === 'H1' && (await focusedName(on)) === heading,
    `focus on the heading ${heading}`,
  );
}

test('on a desktop, a page chosen in the side navigation gets focus on its heading; the skip link, Back and Forward still work', async () => {
  const desk = await (await rig.newContext()).newPage();
  await desk.goto(rig.url('sign-in'));
  await signInInBrowser(desk, { email: 'shell-owner@example.com', password: 'shell owner passphrase' });
  await desk.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  const nav = desk.getByRole('navigation', { name: 'Main' });
  const inMain = () => desk.evaluate(() => Boolean(document.activeElement?.closest('main')));

  // By keyboard: Enter on a sidebar link opens the page and puts focus on its heading, as the phone menu does.
  await nav.getByRole('link', { name: 'Renders' }).focus();
  await desk.keyboard.press('Enter');
  await desk.waitForURL(/\/app\/renders$/);
  await expectFocusOnHeading(desk, 'Renders');
  // The heading is not a Tab stop of its own: Tab goes on into the page.
  expect(await desk.getByRole('heading', { name: 'Renders', level: 1 }).getAttribute('tabindex')).toBe('-1');
  await desk.keyboard.press('Tab');
  expect(await inMain()).toBe(true);
  // The sidebar stays where it was, marking the chosen page.
  expect(await nav.getByRole('link', { name: 'Renders' }).getAttribute('aria-current')).toBe('page');

  // By mouse, the same.
  await nav.getByRole('link', { name: 'API keys' }).click();
  await desk.waitForURL(/\/app\/settings\/api-keys$/);
  await expectFocusOnHeading(desk, 'API keys');
  expect(await accessibilityViolations(desk)).toEqual([]);

  // Back and Forward go through the same pages; they are no choice in the navigation, so focus is left to the browser.
  await desk.goBack();
  await desk.waitForURL(/\/app\/renders$/);
  await desk.getByRole('heading', { name: 'Renders', level: 1 }).waitFor();
  expect(await desk.evaluate(() => document.activeElement?.tagName)).not.toBe('H1');
  await desk.goForward();
  await desk.waitForURL(/\/app\/settings\/api-keys$/);
  await desk.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();

  // The skip link: the first Tab stop of a freshly opened page; it moves on past the navigation into the page.
  await desk.goto(rig.url('renders'));
  await desk.getByRole('heading', { name: 'Renders', level: 1 }).waitFor();
  await desk.keyboard.press('Tab');
  expect(await focusedName(desk)).toBe('Skip to content');
  await desk.keyboard.press('Enter');
  await desk.waitForURL(/\/app\/renders#main$/);
  // Focus is on the page's main landmark (a screen reader reads on from there), not left on the document.
  await waitFor(async () => (await desk.evaluate(() => document.activeElement?.id)) === 'main', 'focus on main');
  await desk.keyboard.press('Tab');
  expect(await focusedName(desk)).toBe('Search');
  expect(await desk.getByRole('heading', { name: 'Renders', level: 1 }).isVisible()).toBe(true);
  // A navigation choice after it still focuses the new page's heading.
  await nav.getByRole('link', { name: 'Batches' }).focus();
  await desk.keyboard.press('Enter');
  await desk.waitForURL(/\/app\/batches$/);
  await expectFocusOnHeading(desk, 'Batches');
  await desk.context().close();
});

test('signed in, the sign-in and sign-up pages lead on instead of showing a form; after Sign out the sign-in form shows again', async () => {
  const desk = await (await rig.newContext()).newPage();
  await desk.goto(rig.url('sign-in'));
  await signInInBrowser(desk, { email: 'shell-owner@example.com', password: 'shell owner passphrase' });
  await desk.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  // Every form field the page ever drew, remembered across the navigation's documents: the form must not flash.
  await desk.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('input[type="password"]')) sessionStorage.setItem('drew-a-password-field', '1');
    }).observe(document, { childList: true, subtree: true });
  });
  const drewForm = () => desk.evaluate(() => sessionStorage.getItem('drew-a-password-field') === '1');

  await desk.goto(rig.url('sign-in'));
  await desk.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  expect(new URL(desk.url()).pathname).toMatch(/^\/app\/?$/);
  // A return target is followed, as after signing in.
  await desk.goto(rig.url('sign-in?returnTo=%2Frenders'));
  await desk.getByRole('heading', { name: 'Renders', level: 1 }).waitFor();
  expect(new URL(desk.url()).pathname).toBe('/app/renders');
  // Sign-up (invite-only here) no longer tells a signed-in person that sign-up needs an invitation.
  await desk.goto(rig.url('sign-up'));
  await desk.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  expect(await desk.getByText('needs an invitation link').count()).toBe(0);
  expect(await drewForm()).toBe(false);

  // An invitation's sign-up link for another address leads to the invitation, which says who may accept it.
  const team = await sessionRequest(desk.context(), rig.origin, { method: 'POST', path: '/teams', data: { name: 'Shell desk' } });
  expect(team.status()).toBe(201);
  const teamId = ((await team.json()) as { id: string }).id;
  const invite = await sessionRequest(desk.context(), rig.origin, {
    method: 'POST',
    path: `/teams/${teamId}/invites`,
    data: { email: 'someone-else@example.com', role: 'member' },
  });
  expect(invite.status()).toBe(201);
  const token = ((await invite.json()) as { token: string }).token;
  await desk.goto(rig.url(`sign-up?invite=${token}`));
  await desk.getByRole('heading', { name: 'Team invitation', level: 1 }).waitFor();
  expect(new URL(desk.url()).pathname).toBe(`/app/invite/${token}`);
  // Said before anything is clicked: no Accept that the server could only refuse.
  await desk
    .getByText(/^This invitation is for someone-else@example\.com, and you are signed in as .+: sign out, then sign in or sign up/)
    .waitFor();
  expect(await desk.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
  expect(await drewForm()).toBe(false);

  // Signed out, the cached session is not taken for a signed-in one: the form shows, and stays on a new visit.
  // The header's (exact: the invitation's page also offers Sign out to use someone-else@example.com).
  await desk.getByRole('button', { name: 'Sign out', exact: true }).click();
  await desk.getByRole('heading', { name: 'Sign in' }).waitFor();
  await desk.getByRole('textbox', { name: 'Email' }).waitFor();
  expect(new URL(desk.url()).pathname).toBe('/app/sign-in');
  await desk.goto(rig.url('sign-in'));
  await desk.getByRole('textbox', { name: 'Email' }).waitFor();
  expect(new URL(desk.url()).pathname).toBe('/app/sign-in');
  // The watch above does see a form when one is drawn.
  expect(await drewForm()).toBe(true);
  await desk.context().close();
});

test('Sign out puts keyboard focus on the sign-in heading, not on the body of the page', async () => {
  const desk = await (await rig.newContext()).newPage();
  await desk.goto(rig.url('sign-in'));
  await signInInBrowser(desk, { email: 'shell-owner@example.com', password: 'shell owner passphrase' });
  await desk.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  await desk.getByRole('button', { name: 'Sign out' }).focus();
  await desk.keyboard.press('Enter');
  await expectFocusOnHeading(desk, 'Sign in');
  // The heading is no Tab stop of its own: Tab goes on into the form.
  await desk.keyboard.press('Tab');
  expect(await focusedName(desk)).toBe('Email');
  await desk.context().close();
});

test('/app/settings opens the first settings page, Account, rather than Page not found', async () => {
  const desk = await (await rig.newContext()).newPage();
  await desk.goto(rig.url('sign-in?returnTo=%2Fsettings'));
  await signInInBrowser(desk, { email: 'shell-owner@example.com', password: 'shell owner passphrase' });
  await desk.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  expect(new URL(desk.url()).pathname).toBe('/app/settings/account');
  await desk.goto(rig.url('settings'));
  await desk.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  expect(new URL(desk.url()).pathname).toBe('/app/settings/account');
  expect(await desk.getByText('Page not found').count()).toBe(0);
  await desk.context().close();
});
