import type { Page } from 'playwright-core';
import { startSmtpServer, type TestSmtpServer } from '@pressroom/testing/smtp-server';
import { accessibilityViolations, eventually, signUpInBrowser, startDashboardRig, type DashboardRig } from './browser.js';

// An invitation by email, end to end: the admin invites in the browser, Pressroom mails it through a
// real SMTP server, and the invitee follows the mailed link in a browser of their own.

let rig: DashboardRig;
let smtp: TestSmtpServer;
let admin: Page;

beforeAll(async () => {
  smtp = await startSmtpServer();
  rig = await startDashboardRig({
    // Mailed links carry Pressroom's public address: the browsers use it too.
    atPublicAddress: true,
    dashboard: { signupMode: 'invite', smtp: { url: smtp.url, from: 'Pressroom <pressroom@test.local>' } },
  });
  admin = await (await rig.newContext()).newPage();
  await signUpInBrowser(admin, rig, { email: 'editor@example.com', password: 'editor in chief passphrase' });
  await admin.getByRole('heading', { name: 'Overview' }).waitFor();
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
  await smtp?.close();
});

test('an admin invites by email; the invitee opens the mailed link in a fresh browser, signs up and works in the team', async () => {
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
  await admin.getByRole('textbox', { name: 'Team name' }).fill('Features desk');
  await admin.getByRole('textbox', { name: 'Team name' }).press('Enter');
  await admin.getByRole('heading', { name: /Features desk \(you are owner\)/ }).waitFor();

  // This instance sends mail: the hint says the link is mailed.
  await admin.getByText('With an email, only that person can use the link, and it is mailed to them.', { exact: false }).waitFor();
  await admin.getByRole('textbox', { name: 'Email (optional)' }).fill('columnist@example.com');
  await admin.getByRole('button', { name: 'Create invitation' }).click();
  await admin.getByRole('status').filter({ hasText: 'Invitation emailed to columnist@example.com (member), valid 7 days.' }).waitFor();
  // The link is still there to copy, in case the mail does not arrive.
  await admin
    .getByRole('group', {
      name: 'Invitation emailed to columnist@example.com (member), valid 7 days. The same link, in case the mail does not arrive',
    })
    .getByRole('button', { name: 'Copy link' })
    .waitFor();
  expect(await accessibilityViolations(admin)).toEqual([]);

  // The mail as the SMTP server received it.
  expect(smtp.mails).toHaveLength(1);
  const mail = smtp.mails[0]!;
  expect(mail.to).toEqual(['columnist@example.com']);
  expect(mail.raw).toMatch(/Subject: You are invited to the team Features desk on Pressroom/);
  // Who invites (no name given at sign-up: the email), as what, and for how long.
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/\r\n/g, '\n');
  expect(body).toContain('editor@example.com invited you to join the team "Features desk" on Pressroom as a member.');
  expect(body).toMatch(/It works once, for 7 days \(until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\):/);
  const link = smtp.linksIn(mail).find((url) => url.includes('/app/invite/'));
  expect(link).toBeDefined();

  // Someone else's browser: no session, so the link leads through sign-in to sign-up (invite-only
  // instance: the link's token is what lets them in).
  const invitee = await (await rig.newContext()).newPage();
  await invitee.goto(link!);
  await invitee.getByRole('heading', { name: 'Sign in' }).waitFor();
  await invitee.getByRole('link', { name: 'Sign up' }).click();
  await invitee.getByRole('heading', { name: 'Sign up' }).waitFor();
  expect(await accessibilityViolations(invitee)).toEqual([]);
  // The invitation names the address: the form starts with it.
  await invitee.getByText('The invitation is for columnist@example.com: use that email address.').waitFor();
  await eventually(
    async () => (await invitee.getByRole('textbox', { name: 'Email' }).inputValue()) === 'columnist@example.com',
    'the email prefilled',
  );
  await invitee.getByLabel('Password', { exact: true }).fill('columnist passphrase');
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await invitee.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
  await invitee.getByRole('heading', { name: /Features desk \(you are member\)/ }).waitFor();
  await invitee.getByRole('status').filter({ hasText: 'You joined Features desk as member.' }).waitFor();

  // The team workspace: switch to it and the overview says where they work.
  await invitee.getByLabel('Workspace').selectOption({ label: 'Features desk' });
  await invitee.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
  const where = await invitee
    .getByRole('main')
    .getByText(/Signed in as/)
    .textContent();
  expect(where).toContain('columnist@example.com');
  expect(where).toMatch(/working in Features desk \(team, member\)/);

  // The admin sees the new member.
  await admin.reload();
  await admin.getByRole('row', { name: /columnist@example.com/ }).waitFor();
});
