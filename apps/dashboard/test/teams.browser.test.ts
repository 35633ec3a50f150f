import type { Page } from 'playwright-core';
import { accessibilityViolations, eventually, screenshot, signUpInBrowser, startDashboardRig, type DashboardRig } from './browser.js';

let rig: DashboardRig;
let owner: Page;
let guest: Page;

beforeAll(async () => {
  rig = await startDashboardRig();
  owner = await (await rig.newContext()).newPage();
  guest = await (await rig.newContext()).newPage();
  await signUpInBrowser(owner, rig, { email: 'lead@example.com', password: 'team lead passphrase' });
  await owner.getByRole('heading', { name: 'Overview' }).waitFor();
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
});

test('teams: create, invite by link, the invitee signs up through the link and joins, role change, remove, workspace switch', async () => {
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
  await owner.getByRole('textbox', { name: 'Team name' }).fill('Newsroom');
  await owner.getByRole('textbox', { name: 'Team name' }).press('Enter');
  await owner.getByRole('heading', { name: /Newsroom \(you are owner\)/ }).waitFor();

  await owner.getByRole('button', { name: 'Create invitation' }).click();
  const link = await owner.getByRole('status').getByRole('link').getAttribute('href');
  expect(link).toMatch(/\/app\/invite\//);
  expect(await accessibilityViolations(owner)).toEqual([]);
  await screenshot(owner, 'teams');

  await guest.goto(new URL(link!).pathname.replace(/^/, rig.stack.baseUrl));
  await guest.getByRole('heading', { name: 'Sign in' }).waitFor();
  await guest.getByRole('link', { name: 'Sign up' }).click();
  // The sign-in page has an Email field too: fill only once the sign-up page has replaced it.
  await guest.getByRole('heading', { name: 'Sign up' }).waitFor();
  await guest.getByRole('textbox', { name: 'Email' }).fill('writer@example.com');
  await guest.getByLabel('Password', { exact: true }).fill('writer passphrase');
  await guest.getByRole('button', { name: 'Create account' }).click();
  await guest.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
  await guest.getByRole('heading', { name: /Newsroom \(you are member\)/ }).waitFor();
  // Joining through the link switches to the team at once.
  const workspaceOf = (page: Page) => page.getByLabel('Workspace').evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent);
  expect(await workspaceOf(guest)).toContain('Newsroom');
  // Their own row offers to leave, not to change roles.
  await guest.getByRole('button', { name: 'Leave team' }).waitFor();

  await owner.reload();
  // Invitations carry admin or member only (read once the reloaded page shows the form: allTextContents does not wait).
  const inviteRole = owner.getByLabel('Role', { exact: true });
  await inviteRole.waitFor();
  expect(await inviteRole.locator('option').allTextContents()).toEqual(['Member', 'Admin']);
  await owner.getByLabel('Role of writer@example.com').selectOption('admin');
  // The select shows the role the server answered once the change is stored.
  await eventually(async () => (await owner.getByLabel('Role of writer@example.com').inputValue()) === 'admin', 'the admin role stored');
  // An admin sees no controls on the owner's row and cannot give the owner role.
  await guest.reload();
  await guest.getByRole('heading', { name: /Newsroom \(you are admin\)/ }).waitFor();
  await guest.getByRole('cell', { name: 'lead@example.com' }).first().waitFor();
  expect(await guest.getByLabel('Role of lead@example.com').count()).toBe(0);
  expect(await guest.getByRole('button', { name: 'Remove lead@example.com' }).count()).toBe(0);

  await owner.getByRole('button', { name: 'Remove writer@example.com' }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
  await owner.getByRole('button', { name: 'Remove writer@example.com' }).waitFor({ state: 'detached' });
  // The removed person stays signed in, back in their own workspace.
  await guest.reload();
  await guest.getByText('You are in no team yet.').waitFor();
  expect(await workspaceOf(guest)).toContain('personal');

  await owner.getByLabel('Workspace').selectOption({ label: 'Newsroom' });
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
  await owner.getByRole('main').getByText('Newsroom').first().waitFor();
});
