import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { parseCsvRecords } from '@pressroom/contracts';
import {
  accessibilityViolations,
  eventually,
  expectFocusOn,
  focusedName,
  screenshot,
  sessionRequest,
  signInInBrowser,
  signUpInBrowser,
  startDashboardRig,
  type DashboardRig,
} from './browser.js';

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;
const owner = { email: 'owner@example.com', password: 'correct horse battery' };

beforeAll(async () => {
  rig = await startDashboardRig();
  context = await rig.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: rig.stack.baseUrl });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
});

const keyWorks = async (key: string) => (await rig.stack.api('/webhook-subscriptions', { key })).status;

test('the first visitor is asked to create the owner account and lands on the overview', async () => {
  await page.goto(rig.url(''));
  // A new instance has no account to sign in to: sign-in goes straight on to creating the owner.
  await page.getByRole('heading', { name: 'Create the owner account' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/app/sign-up');
  // The password rule is said before submitting, and no "Already have an account?" where none can exist yet.
  await page.getByText('At least 10 characters, at most 200.', { exact: true }).waitFor();
  expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'sign-up');

  // Over-long input is refused beside each field in one wording (the API's generic one), before anything is sent.
  const signUpForm = page.getByRole('form', { name: 'Sign up' });
  await page.getByRole('textbox', { name: 'Name (optional)' }).fill('n'.repeat(201));
  await page.getByRole('textbox', { name: 'Email' }).fill(`${'e'.repeat(250)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('p'.repeat(201));
  await page.getByRole('button', { name: 'Create account' }).click();
  await eventually(
    async () => (await signUpForm.getByText('Must be at most 200 characters long.', { exact: true }).count()) === 2,
    'the name and the password refused as too long',
  );
  await signUpForm.getByText('Must be at most 254 characters long.', { exact: true }).waitFor();
  await page.getByRole('textbox', { name: 'Name (optional)' }).fill('');

  // An email left empty is asked for, a malformed one called not valid: the same words as sign-in and the reset.
  const signUpEmail = signUpForm.getByRole('textbox', { name: 'Email' });
  await signUpEmail.fill('');
  await page.getByLabel('Password', { exact: true }).fill('long enough passphrase');
  await page.getByRole('button', { name: 'Create account' }).click();
  await signUpForm.getByText('Enter your email address.', { exact: true }).waitFor();
  await signUpEmail.fill('not-an-address');
  await page.getByRole('button', { name: 'Create account' }).click();
  await signUpForm.getByText('Enter a valid email address.', { exact: true }).waitFor();

  // A too-short password: the refusal replaces the hint (not both saying the same rule), and describes the field.
  await page.getByRole('textbox', { name: 'Email' }).fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Use at least 10 characters.').first().waitFor({ timeout: 30_000 });
  expect(await page.getByText('At least 10 characters, at most 200.', { exact: true }).count()).toBe(0);
  const describedBy = (await page.getByLabel('Password', { exact: true }).getAttribute('aria-describedby')) ?? '';
  const descriptions = await Promise.all(
    describedBy.split(' ').map((id) => page.evaluate((i) => document.getElementById(i)?.textContent ?? null, id)),
  );
  expect(descriptions).toEqual(['Use at least 10 characters.']);

  await signUpInBrowser(page, rig, owner, 'sign-up');
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  await page.getByRole('main').getByText(owner.email).first().waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'overview');
});

test('a wrong password shows the problem detail; signing out and in again works', async () => {
  // Signing out from a page that reads the session (Account) leaves it cleanly: no page drawn without a session.
  await page.goto(rig.url('settings/account'));
  await page.getByRole('heading', { name: 'Account' }).waitFor();
  const errors: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => void (m.type() === 'error' && errors.push(m.text()));
  page.on('console', onConsole);
  // Values tried in an editor are kept in the browser per template; signing out forgets them.
  await page.evaluate(() => localStorage.setItem('pressroom.tried-values.tpl_tried', '{"title":"Private"}'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  page.off('console', onConsole);
  expect(errors.filter((e) => /RequireSession|useCurrentSession/.test(e))).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('pressroom.tried-values.tpl_tried'))).toBeNull();
  await signInInBrowser(page, { email: owner.email, password: 'not the password' });
  await page.getByRole('alert').waitFor();
  expect(await page.getByRole('alert').textContent()).toMatch(/password|credentials/i);

  await signInInBrowser(page, owner);
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
});

test('API keys: create (shown once, copy), rotate (old key stops), revoke with confirmation', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
  // Keys are explained once, in a sentence, before the form: no box saying it again. It starts with whose keys they are.
  await page
    .getByRole('main')
    .getByText(
      /^These keys belong to the workspace .+ \(personal\)\. A key lets a program call the API as this workspace\. Every key has full access/,
    )
    .waitFor();
  expect(await page.getByRole('main').getByRole('note').count()).toBe(0);

  await page.getByRole('textbox', { name: 'Key name' }).fill('CMS production');
  await page.getByRole('textbox', { name: 'Key name' }).press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'API key' }).waitFor();
  const first = await dialog.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(await keyWorks(first)).toBe(200);
  // Shown once, like a webhook's secret: Escape before copying asks instead of closing.
  const question = dialog.getByRole('alert').filter({ hasText: 'Close without copying?' });
  await page.keyboard.press('Escape');
  await question.waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await question.getByRole('button', { name: 'Go back' }).click();
  await question.waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await dialog.getByText('Copied to the clipboard.').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row', { name: /CMS production/ });
  await row.waitFor();
  expect(await row.textContent()).not.toContain(first);
  await screenshot(page, 'api-keys');

  await row.getByRole('button', { name: 'Rotate CMS production' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate key' }).click();
  await dialog.getByRole('textbox', { name: 'API key' }).waitFor();
  const second = await dialog.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(second).not.toBe(first);
  // The rotated key asks too; closing without copying is a deliberate second step.
  await page.mouse.click(5, 5); // on the overlay, outside the dialog
  await question.getByRole('button', { name: 'Close without copying' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await keyWorks(first)).toBe(401);
  expect(await keyWorks(second)).toBe(200);

  await page
    .getByRole('row', { name: /CMS production/ })
    .getByRole('button', { name: 'Revoke CMS production' })
    .click();
  const confirm = page.getByRole('alertdialog');
  expect(await confirm.textContent()).toMatch(/cannot be undone/);
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await page.getByText('No keys yet.').waitFor();
  // Its row is gone: the list says what happened where focus lands (its heading), and a screen reader hears it.
  await expectFocusOn(page, 'Keys');
  await page
    .getByRole('region', { name: 'Keys' })
    .getByRole('status')
    .filter({ hasText: `Revoked “CMS production” (ends …${second.slice(-4)}): requests with it are refused from now on.` })
    .waitFor();
  expect(await keyWorks(second)).toBe(401);
});

test('profile: the name shown in the header is changed on Account; too long is flagged beside it; blank shows the email', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  const profile = page.getByRole('form', { name: 'Profile' });
  // The fixed email is a term and its value, not one run of text.
  await profile
    .getByRole('term')
    .filter({ hasText: /^Email$/ })
    .waitFor();
  expect(await profile.getByRole('definition').textContent()).toBe(owner.email);
  const name = profile.getByRole('textbox', { name: 'Name' });
  await name.fill('x'.repeat(201));
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await profile.getByText('Must be at most 200 characters long.', { exact: true }).waitFor();
  expect(await name.getAttribute('aria-invalid')).toBe('true');

  // Spaces around the name are not kept (the API trims it): the field then shows the name as saved, as the header does.
  await name.fill('  Ada Owner  ');
  await name.press('Enter');
  await profile.getByText('Saved.').waitFor();
  const header = page.getByRole('banner');
  await header.getByText('Ada Owner', { exact: true }).waitFor();
  expect(await name.inputValue()).toBe('Ada Owner');
  expect(await accessibilityViolations(page)).toEqual([]);

  await name.fill('');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await header.getByText(owner.email, { exact: true }).waitFor();
  await page.reload();
  expect(await page.getByRole('form', { name: 'Profile' }).getByRole('textbox', { name: 'Name' }).inputValue()).toBe('');
});

test('change password: a too-short password is flagged beside its field, a wrong current one is refused, then it changes', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  // Before anything is refused, the field says how long a password must be and what changing it does elsewhere.
  const hintId = (await page.getByLabel('New password').getAttribute('aria-describedby'))!;
  expect(await page.locator(`[id="${hintId}"]`).textContent()).toBe(
    'At least 10 characters, at most 200. Other browsers signed in as you are signed out; this one stays signed in.',
  );
  // Over-long, refused in the same words as every other field's length.
  await page.getByLabel('Current password').fill(owner.password);
  await page.getByLabel('New password').fill('p'.repeat(201));
  await page.getByLabel('New password').press('Enter');
  await page.getByRole('form', { name: 'Change password' }).getByText('Must be at most 200 characters long.', { exact: true }).waitFor();
  await page.getByLabel('Current password').fill(owner.password);
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('New password').press('Enter');
  // The validation problem's per-field message sits under the field and describes it.
  await page.locator('input[aria-invalid="true"]').waitFor();
  expect(await page.getByLabel('New password').getAttribute('aria-invalid')).toBe('true');
  const describedBy = (await page.getByLabel('New password').getAttribute('aria-describedby'))!;
  expect(await page.locator(`[id="${describedBy.split(' ').pop()}"]`).textContent()).toMatch(/\d+/);

  // Left empty, the current password is asked for beside it, before anything is sent: not called wrong.
  let sent = 0;
  const countPasswordRequests = (request: { url(): string }) => void (request.url().endsWith('/auth/password') && sent++);
  page.on('request', countPasswordRequests);
  await page.getByLabel('Current password').fill('');
  await page.getByLabel('New password').fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Enter your current password.', { exact: true }).waitFor();
  expect(await page.getByText('This is not your current password.').count()).toBe(0);
  await expectFocusOn(page, 'Current password');
  page.off('request', countPasswordRequests);
  expect(sent).toBe(0);

  await page.getByLabel('Current password').fill('wrong wrong wrong');
  await page.getByLabel('New password').fill('a brand new passphrase');
  await page.getByLabel('New password').press('Enter');
  await page.getByRole('alert').first().waitFor();
  // A wrong current password is told beside that field.
  await eventually(
    async () => (await page.getByLabel('Current password').getAttribute('aria-invalid')) === 'true',
    'the current password marked',
  );
  // Said once, beside the field: the banner above the form only points to it, and focus is on it.
  expect(await page.getByText('This is not your current password.').count()).toBe(1);
  expect(await page.getByRole('form', { name: 'Change password' }).getByRole('alert').textContent()).toBe('Check the highlighted field.');
  await eventually(async () => (await focusedName(page)) === 'Current password', 'focus on the current password');
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByLabel('Current password').fill(owner.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Your password was changed.').waitFor();
  owner.password = 'a brand new passphrase';
  await screenshot(page, 'account');
});

test("Account: each form's refusal is its own; a password refusal goes once its fields are edited, not when the profile is saved", async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  const passwordForm = page.getByRole('form', { name: 'Change password' });
  const profile = page.getByRole('form', { name: 'Profile' });
  await page.getByLabel('Current password').fill(owner.password);
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('New password').press('Enter');
  await passwordForm.getByRole('alert').waitFor();
  expect(await page.getByLabel('New password').getAttribute('aria-invalid')).toBe('true');

  // Saving the name changes nothing about the password: its refusal still applies (the fields still hold what was
  // refused), so it stays, in its own form, and the profile's 'Saved.' stays in the profile's.
  await profile.getByRole('textbox', { name: 'Name' }).fill('Ada Owner');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await profile.getByText('Saved.').waitFor();
  expect(await passwordForm.getByText('Saved.').count()).toBe(0);
  expect(await page.getByLabel('New password').getAttribute('aria-invalid')).toBe('true');

  // Editing the refused password is answering it: the refusal goes, as the name's does when the name is edited.
  await page.getByLabel('New password').fill('a longer passphrase');
  await eventually(async () => (await passwordForm.getByRole('alert').count()) === 0, 'the password refusal gone once edited');
  expect(await page.getByLabel('New password').getAttribute('aria-invalid')).not.toBe('true');
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('New password').press('Enter');
  await passwordForm.getByRole('alert').waitFor();
  await page.getByLabel('Current password').fill('');
  await eventually(
    async () => (await passwordForm.getByRole('alert').count()) === 0,
    'the refusal gone once the current password is edited',
  );
  await page.getByLabel('New password').fill('');
  // The name back to none, as later tests expect the email in its place.
  await profile.getByRole('textbox', { name: 'Name' }).fill('');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await page.getByRole('banner').getByText(owner.email, { exact: true }).waitFor();
});

test('the audit log lists who created, rotated and revoked the key and changed the password, newest first, without secrets', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
  const table = page.getByRole('table', { name: 'Audit log, newest first' });
  await table.getByRole('row', { name: /Changed their password/ }).waitFor();
  const rows = table.getByRole('row');
  // The header row, then newest first: the password, the key revoked, rotated (the old key revoked with it) and created,
  // and the sign-ins of the earlier steps.
  const lines = (await rows.allTextContents()).slice(1);
  const whats = lines.map(
    (l) => /(Changed their password|Revoked an API key|Rotated an API key|Created an API key|Signed in)/.exec(l)?.[1],
  );
  expect(whats.slice(0, 4)).toEqual(['Changed their password', 'Revoked an API key', 'Rotated an API key', 'Created an API key']);
  expect(whats.slice(4).every((w) => w === 'Signed in')).toBe(true);
  expect(lines[1]).toContain('CMS production');
  expect(lines[0]).toContain(owner.email);
  expect(lines[0]).toContain('Dashboard');
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'audit-log');

  // Download CSV: the whole log as a file, the same events newest first.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = parseCsvRecords(await readFile(await download.path(), 'utf8')).map((r) => r.fields);
  expect(csv[0]).toEqual(['time', 'action', 'who', 'key', 'ip', 'note']);
  expect(csv.slice(1, 5).map((r) => r[1])).toEqual(['account.password_changed', 'api_key.revoked', 'api_key.rotated', 'api_key.created']);
  expect(csv.length - 1).toBe(lines.length);
  expect(csv[1]![2]).toBe(owner.email);
  expect(csv[2]![5]).toContain('CMS production');

  // When: the reader's local time with its zone's name; each a <time> whose datetime and tooltip are the instant in UTC
  // (ISO 8601), as the CSV's time column has it.
  const UTC_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
  const times = table.locator('time');
  expect(await times.count()).toBe(lines.length);
  const newest = (await times.first().getAttribute('datetime'))!;
  expect(newest).toMatch(UTC_ISO);
  expect(await times.first().getAttribute('title')).toBe(newest);
  expect(await times.first().textContent()).toMatch(/ [AP]M (UTC|GMT[+-]\d{1,2}(:\d\d)?|[A-Z]{3,5})$/);
  expect(csv[1]![0]).toBe(newest);
  expect(csv.slice(1).every((r) => UTC_ISO.test(r[0]!))).toBe(true);
  // A reader in Tokyo sees the same instant in Tokyo's time, followed by its zone.
  const east = await rig.newContext(undefined, { timezoneId: 'Asia/Tokyo', storageState: await context.storageState() });
  const tokyo = await east.newPage();
  await tokyo.goto(rig.url('settings/audit-log'));
  const tokyoTime = tokyo.getByRole('table', { name: 'Audit log, newest first' }).locator('time').first();
  await tokyoTime.waitFor();
  expect(await tokyoTime.getAttribute('datetime')).toBe(newest);
  expect(await tokyoTime.getAttribute('title')).toBe(newest);
  const inTokyo = await tokyo.evaluate(
    (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' }),
    newest,
  );
  expect(await tokyoTime.textContent()).toBe(`${inTokyo} GMT+9`);
  await east.close();

  // Filters: a kind of action and who, sent to the API as `action` and `actor`; the CSV link carries them too.
  const what = page.getByRole('group', { name: 'Filters' }).getByRole('combobox', { name: 'What' });
  const who = page.getByRole('group', { name: 'Filters' }).getByRole('combobox', { name: 'Who' });
  // Who offers everyone the log names (GET /account/audit-log/actors; here only the owner), asked once the page opens.
  await eventually(async () => (await who.locator('option').count()) === 2, 'the people the log names');
  const whoChoices = await who.locator('option').allTextContents();
  expect(whoChoices).toHaveLength(2);
  expect(whoChoices[0]).toBe('Anyone');
  expect(whoChoices[1]).toContain(owner.email);
  const listed = page.waitForResponse((r) => new URL(r.url()).searchParams.get('action') === 'api_key');
  await what.selectOption({ label: 'API keys' });
  expect((await listed).status()).toBe(200);
  await eventually(async () => (await rows.count()) === 4, 'only the key events');
  expect((await rows.allTextContents()).slice(1).map((l) => /(Revoked|Rotated|Created) an API key/.exec(l)?.[0])).toEqual([
    'Revoked an API key',
    'Rotated an API key',
    'Created an API key',
  ]);
  expect(await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/account/audit-log?format=csv&action=api_key');
  await who.selectOption({ label: whoChoices[1]! });
  await eventually(
    async () => /&actor=/.test((await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')) ?? ''),
    'the actor filter',
  );
  await eventually(async () => (await rows.count()) === 4, 'the key events by the owner');
  await what.selectOption({ label: 'Webhooks' });
  // Nothing kept: the page says so where the table would be.
  await page.getByRole('main').getByText('No events match these filters.').waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await what.selectOption({ label: 'Every change' });
  await who.selectOption({ label: 'Anyone' });
  await table.getByRole('row', { name: /Changed their password/ }).waitFor();
});

test("the keys page says every key has full access; in a team it lists every member's keys, and who may revoke which", async () => {
  await page.goto(rig.url('settings/api-keys'));
  // Not scoped, said plainly on the page, and not as a live region that would be announced.
  const fullAccess = page.getByText(
    /^These keys belong to the workspace .+\. A key lets a program call the API as this workspace\. Every key has full access: whoever holds one can render/,
  );
  await fullAccess.waitFor();
  expect(await fullAccess.evaluate((el) => el.closest('[role="status"], [role="alert"]'))).toBeNull();

  // A team with a colleague who joined by link (the set-up through the API; teams.browser.test.ts clicks it).
  const team = (await (
    await sessionRequest(context, rig.stack.baseUrl, { method: 'POST', path: '/teams', data: { name: 'Northwind' } })
  ).json()) as {
    id: string;
  };
  const invite = (await (
    await sessionRequest(context, rig.stack.baseUrl, { method: 'POST', path: `/teams/${team.id}/invites`, data: { role: 'member' } })
  ).json()) as { token: string };
  const colleagueContext = await rig.newContext();
  const joined = await colleagueContext.request.post(`${rig.stack.baseUrl}/auth/sign-up`, {
    data: { email: 'casey@example.com', password: 'colleague passphrase', name: 'Casey Colleague', inviteToken: invite.token },
  });
  expect(joined.status()).toBe(201);
  const colleague = await colleagueContext.newPage();

  // The colleague (a member, working in the team since the link) creates the CI key and uses it.
  await colleague.goto(rig.url('settings/api-keys'));
  await colleague.getByRole('textbox', { name: 'Key name' }).fill('CI - GitHub Actions');
  await colleague.getByRole('button', { name: 'Create key' }).click();
  const shown = colleague.getByRole('dialog');
  const ciKey = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
  await shown.getByRole('button', { name: 'Done' }).click();
  expect(await keyWorks(ciKey)).toBe(200);

  // The owner, in the team's workspace, sees it with who created it and when it was last used, and may only revoke it.
  // (Reloaded: the header's session was read before the team existed.)
  await page.reload();
  await page.getByLabel('Workspace').selectOption({ label: 'Northwind' });
  await page
    .getByText('No keys in this team yet.')
    .or(page.getByRole('row', { name: /CI - GitHub Actions/ }))
    .first()
    .waitFor();
  const ciRow = page.getByRole('row', { name: /CI - GitHub Actions/ });
  await ciRow.waitFor();
  const cells = await ciRow.getByRole('cell').allTextContents();
  expect(cells[2]).toBe('Casey Colleague');
  expect(cells[4]).not.toBe('Never');
  expect(cells.join(' ')).not.toContain(ciKey);
  expect(await ciRow.getByRole('button', { name: 'Rotate CI - GitHub Actions' }).count()).toBe(0);
  expect(await fullAccess.textContent()).toMatch(/^These keys belong to the workspace Northwind\. /);
  await page.getByText(/^Every member's keys are listed here\. Owners and admins can revoke any of them, members their own/).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);

  // The owner's own key in the team: the member sees it, with no way to revoke or rotate it.
  await page.getByRole('textbox', { name: 'Key name' }).fill('Owner deploy');
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  const ownerRow = page.getByRole('row', { name: /Owner deploy/ });
  expect((await ownerRow.getByRole('cell').allTextContents())[2]).toBe('You');
  await screenshot(page, 'api-keys-team');

  await colleague.reload();
  const seenByColleague = colleague.getByRole('row', { name: /Owner deploy/ });
  await seenByColleague.getByText('Its creator or a team owner or admin can revoke it.').waitFor();
  expect(await seenByColleague.getByRole('button').count()).toBe(0);
  expect(
    (
      await colleague
        .getByRole('row', { name: /CI - GitHub Actions/ })
        .getByRole('cell')
        .allTextContents()
    )[2],
  ).toBe('You');
  expect(await accessibilityViolations(colleague)).toEqual([]);
  // A member does not read the team's audit log: the page says who does, not an error.
  await colleague.goto(rig.url('settings/audit-log'));
  await colleague.getByText("Only the team's owners and admins can read its audit log.", { exact: false }).waitFor();
  expect(await colleague.getByRole('table').count()).toBe(0);
  expect(await colleague.getByRole('alert').count()).toBe(0);
  // The API refuses it too, saying who may.
  const ownerKeyId = (
    (await (await colleagueContext.request.get(`${rig.stack.baseUrl}/account/keys`)).json()) as { items: { id: string; name: string }[] }
  ).items.find((k) => k.name === 'Owner deploy')!.id;
  const refused = await sessionRequest(colleagueContext, rig.stack.baseUrl, { method: 'DELETE', path: `/account/keys/${ownerKeyId}` });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { detail: string }).detail).toMatch(
    /^“Owner deploy” was created by owner@example\.com: only they and the team's owners and admins can revoke it\./,
  );

  // The owner revokes the colleague's key: the dialog says whose it is, and the key stops working at once.
  await ciRow.getByRole('button', { name: 'Revoke CI - GitHub Actions' }).click();
  const confirm = page.getByRole('alertdialog');
  expect(await confirm.textContent()).toContain('Casey Colleague created it: whatever uses it stops working, so let them know.');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await ciRow.waitFor({ state: 'detached' });
  expect(await keyWorks(ciKey)).toBe(401);

  // The personal workspace lists only the owner's own keys: none now (the team's are not there).
  await page.getByLabel('Workspace').selectOption({ label: `${owner.email} (personal)` });
  await page.getByText('No keys yet.').waitFor();
  expect(await fullAccess.textContent()).toMatch(/^These keys belong to the workspace owner@example\.com \(personal\)\. /);

  // Two keys with the same name: each one's buttons say when it was created and how its secret ends.
  for (let i = 0; i < 2; i++)
    expect(
      (await sessionRequest(context, rig.stack.baseUrl, { method: 'POST', path: '/account/keys', data: { name: 'Twin' } })).status(),
    ).toBe(201);
  await page.reload();
  const revokeTwin = page.getByRole('button', { name: /^Revoke Twin/ });
  await revokeTwin.nth(1).waitFor();
  const twinNames = await revokeTwin.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  expect(twinNames).toHaveLength(2);
  for (const name of twinNames) expect(name).toMatch(/^Revoke Twin \(created \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M, ends …\w{4}\)$/);
  expect(new Set(twinNames).size).toBe(2);
  await colleagueContext.close();
});

test('an expired session asks for the password over the page, and the action that waited goes through', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
  // The browser drops an expired cookie: the API then answers `missing-auth`, which the dashboard reads as the session's end.
  await context.clearCookies({ name: 'pressroom_session' });

  await page.getByRole('textbox', { name: 'Key name' }).fill('after expiry');
  await page.getByRole('button', { name: 'Create key' }).click();
  // The page stays (docs/dashboard.md "When the session ends"); the session-recovery suite covers the rest.
  const dialog = page.getByRole('dialog', { name: 'Your session ended' });
  await dialog.waitFor();
  await dialog.getByLabel('Password', { exact: true }).fill(owner.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.waitFor({ state: 'detached' });
  const issued = page.getByRole('dialog', { name: 'Your key “after expiry”' });
  await issued.waitFor();
  expect(new URL(page.url()).pathname).toBe('/app/settings/api-keys');
  await issued.getByRole('button', { name: 'Done' }).click();
  await issued.waitFor({ state: 'detached' });
});

test('the instance owner sets the sign-up mode, which /auth/config then reports', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Instance' }).click();
  await page.getByLabel('Who may sign up').selectOption('closed');
  await page.getByRole('button', { name: 'Save sign-up mode' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved: sign-up is now closed.' }).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  const config = (await (await rig.stack.api('/auth/config')).json()) as { signupMode: string };
  expect(config.signupMode).toBe('closed');
});

test('on a phone, a key named with one long word: the dialogs that name it wrap the name rather than scroll sideways', async () => {
  const phone = await (await rig.newContext({ width: 375, height: 812 }, { storageState: await context.storageState() })).newPage();
  await phone.goto(rig.url('settings/api-keys'));
  await phone.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
  const name = `Brochure${'x'.repeat(92)}`;
  await phone.getByRole('textbox', { name: 'Key name' }).fill(name);
  await phone.getByRole('textbox', { name: 'Key name' }).press('Enter');
  /** The open dialog's width and the width of what it holds: equal when nothing is cut off on its right. */
  const widths = (role: 'dialog' | 'alertdialog') =>
    phone.getByRole(role).evaluate((dialog) => ({ holds: dialog.scrollWidth, shows: dialog.clientWidth }));
  const issued = phone.getByRole('dialog', { name: `Your key “${name}”` });
  await issued.getByRole('textbox', { name: 'API key' }).waitFor();
  const secretDialog = await widths('dialog');
  expect(secretDialog.holds).toBe(secretDialog.shows);
  await issued.getByRole('button', { name: 'Done' }).click();
  await issued.waitFor({ state: 'detached' });

  await phone.getByRole('button', { name: new RegExp(`^Revoke ${name}`) }).click();
  const confirm = phone.getByRole('alertdialog', { name: `Revoke “${name}”?` });
  await confirm.waitFor();
  const revokeDialog = await widths('alertdialog');
  expect(revokeDialog.holds).toBe(revokeDialog.shows);
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await phone.getByRole('row', { name: new RegExp(name) }).waitFor({ state: 'detached' });
});
