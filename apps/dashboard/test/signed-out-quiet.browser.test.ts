import type { BrowserContext, Page } from 'playwright-core';
import { sessionRequest, signUpInBrowser, startDashboardRig, watchConsoleProblems, type DashboardRig } from './browser.js';

// The signed-out pages ask GET /auth/session?ifNone=empty and get a 200 {signedIn: false} (ADR 0076), not a 401:
// opening the dashboard, an invitation link or the sign-up and password pages signed out leaves no failed request
// and no error in the browser's console.

let rig: DashboardRig;
let inviteToken: string;

beforeAll(async () => {
  rig = await startDashboardRig();
  const owner = await rig.newContext();
  const page = await owner.newPage();
  await signUpInBrowser(page, rig, { email: 'quiet-owner@example.com', password: 'quiet owner passphrase' });
  await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 30_000 });
  const team = await sessionRequest(owner, rig.stack.baseUrl, { method: 'POST', path: '/teams', data: { name: 'Quiet Desk' } });
  const { id } = (await team.json()) as { id: string };
  const invite = await sessionRequest(owner, rig.stack.baseUrl, { method: 'POST', path: `/teams/${id}/invites`, data: { role: 'member' } });
  expect(invite.status()).toBe(201);
  inviteToken = ((await invite.json()) as { token: string }).token;
}, 120_000);

afterAll(() => rig?.dispose());

/** Opens `path` in a signed-out browser, waits for `shown`, and gives the session lookups' answers and the problems seen. */
async function visit(context: BrowserContext, path: string, shown: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const lookups: Promise<{ status: number; body: unknown }>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname !== '/auth/session') return;
    lookups.push(response.json().then((body: unknown) => ({ status: response.status(), body })));
  });
  const stop = watchConsoleProblems(page);
  await page.goto(rig.url(path));
  await shown(page);
  const problems = await stop();
  const answers = await Promise.all(lookups);
  await page.close();
  return { problems, lookups: answers };
}

const signInForm = (page: Page) => page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 30_000 });

test('the dashboard and an invitation link, opened signed out, go to sign-in without a failed request', async () => {
  const context = await rig.newContext();
  const home = await visit(context, '', async (page) => {
    await signInForm(page);
    expect(new URL(page.url()).pathname).toBe('/app/sign-in');
  });
  expect(home.problems).toEqual([]);
  expect(home.lookups).toEqual([{ status: 200, body: { signedIn: false } }]);

  const invitation = await visit(context, `invite/${inviteToken}`, async (page) => {
    await page.getByText('You are invited to join Quiet Desk as member.').waitFor({ timeout: 30_000 });
    await signInForm(page);
  });
  expect(invitation.problems).toEqual([]);
  expect(invitation.lookups).toEqual([{ status: 200, body: { signedIn: false } }]);
});

test('the sign-in, sign-up and forgotten-password pages opened directly log no problem', async () => {
  const context = await rig.newContext();
  for (const [path, shown] of [
    ['sign-in', signInForm],
    ['sign-up', (page: Page) => page.getByRole('heading', { name: 'Sign up' }).waitFor({ timeout: 30_000 })],
    ['forgot-password', (page: Page) => page.getByRole('heading', { name: 'Reset your password' }).waitFor({ timeout: 30_000 })],
  ] as const) {
    const { problems } = await visit(context, path, shown);
    expect({ path, problems }).toEqual({ path, problems: [] });
  }
});

test('a session cookie the server no longer knows is "not signed in" too: sign-in says the session ended, quietly', async () => {
  const context = await rig.newContext();
  await context.addCookies([
    { name: 'pressroom_session', value: 'signed-out-elsewhere', url: rig.origin },
    { name: 'pressroom_csrf', value: 'left-behind', url: rig.origin },
  ]);
  const { problems, lookups } = await visit(context, 'settings/account', (page) =>
    page.getByText('Your session ended. Sign in again to continue.').waitFor({ timeout: 30_000 }),
  );
  expect(problems).toEqual([]);
  expect(lookups).toEqual([{ status: 200, body: { signedIn: false } }]);
});
