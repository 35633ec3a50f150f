import type { Page } from 'playwright-core';
import {
  accessibilityViolations,
  eventually,
  focusedName,
  screenshot,
  signUpInBrowser,
  startDashboardRig,
  type DashboardRig,
} from './browser.js';

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
  // The only owner is not offered to leave (the API would refuse it: a team keeps an owner); the row says why.
  const ownerRow = owner.getByRole('row', { name: /lead@example\.com/ });
  await ownerRow
    .getByText('You are the only owner and the only member: invite someone and make them an owner before you can leave.')
    .waitFor();
  expect(await owner.getByRole('button', { name: 'Leave team' }).count()).toBe(0);

  await owner.getByRole('button', { name: 'Create invitation' }).click();
  const link = await owner.getByRole('status').getByRole('link').getAttribute('href');
  expect(link).toMatch(/\/app\/invite\//);
  expect(await accessibilityViolations(owner)).toEqual([]);
  await screenshot(owner, 'teams');

  await guest.goto(new URL(link!).pathname.replace(/^/, rig.stack.baseUrl));
  await guest.getByRole('heading', { name: 'Sign in' }).waitFor();
  // Signed out, the link still says what it invites to before any form is filled.
  await guest.getByText(/You are invited to join .+ as member\. Sign in, or create an account, to accept\./).waitFor();
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
  await ownerRow.getByText('You are the only owner: make another member an owner before you can leave.').waitFor();
  expect(await owner.getByRole('button', { name: 'Leave team' }).count()).toBe(0);
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

  // With a second owner, the first may leave: the row offers it instead of the note.
  await owner.getByLabel('Role of writer@example.com').selectOption('owner');
  await ownerRow.getByRole('button', { name: 'Leave team' }).waitFor();
  expect(await ownerRow.getByText('You are the only owner').count()).toBe(0);
  expect(await accessibilityViolations(owner)).toEqual([]);

  await owner.getByRole('button', { name: 'Remove writer@example.com' }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
  await owner.getByRole('button', { name: 'Remove writer@example.com' }).waitFor({ state: 'detached' });
  await ownerRow.getByText('You are the only owner and the only member').waitFor();
  // The removed person stays signed in, back in their own workspace.
  await guest.reload();
  await guest.getByText('You are in no team yet.').waitFor();
  expect(await workspaceOf(guest)).toContain('personal');

  await owner.getByLabel('Workspace').selectOption({ label: 'Newsroom' });
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
  await owner.getByRole('main').getByText('Newsroom').first().waitFor();
});

test('pending invitations: a new invitation is listed, revoking it (after confirming) makes its link invalid; accepting works in the team', async () => {
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
  await owner.getByRole('heading', { name: /Newsroom \(you are owner\)/ }).waitFor();
  // The first test's link was accepted: nothing is pending.
  await owner.getByText('No pending invitations.').waitFor();

  await owner.getByRole('textbox', { name: 'Email (optional)' }).fill('reporter@example.com');
  await owner.getByLabel('Role', { exact: true }).selectOption('admin');
  await owner.getByRole('button', { name: 'Create invitation' }).click();
  const link = await owner.getByRole('status').getByRole('link').getAttribute('href');
  const pending = owner.getByRole('region', { name: 'Pending invitations to Newsroom' });
  const row = pending.getByRole('row', { name: /reporter@example\.com/ });
  await row.waitFor();
  const cells = await row.getByRole('cell').allTextContents();
  // Invitee, role, who invited, expiry (PRESSROOM_INVITE_TTL, 7 days, in the browser's own format), the action.
  const expiry = await owner.evaluate(() => new Date(Date.now() + 7 * 86_400_000).toLocaleDateString(undefined, { dateStyle: 'medium' }));
  expect(cells.slice(0, 3)).toEqual(['reporter@example.com', 'admin', 'lead@example.com']);
  expect(cells[3]).toContain(expiry);
  expect(await accessibilityViolations(owner)).toEqual([]);

  // Revoking asks first: Cancel keeps the invitation.
  const revoke = pending.getByRole('button', { name: 'Revoke the invitation for reporter@example.com' });
  await revoke.click();
  const dialog = owner.getByRole('alertdialog', { name: 'Revoke the invitation for reporter@example.com?' });
  expect(await accessibilityViolations(owner)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await row.count()).toBe(1);
  await revoke.click();
  await dialog.getByRole('button', { name: 'Revoke invitation' }).click();
  await row.waitFor({ state: 'detached' });
  // The row and its button are gone: keyboard focus continues at the list's heading.
  await eventually(async () => (await focusedName(owner)) === 'Pending invitations', 'focus on the list heading after revoking');
  await owner.getByText('No pending invitations.').waitFor();

  // The revoked link, opened by someone signed in, says it no longer works and offers nothing to accept.
  // (Links carry the public address; the browser reaches the stack at the rig's.)
  const open = (page: Page, href: string | null) => page.goto(new URL(href!).pathname.replace(/^/, rig.stack.baseUrl));
  await open(guest, link);
  await guest
    .getByRole('alert')
    .getByText(/This invitation link is no longer valid/)
    .waitFor();
  expect(await guest.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
  expect(await accessibilityViolations(guest)).toEqual([]);
  // Signed out, the sign-in page it leads to says the same before anyone fills a form.
  const stranger = await (await rig.newContext()).newPage();
  await open(stranger, link);
  await stranger.getByRole('heading', { name: 'Sign in' }).waitFor();
  await stranger
    .getByRole('alert')
    .getByText(/This invitation link is no longer valid/)
    .waitFor();
  expect(await accessibilityViolations(stranger)).toEqual([]);
  await stranger.context().close();

  // A fresh link, accepted by the signed-in guest: the answer already has them working in the team.
  await owner.getByRole('textbox', { name: 'Email (optional)' }).fill('');
  await owner.getByLabel('Role', { exact: true }).selectOption('member');
  await owner.getByRole('button', { name: 'Create invitation' }).click();
  await pending.getByRole('row', { name: /Anyone with the link/ }).waitFor();
  const fresh = await owner.getByRole('status').getByRole('link').getAttribute('href');
  expect(fresh).not.toBe(link);
  await open(guest, fresh);
  await guest.getByRole('button', { name: 'Accept invitation' }).click();
  await guest.getByRole('heading', { name: /Newsroom \(you are member\)/ }).waitFor();
  const workspace = await guest.getByLabel('Workspace').evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent);
  expect(workspace).toContain('Newsroom');
  await owner.reload();
  await owner.getByText('No pending invitations.').waitFor();
});
