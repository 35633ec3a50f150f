import type { Page } from 'playwright-core';
import { accessibilityViolations, PHONE, screenshot, signUpInBrowser, startDashboardRig, type DashboardRig } from './browser.js';

let rig: DashboardRig;
let page: Page;
/** The page's console warnings and errors once signed in (React Router's, React's, failed requests). */
const consoleNoise: string[] = [];

beforeAll(async () => {
  rig = await startDashboardRig();
  page = await (await rig.newContext()).newPage();
  await signUpInBrowser(page, rig, { email: 'first-day@example.com', password: 'first day passphrase', name: 'Dana First' });
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') consoleNoise.push(`${message.type()}: ${message.text()}`);
  });
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
});

const main = () => page.getByRole('main');
const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const gettingStarted = () => main().getByRole('region', { name: 'Get started' });

async function openOverview(): Promise<void> {
  await nav('Overview').click();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  await main().getByRole('progressbar', { name: 'Render credits' }).waitFor();
}

test('the overview walks a new workspace through a key, a render and a template, then shows the renders and the month', async () => {
  // A new workspace: nothing done yet, each step with its way forward. Loaded afresh, as a bookmark would.
  await page.goto(rig.url());
  await openOverview();
  await gettingStarted().getByText('0 of 3 done').waitFor();
  await main().getByText('No renders yet: the playground makes one in a click.').waitFor();
  await main().getByText('0 of 100').waitFor();
  // The header names the person by the name given at sign-up; on hover the whole name (a long one is cut) and the email.
  const who = page.getByRole('banner').getByText('Dana First', { exact: true });
  expect(await who.getAttribute('title')).toBe('Dana First (first-day@example.com)');
  expect(await accessibilityViolations(page)).toEqual([]);
  // (account-and-keys.browser.test.ts writes this state's screenshot, overview.png.)

  // Step 1, from its own link: a key, shown once.
  await gettingStarted().getByRole('link', { name: 'Create a key' }).click();
  await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
  await page.getByLabel('Key name').fill('Site generator');
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog');
  const key = await dialog.getByRole('textbox', { name: 'API key' }).inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // No render yet: the history says what will appear there and where to make the first.
  await nav('Renders').click();
  await main()
    .getByText(/^No renders yet\./)
    .waitFor();
  await main().getByRole('link', { name: 'make one in the playground' }).waitFor();
  await main().getByRole('combobox', { name: 'Kind' }).selectOption('pdf');
  await main().getByText('No renders match.').waitFor();

  // Step 2, from its own link: the playground's render.
  await openOverview();
  await gettingStarted().getByText('1 of 3 done').waitFor();
  await gettingStarted().getByText('1 key in this workspace.').waitFor();
  await gettingStarted().getByRole('link', { name: 'Open the playground' }).click();
  await page.getByRole('spinbutton', { name: 'Width' }).fill('120');
  await page.getByRole('spinbutton', { name: 'Height' }).fill('60');
  await page.getByRole('button', { name: 'Render' }).click();
  await page.getByRole('img', { name: 'Rendered result' }).waitFor({ timeout: 30_000 });

  // The recent renders show it, with a preview that loads and a link to its page; the month counts its credit.
  await openOverview();
  await gettingStarted().getByText('2 of 3 done').waitFor();
  const recent = main().getByRole('region', { name: 'Recent renders', exact: true });
  const link = recent.getByRole('link', { name: /^img_/ });
  const renderId = (await link.textContent())!;
  const preview = recent.getByRole('img', { name: `Preview of ${renderId}` });
  await preview.waitFor();
  await page.waitForFunction((img) => (img as HTMLImageElement).complete, await preview.elementHandle());
  expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([120, 60]);
  await main().getByText('1 of 100').waitFor();
  const today = main().getByRole('region', { name: 'This month' });
  expect(await today.getByText('Renders today').locator('xpath=following-sibling::dd[1]').textContent()).toBe('1');

  // No template yet: the list says how to make one instead of an empty page with a pager of one page.
  await nav('Templates').click();
  const none = main().getByRole('heading', { name: 'No templates yet' });
  await none.waitFor();
  expect(await main().getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
  await main().getByRole('link', { name: 'Start from scratch' }).waitFor();
  await main().getByRole('combobox', { name: 'Output' }).selectOption('pdf');
  await main().getByText('No PDF templates yet.').waitFor();
  await main().getByRole('combobox', { name: 'Output' }).selectOption('all');
  expect(await accessibilityViolations(page)).toEqual([]);
  await main().getByRole('link', { name: 'Start from the gallery' }).click();
  await page.getByRole('heading', { name: 'Starter gallery', level: 1 }).waitFor();
  await openOverview();

  // Step 3 through the API with the key from step 1 (the dashboard reads the same lists).
  const created = await fetch(`${rig.origin}/templates`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Welcome card', html: '<h1>{{title}}</h1>', width: 600, height: 315 }),
  });
  expect(created.status).toBe(200);
  await page.reload();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  await recent.getByRole('link', { name: renderId }).waitFor();
  // Everything done: the checklist steps aside.
  expect(await gettingStarted().count()).toBe(0);
  await screenshot(page, 'overview-in-use');

  await link.click();
  await page.getByRole('heading', { name: new RegExp(renderId) }).waitFor();

  // The API's reference is one click from anywhere in the dashboard.
  const reference = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API reference' });
  expect(await reference.getAttribute('href')).toBe('/docs');
  const openapi = await fetch(`${rig.origin}${await page.getByRole('link', { name: 'OpenAPI document' }).getAttribute('href')}`);
  expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  await reference.click();
  await page.waitForURL(/\/docs$/);
  await page.goBack();
  await page.getByRole('heading', { name: new RegExp(renderId) }).waitFor();

  // At 390 px the overview fits the screen.
  await page.setViewportSize(PHONE);
  // Below md the navigation waits behind the header's Menu button.
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await openOverview();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  expect(consoleNoise).toEqual([]);
});
