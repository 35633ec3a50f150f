import type { BrowserContext, Page } from 'playwright-core';
import {
  accessibilityViolations,
  eventually,
  sessionRequest,
  signInInBrowser,
  signUpInBrowser,
  startDashboardRig,
  watchConsoleProblems,
  type DashboardRig,
} from './browser.js';

// Account → Signed-in browsers: the person signed in from three browsers sees them all (this one marked), signs one
// out, then every other; each signed-out browser's next page load shows sign-in, and this one stays signed in.

const USER = { email: 'three-browsers@example.com', password: 'three browsers passphrase' };

let rig: DashboardRig;
let here: Page;

beforeAll(async () => {
  rig = await startDashboardRig();
  here = await (await rig.newContext()).newPage();
  await signUpInBrowser(here, rig, USER);
  await here.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 30_000 });
}, 120_000);

afterAll(() => rig?.dispose());

async function signedInElsewhere(): Promise<Page> {
  const context: BrowserContext = await rig.newContext();
  const page = await context.newPage();
  await page.goto(rig.url('sign-in'));
  await signInInBrowser(page, USER);
  await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 30_000 });
  return page;
}

const browsersTable = () => here.getByRole('table', { name: 'Browsers signed in as you' });
const rowCount = () => browsersTable().locator('tbody tr').count();

/** Whether the browser of `page` is still signed in, as the dashboard asks (without loading a page in it). */
async function isSignedIn(page: Page): Promise<boolean> {
  const answer = await sessionRequest(page.context(), rig.origin, { method: 'GET', path: '/auth/session?ifNone=empty' });
  return ((await answer.json()) as { signedIn: boolean }).signedIn;
}

/** The page a signed-out browser gets on its next load: sign-in, saying its session ended. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto(rig.url(''));
  await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
  await page.getByText('Your session ended. Sign in again to continue.').waitFor();
  expect(new URL(page.url()).pathname).toBe('/app/sign-in');
}

test('Account lists the browsers signed in as you; one, then every other, is signed out', async () => {
  const second = await signedInElsewhere();
  // The third signs in at a later second than the second did, though within the same minute (as a phone and a laptop
  // of one kind often do): the rows must still read apart.
  const secondSignedInBy = Math.floor(Date.now() / 1000);
  await eventually(async () => Math.floor(Date.now() / 1000) > secondSignedInBy, 'the next second');
  const third = await signedInElsewhere();

  const stop = watchConsoleProblems(here);
  await here.goto(rig.url('settings/account'));
  await browsersTable().waitFor({ timeout: 30_000 });
  await eventually(async () => (await rowCount()) === 3, 'three signed-in browsers');
  // This browser is marked and first; only the others have a Sign out button.
  const rows = browsersTable().locator('tbody tr');
  await expect(rows.first().textContent()).resolves.toContain('This browser');
  expect(await browsersTable().getByText('This browser').count()).toBe(1);
  expect(await rows.first().getByRole('button').count()).toBe(0);
  // Two Headless Chromes: each Sign out names its own, by when it signed in to the second (to the minute, both read the same).
  const signOutNames = await browsersTable()
    .getByRole('button', { name: /^Sign out Headless Chrome on Linux, signed in / })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  expect(signOutNames).toHaveLength(2);
  expect(new Set(signOutNames).size).toBe(2);
  for (const name of signOutNames) expect(name).toMatch(/, signed in [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M$/u);
  // The Signed in column shows the same instant, so a sighted reader tells the rows apart too.
  const signedInColumn = await rows.locator('td[data-label="Signed in"]').allTextContents();
  expect(signOutNames.map((name) => name!.replace(/^.*, signed in /, ''))).toEqual(signedInColumn.slice(1));
  expect(await accessibilityViolations(here, 'section[aria-label="Signed-in browsers"]')).toEqual([]);
  // Each landmark on Account has a name of its own: the section and the table's region inside it are not both "Signed-in browsers".
  const regionNames = await here.getByRole('region').evaluateAll((regions) => regions.map((r) => r.getAttribute('aria-label')));
  expect(regionNames).toContain('Signed-in browsers');
  expect(new Set(regionNames).size).toBe(regionNames.length);

  await rows
    .nth(1)
    .getByRole('button', { name: /^Sign out / })
    .click();
  const confirm = here.getByRole('alertdialog');
  await confirm.getByText(/Its session ends at once/).waitFor();
  await confirm.getByRole('button', { name: 'Sign out browser' }).click();
  await here.getByText('Headless Chrome on Linux was signed out.').waitFor();
  await eventually(async () => (await rowCount()) === 2, 'two signed-in browsers left');
  // Exactly one of the other two was signed out (both are Headless Chrome).
  const stillIn = await Promise.all([second, third].map(isSignedIn));
  expect(stillIn.filter(Boolean)).toHaveLength(1);
  const [gone, left] = stillIn[0] ? [third, second] : [second, third];
  await expectSignedOut(gone);

  await here.getByRole('button', { name: 'Sign out other browsers' }).click();
  await here.getByRole('alertdialog').getByRole('button', { name: 'Sign out other browsers' }).click();
  await here.getByText('1 other browser signed out. This one stays signed in.').waitFor();
  await eventually(async () => (await rowCount()) === 1, 'only this browser left');
  expect(await here.getByRole('button', { name: 'Sign out other browsers' }).count()).toBe(0);
  await expectSignedOut(left);

  // This browser is still signed in: a reload shows Account again.
  await here.reload();
  await browsersTable().waitFor({ timeout: 30_000 });
  expect(await rowCount()).toBe(1);
  expect(await stop()).toEqual([]);
});
