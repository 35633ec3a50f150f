import type { Page } from 'playwright-core';
import {
  accessibilityViolations,
  eventually,
  expectFocusOn,
  focusedName,
  PHONE,
  screenshot,
  sessionRequest,
  signInInBrowser,
  type DashboardRig,
} from './browser.js';
import { startRigWithOwner } from './support/signed-up-owner.js';

let rig: DashboardRig;
let owner: Page;
let guest: Page;

const OWNER = { email: 'lead@example.com', password: 'team lead passphrase' };

beforeAll(async () => {
  ({ rig, page: owner } = await startRigWithOwner({ owner: OWNER, clipboard: true }));
  guest = await (await rig.newContext()).newPage();
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
});

/** Links carry the public address; the browser reaches the stack at the rig's. */
const open = (page: Page, href: string | null) => page.goto(new URL(href!).pathname.replace(/^/, rig.stack.baseUrl));

/** The team's members as the API has them (what a role change really stored). */
async function rolesOf(page: Page, teamId: string): Promise<Record<string, string>> {
  const res = await sessionRequest(page.context(), rig.stack.baseUrl, { method: 'GET', path: `/teams/${teamId}/members` });
  const { items } = (await res.json()) as { items: { email: string; role: string }[] };
  return Object.fromEntries(items.map((m) => [m.email, m.role]));
}

async function teamIdOf(page: Page, name: string): Promise<string> {
  const res = await sessionRequest(page.context(), rig.stack.baseUrl, { method: 'GET', path: '/teams' });
  return ((await res.json()) as { items: { id: string; name: string }[] }).items.find((t) => t.name === name)!.id;
}

const workspaceOf = (page: Page) => page.getByLabel('Workspace').evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent);

test('teams: create, invite by link, the invitee signs up through the link and joins, role change, remove, workspace switch', async () => {
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
  await owner.getByRole('textbox', { name: 'Team name' }).fill('Newsroom');
  await owner.getByRole('textbox', { name: 'Team name' }).press('Enter');
  await owner.getByRole('heading', { name: /Newsroom \(you are owner\)/ }).waitFor();
  await owner.getByRole('status').filter({ hasText: 'Created the team Newsroom: you are its owner. Invite people below.' }).waitFor();
  const teamId = await teamIdOf(owner, 'Newsroom');
  const section = owner.getByRole('region', { name: 'Newsroom (you are owner)' });
  // The only owner is not offered to leave (the API would refuse it: a team keeps an owner); the row says why.
  const ownerRow = owner.getByRole('row', { name: /lead@example\.com/ });
  await ownerRow
    .getByText('You are the only owner and the only member: invite someone and make them an owner before you can leave.')
    .waitFor();
  expect(await owner.getByRole('button', { name: 'Leave team' }).count()).toBe(0);
  // A member without a name is their email, said once: no second Email column repeating it.
  const membersTable = section.getByRole('table', { name: 'Members of Newsroom' });
  expect(await membersTable.getByRole('columnheader').allTextContents()).toEqual(['Member', 'Role']);
  expect(await ownerRow.getByRole('cell').first().textContent()).toBe('lead@example.com');

  await owner.getByRole('button', { name: 'Create invitation' }).click();
  // The link is listed under the form, saying whose it is, with which role and for how long, with a Copy button.
  const issued = section.getByRole('group', { name: 'Invitation link for anyone who has it (member), valid 7 days' });
  const link = await issued.getByRole('link').getAttribute('href');
  expect(link).toMatch(/\/app\/invite\//);
  await section
    .getByRole('status')
    .filter({ hasText: 'Invitation made for anyone who has it (member), valid 7 days: its link is below' })
    .waitFor();
  await issued.getByRole('button', { name: 'Copy link' }).click();
  await issued.getByText('Copied to the clipboard.').waitFor();
  expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(await accessibilityViolations(owner)).toEqual([]);
  await screenshot(owner, 'teams');

  await open(guest, link);
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
  // The new member is told where they are.
  await guest.getByRole('status').filter({ hasText: 'You joined Newsroom as member. You are working in its workspace now' }).waitFor();
  // Joining through the link switches to the team at once.
  expect(await workspaceOf(guest)).toContain('Newsroom');
  // Their own row offers to leave, not to change roles (a member has no role below).
  await guest.getByRole('button', { name: 'Leave team' }).waitFor();
  expect(await guest.getByRole('combobox', { name: /role/i }).count()).toBe(0);
  expect(await accessibilityViolations(guest)).toEqual([]);

  await owner.reload();
  await ownerRow.getByText('You are the only owner: make another member an owner before you can leave.').waitFor();
  expect(await owner.getByRole('button', { name: 'Leave team' }).count()).toBe(0);
  // Invitations carry admin or member only (read once the reloaded page shows the form: allTextContents does not wait).
  const inviteRole = owner.getByLabel('Role', { exact: true });
  await inviteRole.waitFor();
  expect(await inviteRole.locator('option').allTextContents()).toEqual(['Member', 'Admin']);

  // Picking a role saves nothing: arrow keys through the closed select step over Admin and Owner without a request.
  const writerRole = owner.getByLabel('Role of writer@example.com');
  const saveWriter = owner.getByRole('button', { name: 'Save role for writer@example.com' });
  expect(await saveWriter.count()).toBe(0);
  await writerRole.focus();
  await writerRole.press('ArrowDown');
  await writerRole.press('ArrowDown');
  expect(await writerRole.inputValue()).toBe('owner');
  await saveWriter.waitFor();
  expect((await rolesOf(owner, teamId))['writer@example.com']).toBe('member');
  // Save role applies the pending one: admin needs no confirmation.
  await writerRole.selectOption('admin');
  await saveWriter.click();
  await section.getByRole('status').filter({ hasText: 'writer@example.com is now admin.' }).waitFor();
  await saveWriter.waitFor({ state: 'detached' });
  // Focus stays on the role, not the page's body.
  await expectFocusOn(owner, 'Role of writer@example.com');
  expect((await rolesOf(owner, teamId))['writer@example.com']).toBe('admin');
  // An admin sees no controls on the owner's row and cannot give the owner role.
  await guest.reload();
  await guest.getByRole('heading', { name: /Newsroom \(you are admin\)/ }).waitFor();
  await guest.getByRole('cell', { name: 'lead@example.com' }).first().waitFor();
  expect(await guest.getByLabel('Role of lead@example.com').count()).toBe(0);
  expect(await guest.getByRole('button', { name: 'Remove lead@example.com' }).count()).toBe(0);

  // Granting owner asks first, saying what owners can do; Cancel keeps the role.
  await writerRole.selectOption('owner');
  await saveWriter.click();
  const makeOwner = owner.getByRole('alertdialog', { name: 'Make writer@example.com an owner of Newsroom?' });
  await makeOwner
    .getByText(/Owners can do everything in the team: change anyone's role \(yours too\), remove any member \(you too\)/)
    .waitFor();
  expect(await accessibilityViolations(owner)).toEqual([]);
  await makeOwner.getByRole('button', { name: 'Cancel' }).click();
  await makeOwner.waitFor({ state: 'detached' });
  await expectFocusOn(owner, 'Save role for writer@example.com');
  expect((await rolesOf(owner, teamId))['writer@example.com']).toBe('admin');
  await saveWriter.click();
  await makeOwner.getByRole('button', { name: 'Make owner' }).click();
  await section.getByRole('status').filter({ hasText: 'writer@example.com is now owner.' }).waitFor();
  await expectFocusOn(owner, 'Role of writer@example.com');
  expect((await rolesOf(owner, teamId))['writer@example.com']).toBe('owner');

  // With a second owner, the first may leave or step down from their own row.
  await ownerRow.getByRole('button', { name: 'Leave team' }).waitFor();
  expect(await ownerRow.getByText('You are the only owner').count()).toBe(0);
  const myRole = owner.getByLabel('Your role in Newsroom');
  expect(await myRole.inputValue()).toBe('owner');
  expect(await accessibilityViolations(owner)).toEqual([]);
  await myRole.selectOption('admin');
  await owner.getByRole('button', { name: 'Save your role in Newsroom' }).click();
  const stepDown = owner.getByRole('alertdialog', { name: 'Step down to admin in Newsroom?' });
  await stepDown.getByText(/^You will no longer be an owner of Newsroom\..*Only another owner can make you an owner again\.$/).waitFor();
  await stepDown.getByRole('button', { name: 'Change my role' }).click();
  await owner.getByRole('heading', { name: 'Newsroom (you are admin)' }).waitFor();
  await owner
    .getByRole('region', { name: 'Newsroom (you are admin)' })
    .getByRole('status')
    .filter({ hasText: 'You are now admin in Newsroom.' })
    .waitFor();
  await expectFocusOn(owner, 'Your role in Newsroom');
  expect((await rolesOf(owner, teamId))['lead@example.com']).toBe('admin');

  // The new owner gives it back from their browser (the same confirmation).
  await guest.reload();
  await guest.getByRole('heading', { name: /Newsroom \(you are owner\)/ }).waitFor();
  await guest.getByLabel('Role of lead@example.com').selectOption('owner');
  await guest.getByRole('button', { name: 'Save role for lead@example.com' }).click();
  await guest
    .getByRole('alertdialog', { name: 'Make lead@example.com an owner of Newsroom?' })
    .getByRole('button', { name: 'Make owner' })
    .click();
  await guest.getByRole('status').filter({ hasText: 'lead@example.com is now owner.' }).waitFor();

  // The member's key in the team: removal revokes it, and the dialog says so.
  const made = await sessionRequest(guest.context(), rig.stack.baseUrl, { method: 'POST', path: '/account/keys', data: { name: 'CI' } });
  expect(made.status()).toBe(201);
  const { key } = (await made.json()) as { key: string };
  const withKey = () => fetch(`${rig.stack.baseUrl}/templates`, { headers: { authorization: `Bearer ${key}` } });
  expect((await withKey()).status).toBe(200);

  await owner.reload();
  await owner.getByRole('heading', { name: 'Newsroom (you are owner)' }).waitFor();
  // Taking the owner role from another owner asks first too, saying what they keep; Cancel keeps them owner.
  expect(await writerRole.inputValue()).toBe('owner');
  await writerRole.selectOption('admin');
  await saveWriter.click();
  const demote = owner.getByRole('alertdialog', { name: 'Make writer@example.com an admin of Newsroom?' });
  await demote
    .getByText(
      'writer@example.com will no longer be an owner of Newsroom. As an admin they can still invite people and manage members and admins, but not owners. Only an owner can make them an owner again.',
    )
    .waitFor();
  expect(await accessibilityViolations(owner)).toEqual([]);
  await demote.getByRole('button', { name: 'Cancel' }).click();
  await demote.waitFor({ state: 'detached' });
  expect((await rolesOf(owner, teamId))['writer@example.com']).toBe('owner');
  await saveWriter.click();
  await demote.getByRole('button', { name: 'Make admin' }).click();
  await section.getByRole('status').filter({ hasText: 'writer@example.com is now admin.' }).waitFor();
  await expectFocusOn(owner, 'Role of writer@example.com');
  expect((await rolesOf(owner, teamId))['writer@example.com']).toBe('admin');

  await owner.getByRole('button', { name: 'Remove writer@example.com' }).click();
  const remove = owner.getByRole('alertdialog', { name: 'Remove writer@example.com?' });
  await remove
    .getByText(
      "writer@example.com loses access to Newsroom's templates, renders and keys at once. Every API key they created in this team is revoked now: anything using one (a CI job, a script) stops working. Their personal workspace and its keys are not affected.",
    )
    .waitFor();
  await remove.getByRole('button', { name: 'Remove member' }).press('Enter');
  await owner.getByRole('button', { name: 'Remove writer@example.com' }).waitFor({ state: 'detached' });
  await section
    .getByRole('status')
    .filter({ hasText: 'Removed writer@example.com from Newsroom. The API keys they created in the team are revoked.' })
    .waitFor();
  // The row and its button are gone: focus continues at the team's heading, not the page's body.
  await eventually(async () => (await focusedName(owner)) === 'Newsroom (you are owner)', 'focus on the team heading after removing');
  await ownerRow.getByText('You are the only owner and the only member').waitFor();
  // Revoked in the database at once; a replica's key cache may answer for up to PRESSROOM_AUTH_CACHE_MS more.
  await eventually(async () => (await withKey()).status === 401, "the removed member's key refused");

  // The removed person stays signed in, back in their own workspace, and is told why.
  await guest.reload();
  await guest.getByText('You are in no team yet.').waitFor();
  // Back with no team, the page says what a team is and how to be in one again.
  await guest.getByText(/A team is a workspace you share.*follow an invitation link from a team\./).waitFor();
  await guest
    .getByRole('status')
    .filter({ hasText: 'You are no longer a member of Newsroom: an owner or admin removed you' })
    .filter({ hasText: 'the API keys you created there are revoked. You now work in your personal workspace.' })
    .waitFor();
  expect(await workspaceOf(guest)).toContain('personal');
  expect(await accessibilityViolations(guest)).toEqual([]);
  await guest.getByRole('button', { name: 'Dismiss' }).click();
  await guest.reload();
  await guest.getByText('You are in no team yet.').waitFor();
  expect(await guest.getByText('You are no longer a member').count()).toBe(0);

  await owner.getByLabel('Workspace').selectOption({ label: 'Newsroom' });
  // The switch is said out loud in the shell's polite status (the page under the header changes without a word).
  await owner
    .getByRole('status')
    .filter({ hasText: /^Now in workspace Newsroom\.$/ })
    .waitFor();
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
  await owner.getByRole('main').getByText('Newsroom').first().waitFor();
});

test('pending invitations: the form starts over after each, links stay listed until replaced, revoking makes a link invalid; accepting and leaving', async () => {
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
  await owner.getByRole('heading', { name: /Newsroom \(you are owner\)/ }).waitFor();
  const section = owner.getByRole('region', { name: 'Newsroom (you are owner)' });
  // The first test's link was accepted: nothing is pending.
  await owner.getByText('No pending invitations.').waitFor();

  const email = owner.getByRole('textbox', { name: 'Email (optional)' });
  const role = owner.getByLabel('Role', { exact: true });
  // A link anyone may use, as admin: the form says what that lets its holder do.
  await role.selectOption('admin');
  const warning = section.getByText(/^Anyone who gets this link joins as an admin: admins invite people/);
  await warning.waitFor();
  expect(await role.getAttribute('aria-describedby')).toBe(await warning.getAttribute('id'));
  // This instance sends no mail: the hint says so before inviting, and the news after says to send the link by hand.
  await section.getByText('This Pressroom sends no mail: copy the link you get and send it to them yourself.', { exact: false }).waitFor();
  // Inviting someone already in the team (here yourself, in other capitals) is refused beside the email: no invitation
  // is made, and no mail would go to a member telling them to join.
  await email.fill('Lead@Example.com');
  await owner.getByRole('button', { name: 'Create invitation' }).click();
  await section.getByText('lead@example.com is already a member of Newsroom (you, as owner).', { exact: true }).waitFor();
  expect(await email.getAttribute('aria-invalid')).toBe('true');
  await expectFocusOn(owner, 'Email (optional)');
  expect(await accessibilityViolations(owner)).toEqual([]);
  await owner.getByText('No pending invitations.').waitFor();
  expect(await section.getByRole('group', { name: /^Invitation/ }).count()).toBe(0);
  // A malformed or over-long address is refused beside the field in the words of sign-in, sign-up and Account
  // (emailProblem), before anything is sent; left blank, the form makes a link invitation instead.
  const invitesPosted: string[] = [];
  const countInvitePosts = (request: { method(): string; url(): string }) => {
    if (request.method() === 'POST' && /\/invites$/.test(new URL(request.url()).pathname)) invitesPosted.push(request.url());
  };
  owner.on('request', countInvitePosts);
  await email.fill('reporter@example');
  await owner.getByRole('button', { name: 'Create invitation' }).click();
  await section.getByText('Enter a valid email address.', { exact: true }).waitFor();
  expect(await email.getAttribute('aria-invalid')).toBe('true');
  await email.fill(`${'r'.repeat(250)}@example.com`);
  await owner.getByRole('button', { name: 'Create invitation' }).click();
  await section.getByText('Must be at most 254 characters long.', { exact: true }).waitFor();
  owner.off('request', countInvitePosts);
  expect(invitesPosted).toEqual([]);
  await owner.getByText('No pending invitations.').waitFor();
  await email.fill('reporter@example.com');
  await warning.waitFor({ state: 'detached' });
  await owner.getByRole('button', { name: 'Create invitation' }).click();
  await owner
    .getByRole('status')
    .filter({
      hasText: 'Invitation made for reporter@example.com (admin), valid 7 days. This Pressroom sends no mail: copy the link below',
    })
    .waitFor();
  const reporterLink = section.getByRole('group', { name: 'Invitation link for reporter@example.com (admin), valid 7 days' });
  const link = await reporterLink.getByRole('link').getAttribute('href');
  // The form is empty again: a second click must not invite reporter again (that would kill this link).
  expect(await email.inputValue()).toBe('');
  expect(await role.inputValue()).toBe('member');
  const pending = owner.getByRole('region', { name: 'Pending invitations to Newsroom' });
  const row = pending.getByRole('row', { name: /reporter@example\.com/ });
  await row.waitFor();
  // An expired invitation leaves the list (the API lists only usable ones): said above it, pointing at each
  // invitation's own expiry rather than guessing the instance's PRESSROOM_INVITE_TTL.
  await owner
    .getByText('Each link works until the time under Expires. After that the invitation leaves this list: invite them again', {
      exact: false,
    })
    .waitFor();
  expect(await section.getByText(/7 days after it is made/).count()).toBe(0);
  const cells = await row.getByRole('cell').allTextContents();
  // Invitee, role, who invited, the invitation's own expiry (from the list's answer, in the browser's own format,
  // the exact UTC instant in the markup), the action.
  const listed = (await (
    await sessionRequest(owner.context(), rig.stack.baseUrl, { method: 'GET', path: `/teams/${await teamIdOf(owner, 'Newsroom')}/invites` })
  ).json()) as {
    items: { email: string | null; expiresAt: string }[];
  };
  const expiresAt = new Date(listed.items.find((i) => i.email === 'reporter@example.com')!.expiresAt).toISOString();
  const shown = await owner.evaluate(
    (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    expiresAt,
  );
  expect(cells.slice(0, 4)).toEqual(['reporter@example.com', 'admin', 'lead@example.com', shown]);
  expect(await row.locator('time').getAttribute('datetime')).toBe(expiresAt);

  // Another invitation keeps the first link listed; inviting reporter again replaces only theirs.
  await email.fill('columnist@example.com');
  await owner.getByRole('button', { name: 'Create invitation' }).click();
  const columnistLink = section.getByRole('group', { name: 'Invitation link for columnist@example.com (member), valid 7 days' });
  await columnistLink.waitFor();
  expect(await reporterLink.count()).toBe(1);
  await email.fill('reporter@example.com');
  await owner.getByRole('button', { name: 'Create invitation' }).click();
  const reporterAgain = section.getByRole('group', { name: 'Invitation link for reporter@example.com (member), valid 7 days' });
  await reporterAgain.waitFor();
  await reporterLink.waitFor({ state: 'detached' });
  expect(await columnistLink.count()).toBe(1);
  expect(await section.getByRole('group', { name: /^Invitation link for / }).count()).toBe(2);
  await section.getByText("Inviting the same email again replaces only that person's earlier invitation").waitFor();
  expect(await accessibilityViolations(owner)).toEqual([]);
  // The replaced link no longer works.
  expect((await fetch(`${rig.stack.baseUrl}/invites/${new URL(link!).pathname.split('/').at(-1)}`)).status).toBe(404);

  // Revoking asks first: Cancel keeps the invitation.
  const reporterRow = pending.getByRole('row', { name: /reporter@example\.com/ });
  const revoke = pending.getByRole('button', { name: 'Revoke the invitation for reporter@example.com' });
  await revoke.click();
  const dialog = owner.getByRole('alertdialog', { name: 'Revoke the invitation for reporter@example.com?' });
  expect(await accessibilityViolations(owner)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await reporterRow.count()).toBe(1);
  await revoke.click();
  await dialog.getByRole('button', { name: 'Revoke invitation' }).click();
  await reporterRow.waitFor({ state: 'detached' });
  // The row and its button are gone: keyboard focus continues at the list's heading.
  await eventually(async () => (await focusedName(owner)) === 'Pending invitations', 'focus on the list heading after revoking');
  const revokedLink = await reporterAgain.getByRole('link').getAttribute('href');
  await pending.getByRole('button', { name: 'Revoke the invitation for columnist@example.com' }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Revoke invitation' }).click();
  await owner.getByText('No pending invitations.').waitFor();

  // The revoked link, opened by someone signed in, says it no longer works and offers nothing to accept.
  await open(guest, revokedLink);
  await guest
    .getByRole('alert')
    .getByText(/This invitation link is no longer valid/)
    .waitFor();
  expect(await guest.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
  expect(await accessibilityViolations(guest)).toEqual([]);
  // Signed out, the sign-in page it leads to says the same before anyone fills a form.
  const stranger = await (await rig.newContext()).newPage();
  await open(stranger, revokedLink);
  await stranger.getByRole('heading', { name: 'Sign in' }).waitFor();
  await stranger
    .getByRole('alert')
    .getByText(/This invitation link is no longer valid/)
    .waitFor();
  expect(await accessibilityViolations(stranger)).toEqual([]);
  await stranger.context().close();

  // A fresh link, accepted by the signed-in guest: the answer already has them working in the team, and says so.
  await owner.getByRole('button', { name: 'Create invitation' }).click();
  await pending.getByRole('row', { name: /Anyone with the link/ }).waitFor();
  const fresh = await section
    .getByRole('group', { name: /^Invitation link for anyone who has it \(member\)/ })
    .getByRole('link')
    .getAttribute('href');
  expect(fresh).not.toBe(revokedLink);
  // The dashboard is open at 127.0.0.1, the instance's public address is localhost: the link says which it is on.
  expect(
    await section
      .getByRole('group', { name: /^Invitation link for anyone who has it \(member\)/ })
      .getByRole('note')
      .textContent(),
  ).toContain('PUBLIC_BASE_URL');
  // The owner opening it to check it is in the team already: told so, and the link is not spent.
  const ownerUrl = owner.url();
  await open(owner, fresh);
  await owner.getByRole('button', { name: 'Accept invitation' }).click();
  await owner
    .getByRole('status')
    .filter({ hasText: 'You are already a member of Newsroom (owner): the invitation was left unused' })
    .waitFor();
  await pending.getByRole('row', { name: /Anyone with the link/ }).waitFor();
  await owner.goto(ownerUrl);
  await open(guest, fresh);
  await guest.getByRole('button', { name: 'Accept invitation' }).click();
  await guest.getByRole('heading', { name: /Newsroom \(you are member\)/ }).waitFor();
  await guest.getByRole('status').filter({ hasText: 'You joined Newsroom as member.' }).waitFor();
  expect(await workspaceOf(guest)).toContain('Newsroom');
  await owner.reload();
  await owner.getByText('No pending invitations.').waitFor();

  // Leaving: asks first, then the page says so and focus goes to its heading (the team's section is gone). The
  // shell does not take the team's disappearance for a removal.
  await guest.getByRole('button', { name: 'Leave team' }).click();
  await guest.getByRole('alertdialog', { name: 'Leave Newsroom?' }).getByRole('button', { name: 'Leave team' }).click();
  await guest.getByText('You are in no team yet.').waitFor();
  await guest.getByRole('status').filter({ hasText: 'You left Newsroom. You now work in your personal workspace.' }).waitFor();
  await eventually(async () => (await focusedName(guest)) === 'Teams', 'focus on the page heading after leaving');
  expect(await guest.getByText('You are no longer a member').count()).toBe(0);
  expect(await workspaceOf(guest)).toContain('personal');
});

test('an invitation for one email: sign-up uses that address, read-only with why, and signs up with it', async () => {
  await owner.goto(rig.url('settings/teams'));
  await owner.getByRole('textbox', { name: 'Email (optional)' }).fill('invitee@example.com');
  await owner.getByRole('button', { name: 'Create invitation' }).click();
  const link = await owner
    .getByRole('group', { name: 'Invitation link for invitee@example.com (member), valid 7 days' })
    .getByRole('link')
    .getAttribute('href');

  const invitee = await (await rig.newContext()).newPage();
  await open(invitee, link);
  await invitee.getByRole('heading', { name: 'Sign in' }).waitFor();
  // The sign-in form starts with the invited address too (only it can accept the invitation).
  await eventually(
    async () => (await invitee.getByRole('textbox', { name: 'Email' }).inputValue()) === 'invitee@example.com',
    'the invited email filled in on sign-in',
  );
  await invitee.getByRole('link', { name: 'Sign up' }).click();
  await invitee.getByRole('heading', { name: 'Sign up' }).waitFor();
  await invitee.getByText('The invitation is for invitee@example.com: use that email address.').waitFor();
  const email = invitee.getByRole('textbox', { name: 'Email' });
  await eventually(async () => (await email.inputValue()) === 'invitee@example.com', 'the invited email filled in');
  // Only that address may accept it (the server refuses another, services/gateway dashboard-teams.test.ts): the field
  // is read-only, and says why to whoever reaches it.
  await eventually(async () => !(await email.isEditable()), 'the invited email read-only');
  const describedBy = (await email.getAttribute('aria-describedby'))!.split(' ');
  const described = await Promise.all(describedBy.map((id) => invitee.locator(`[id="${id}"]`).textContent()));
  expect(described).toContain('The invitation is for this address, so it cannot be changed here.');
  // Typing into it changes nothing.
  await email.focus();
  await invitee.keyboard.press('End');
  await invitee.keyboard.type('.org');
  expect(await email.inputValue()).toBe('invitee@example.com');
  expect(await accessibilityViolations(invitee)).toEqual([]);
  await screenshot(invitee, 'sign-up-invited');

  // Signing up spends the invitation: the page does not ask for it again on the way out (a 404 in the console).
  const invitationAnswers: number[] = [];
  invitee.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/invites/')) invitationAnswers.push(response.status());
  });
  await invitee.getByLabel('Password', { exact: true }).fill('invitee passphrase');
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await invitee.getByRole('status').filter({ hasText: 'You joined Newsroom as member.' }).waitFor();
  await invitee.getByRole('row', { name: /invitee@example\.com/ }).waitFor();
  expect(invitationAnswers).toEqual([]);
  await invitee.context().close();
});

test('instance settings: a choice saves only with its Save button, opening sign-up asks first, focus stays, the choice fits a phone', async () => {
  const config = async () => ((await (await fetch(`${rig.stack.baseUrl}/auth/config`)).json()) as { signupMode: string }).signupMode;
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Instance' }).click();
  await owner.getByRole('heading', { name: 'Instance settings', level: 1 }).waitFor();
  const mode = owner.getByRole('combobox', { name: 'Who may sign up' });
  const save = owner.getByRole('button', { name: 'Save sign-up mode' });
  expect(await mode.inputValue()).toBe('invite');
  expect(await save.isDisabled()).toBe(true);
  await owner.getByText("New accounts only through a team's invitation link.").waitFor();

  // One arrow press picks Open: nothing is saved, the page says so and focus stays on the select.
  await mode.focus();
  await mode.press('ArrowUp');
  expect(await mode.inputValue()).toBe('open');
  await owner.getByText('Anyone who can reach this instance can create an account. Not saved yet.').waitFor();
  await expectFocusOn(owner, 'Who may sign up');
  expect(await config()).toBe('invite');

  // Save asks first; Cancel keeps the instance as it was.
  await save.click();
  const ask = owner.getByRole('alertdialog', { name: 'Let anyone sign up?' });
  await ask.getByText(/^Anyone who can reach this instance will be able to create an account/).waitFor();
  expect(await accessibilityViolations(owner)).toEqual([]);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await ask.waitFor({ state: 'detached' });
  await expectFocusOn(owner, 'Save sign-up mode');
  expect(await config()).toBe('invite');
  await save.click();
  await ask.getByRole('button', { name: 'Open sign-up' }).click();
  await owner.getByRole('status').filter({ hasText: 'Saved: sign-up is now open.' }).waitFor();
  await expectFocusOn(owner, 'Who may sign up');
  expect(await config()).toBe('open');
  expect(await save.isDisabled()).toBe(true);

  // Back to invite only: no question for a narrower choice.
  await mode.selectOption('invite');
  await save.click();
  await owner.getByRole('status').filter({ hasText: 'Saved: sign-up is now invite only.' }).waitFor();
  expect(await config()).toBe('invite');

  const plan = owner.getByRole('combobox', { name: 'New accounts and teams start on' });
  await plan.selectOption('pro');
  await owner.getByRole('button', { name: 'Save starting plan' }).click();
  await owner.getByRole('status').filter({ hasText: 'Saved: new accounts and teams now start on Pro.' }).waitFor();
  await expectFocusOn(owner, 'New accounts and teams start on');
  expect(await accessibilityViolations(owner)).toEqual([]);
  await plan.selectOption('free');
  await owner.getByRole('button', { name: 'Save starting plan' }).click();
  await owner.getByRole('status').filter({ hasText: 'Saved: new accounts and teams now start on Free.' }).waitFor();
  // The audit log says these changes in the page's words, not the API's field names (signupMode: open).
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
  const log = owner.getByRole('table', { name: 'Audit log, newest first' });
  await log
    .getByRole('row', { name: /Changed the instance’s settings.*New accounts and teams start on: Free/ })
    .first()
    .waitFor();
  await log
    .getByRole('row', { name: /Changed the instance’s settings.*Who may sign up: Open/ })
    .first()
    .waitFor();
  expect(await log.getByText(/signupMode|newWorkspacePlan/).count()).toBe(0);

  // At 390 px every choice's text fits its select (a native select cuts what does not fit).
  const phone = await (await rig.newContext(PHONE)).newPage();
  await phone.goto(rig.url('sign-in'));
  await signInInBrowser(phone, OWNER);
  await phone.getByRole('heading', { name: 'Overview' }).waitFor();
  await phone.goto(rig.url('settings/instance'));
  for (const name of ['Who may sign up', 'New accounts and teams start on']) {
    const select = phone.getByRole('combobox', { name });
    const cut = await select.evaluate((el: HTMLSelectElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      // Room for text: the box less its padding and the arrow (about 1.5em).
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1.5 * parseFloat(style.fontSize);
      return Array.from(el.options, (o) => o.text).filter((text) => context.measureText(text).width > room);
    });
    expect(cut).toEqual([]);
  }
  expect(await accessibilityViolations(phone)).toEqual([]);
  await phone.context().close();
});

test('a team name of 100 letters without a space breaks inside its heading, the Overview line and the Workspace picker: no page wider than the screen', async () => {
  const name = 'Ü'.repeat(100);
  const made = await sessionRequest(owner.context(), rig.stack.baseUrl, { method: 'POST', path: '/teams', data: { name } });
  expect(made.status()).toBeLessThan(300);
  const widerThanScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  // Working in it: the Teams page's heading, the Overview's line and the header's Workspace picker say its name.
  await owner.goto(rig.url(''));
  await owner.getByLabel('Workspace').selectOption({ label: name });
  await owner
    .getByRole('status')
    .filter({ hasText: `Now in workspace ${name}.` })
    .waitFor();
  const phone = await (await rig.newContext(PHONE)).newPage();
  await phone.context().addCookies(await owner.context().cookies());
  for (const page of [owner, phone]) {
    await page.goto(rig.url(''));
    await page.getByText(`working in ${name}`).waitFor();
    expect(await widerThanScreen(page)).toBeLessThanOrEqual(0);
    await page.goto(rig.url('settings/teams'));
    await page.getByRole('heading', { name: new RegExp(`^${name}`) }).waitFor();
    expect(await widerThanScreen(page)).toBeLessThanOrEqual(0);
  }
  await phone.context().close();
});

/** Makes a team as the owner, through the session, and an invitation to it: the token its link carries. */
async function inviteThroughSession(teamId: string, body: { email?: string; role: 'member' | 'admin' }): Promise<string> {
  const made = await sessionRequest(owner.context(), rig.stack.baseUrl, { method: 'POST', path: `/teams/${teamId}/invites`, data: body });
  expect(made.status()).toBe(201);
  return new URL(((await made.json()) as { url: string }).url).pathname.split('/').pop()!;
}

test('an invitation for another address, opened signed in: the page says whose it is and leads to signing in with it, instead of an Accept that can only be refused', async () => {
  const team = await sessionRequest(owner.context(), rig.stack.baseUrl, { method: 'POST', path: '/teams', data: { name: 'Foundry' } });
  expect(team.status()).toBe(201);
  const teamId = ((await team.json()) as { id: string }).id;
  // Someone already signed in (here, joined through a link for anyone) opens an invitation made for another address.
  const visitor = await (await rig.newContext()).newPage();
  const signUp = await visitor.context().request.post(`${rig.stack.baseUrl}/auth/sign-up`, {
    data: { email: 'carol@example.com', password: 'carol passphrase', inviteToken: await inviteThroughSession(teamId, { role: 'member' }) },
  });
  expect(signUp.status()).toBe(201);
  const forDave = await inviteThroughSession(teamId, { email: 'dave@example.com', role: 'member' });
  await visitor.goto(rig.url(`invite/${forDave}`));
  await visitor.getByRole('heading', { name: 'Join Foundry' }).waitFor();
  await visitor
    .getByText(
      'This invitation is for dave@example.com, and you are signed in as carol@example.com: sign out, then sign in or sign up with dave@example.com to accept it.',
    )
    .waitFor();
  expect(await visitor.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
  expect(await accessibilityViolations(visitor)).toEqual([]);
  // Signing out leads back to the invitation's sign-in, the address filled in; nothing was accepted.
  await visitor.getByRole('button', { name: 'Sign out to use dave@example.com' }).click();
  await visitor.getByRole('heading', { name: 'Sign in' }).waitFor();
  await visitor.getByText(/You are invited to join Foundry as member\./).waitFor();
  await eventually(
    async () => (await visitor.getByRole('textbox', { name: 'Email' }).inputValue()) === 'dave@example.com',
    'the invited email filled in on sign-in',
  );
  expect(new URL(visitor.url()).searchParams.get('returnTo')).toBe(`/invite/${forDave}`);
  expect(Object.keys(await rolesOf(owner, teamId)).sort()).toEqual(['carol@example.com', 'lead@example.com']);
  await visitor.context().close();
});

test('an invitation link that stops working (revoked while its page is open): Accept goes, the page says to ask for a new link and leads on, focus on what it says', async () => {
  const team = await sessionRequest(owner.context(), rig.stack.baseUrl, { method: 'POST', path: '/teams', data: { name: 'Quarry' } });
  expect(team.status()).toBe(201);
  const teamId = ((await team.json()) as { id: string }).id;
  const visitor = await (await rig.newContext()).newPage();
  const signUp = await visitor.context().request.post(`${rig.stack.baseUrl}/auth/sign-up`, {
    data: { email: 'erin@example.com', password: 'erin passphrase', inviteToken: await inviteThroughSession(teamId, { role: 'member' }) },
  });
  expect(signUp.status()).toBe(201);
  const made = await sessionRequest(owner.context(), rig.stack.baseUrl, {
    method: 'POST',
    path: `/teams/${teamId}/invites`,
    data: { email: 'erin@example.com', role: 'admin' },
  });
  const { id, url } = (await made.json()) as { id: string; url: string };
  await visitor.goto(rig.url(new URL(url).pathname.replace(/^\/app\//, '')));
  await visitor.getByRole('button', { name: 'Accept invitation' }).waitFor();
  // Revoked by the owner while the page is open.
  const revoked = await sessionRequest(owner.context(), rig.stack.baseUrl, { method: 'DELETE', path: `/teams/${teamId}/invites/${id}` });
  expect(revoked.status()).toBe(204);
  await visitor.getByRole('button', { name: 'Accept invitation' }).click();
  const dead = 'This invitation link is no longer valid: it is unknown, expired, revoked or already used.';
  const next = 'Ask whoever sent you the link for a new invitation. The teams you are in are on Teams.';
  await visitor.getByText(next).waitFor();
  await visitor.getByRole('alert').filter({ hasText: dead }).waitFor();
  // Nothing left to click that could only be refused again; focus is on what the page says, not dropped to the body.
  expect(await visitor.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
  await eventually(
    async () => visitor.evaluate((text) => (document.activeElement?.textContent ?? '').includes(text), next),
    'focus on the dead link notice',
  );
  expect(await accessibilityViolations(visitor)).toEqual([]);
  // Opened again, the page says the same, and Teams leads on.
  await visitor.reload();
  await visitor.getByText(next).waitFor();
  await visitor.getByRole('main').getByRole('link', { name: 'Teams' }).click();
  await visitor.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
  await visitor.context().close();
});

test('switching the workspace with the arrow keys keeps focus on the Workspace picker, so the next arrow switches again', async () => {
  for (const name of ['Harbor', 'Mill']) {
    const team = await sessionRequest(owner.context(), rig.stack.baseUrl, { method: 'POST', path: '/teams', data: { name } });
    expect(team.status()).toBe(201);
  }
  await owner.goto(rig.url(''));
  await owner.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  const picker = owner.getByLabel('Workspace');
  await picker.selectOption({ index: 0 });
  const names = await picker.locator('option').allTextContents();
  expect(names.length).toBeGreaterThan(2);
  await picker.focus();
  // Each arrow on the closed select switches (the select is briefly disabled while the server answers).
  for (const name of [names[1], names[2]]) {
    await owner.keyboard.press('ArrowDown');
    await owner
      .getByRole('status')
      .filter({ hasText: `Now in workspace ${name}.` })
      .waitFor();
    await expectFocusOn(owner, 'Workspace');
  }
  expect(await workspaceOf(owner)).toBe(names[2]);
});
