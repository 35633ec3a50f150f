import type { Page } from 'playwright-core';
import { accessibilityViolations, PHONE, screenshot, signUpInBrowser, startDashboardRig, type DashboardRig } from './browser.js';

let rig: DashboardRig;
let page: Page;

beforeAll(async () => {
  rig = await startDashboardRig();
  page = await (await rig.newContext()).newPage();
  await signUpInBrowser(page, rig, { email: 'usage@example.com', password: 'usage passphrase' });
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
});

test('usage and plan: credits, rate tier and the renders-per-day chart, also at 390 px', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage and plan' }).click();
  await page.getByRole('heading', { name: 'Usage and plan', level: 1 }).waitFor();
  await page.getByRole('progressbar', { name: 'Render credits' }).waitFor();
  await page.getByRole('progressbar', { name: 'AI credits' }).waitFor();
  expect(await page.getByRole('img', { name: /Renders per day over 30 days/ }).count()).toBe(1);
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'usage');

  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page)).toEqual([]);
});
