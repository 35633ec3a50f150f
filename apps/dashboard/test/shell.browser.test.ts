import type { BrowserContext, Page } from 'playwright-core';
import { accessibilityViolations, focusedName, PHONE, screenshot, startDashboardRig, type DashboardRig } from './browser.js';

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  rig = await startDashboardRig();
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

  const deepLink = await fetch(rig.url('settings/api-keys'));
  expect(deepLink.status).toBe(200);
  expect(await deepLink.text()).toContain('<div id="root">');

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
