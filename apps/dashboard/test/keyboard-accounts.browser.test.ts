import type { Page } from 'playwright-core';
import { fieldsWithoutVisibleLabel, startDashboardRig, walkWithKeyboard, type DashboardRig } from './browser.js';

// Every account and team form, used with the keyboard alone: Tab reaches each field and then the submit
// button in reading order, Enter submits, and each field has a visible label.

let rig: DashboardRig;
let page: Page;
const user = { email: 'keys@example.com', password: 'keyboard only passphrase' };

beforeAll(async () => {
  rig = await startDashboardRig();
  page = await (await rig.newContext()).newPage();
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
});

const names = (steps: { name: string }[]) => steps.map((s) => s.name);

test('sign-up: Tab reaches name, email, password and the button; Enter in the password field creates the account', async () => {
  await page.goto(rig.url('sign-up'));
  await page.getByRole('heading', { name: 'Create the owner account' }).waitFor();
  expect(await fieldsWithoutVisibleLabel(page)).toEqual([]);
  const steps = [
    { name: 'Name (optional)', type: 'Kay Board' },
    { name: 'Email', type: user.email },
    { name: 'Password', type: user.password },
    { name: 'Create account' },
  ];
  expect(await walkWithKeyboard(page, steps)).toEqual(names(steps));
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
});

test('sign-in: Tab reaches email, password and the button; Enter signs in', async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(await fieldsWithoutVisibleLabel(page)).toEqual([]);
  const steps = [{ name: 'Email', type: user.email }, { name: 'Password', type: user.password }, { name: 'Sign in' }];
  expect(await walkWithKeyboard(page, steps)).toEqual(names(steps));
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
});

test('change password: Tab reaches both fields and the button; Enter changes it', async () => {
  await page.goto(rig.url('settings/account'));
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  expect(await fieldsWithoutVisibleLabel(page)).toEqual([]);
  const steps = [
    { name: 'Current password', type: user.password },
    { name: 'New password', type: 'a keyboard made passphrase' },
    { name: 'Change password' },
  ];
  expect(await walkWithKeyboard(page, steps)).toEqual(names(steps));
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await page.getByText('Your password was changed.').waitFor();
});

test('teams: create a team and invite with a chosen role, keyboard only', async () => {
  await page.goto(rig.url('settings/teams'));
  await page.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
  expect(await fieldsWithoutVisibleLabel(page)).toEqual([]);
  const create = [{ name: 'Team name', type: 'Keyboard desk' }, { name: 'Create team' }];
  expect(await walkWithKeyboard(page, create)).toEqual(names(create));
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: /Keyboard desk \(you are owner\)/ }).waitFor();
  expect(await fieldsWithoutVisibleLabel(page)).toEqual([]);

  // The invitation form (a link invitation: no email), walked from wherever focus is now.
  const invite = [{ name: 'Email (optional)' }, { name: 'Role' }, { name: 'Create invitation' }];
  expect(await walkWithKeyboard(page, invite)).toEqual(names(invite));
  // Back on the role: the arrow key picks the next role (admin), then Tab and Enter on the button.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('ArrowDown');
  expect(await page.getByLabel('Role', { exact: true }).inputValue()).toBe('admin');
  await page.getByText(/^Anyone who gets this link joins as an admin/).waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  // The admin link for anyone was warned about before it was made; it is listed with whose it is.
  const issued = page.getByRole('group', { name: 'Invitation link for anyone who has it (admin), valid 7 days' });
  const link = await issued.getByRole('link').getAttribute('href');
  const token = /\/invite\/([^/?#]+)/.exec(link!)![1]!;
  const preview = (await (await rig.stack.api(`/invites/${token}`)).json()) as { role: string; team: { name: string } };
  expect(preview).toMatchObject({ role: 'admin', team: { name: 'Keyboard desk' } });
});
