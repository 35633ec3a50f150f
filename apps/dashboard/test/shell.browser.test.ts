import type { BrowserContext, Page } from 'playwright-core';
import { accessibilityViolations, focusedName, PHONE, screenshot, startDashboardRig, type DashboardRig } from './browser.js';

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
