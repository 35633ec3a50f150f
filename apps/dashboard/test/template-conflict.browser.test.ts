import type { APIResponse, BrowserContext, Page } from 'playwright-core';
import { startDashboardRig, sessionRequest, type DashboardRig } from './browser.js';

/**
 * Two people (here one account signed in twice) editing one template: the later save is refused and says so beside
 * Save, instead of silently replacing the earlier one (docs/templates.md#conditional-saves).
 */
let rig: DashboardRig;
let ana: BrowserContext;
let ben: BrowserContext;
const user = { email: 'conflict@example.com', password: 'correct horse battery staple' };

async function call(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<APIResponse> {
  return sessionRequest(ana, rig.stack.baseUrl, { method, path, data });
}

async function templateOf(uid: string): Promise<{ name: string; html: string }> {
  return ((await (await call('GET', `/templates/${uid}`)).json()) as { template: { name: string; html: string } }).template;
}

async function versionCount(uid: string): Promise<number> {
  return ((await (await call('GET', `/templates/${uid}/versions`)).json()) as { versions: unknown[] }).versions.length;
}

async function openEditor(context: BrowserContext, uid: string, name: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(rig.url(`templates/${uid}`));
  await page.getByLabel('Template name').waitFor();
  await expect(page.getByLabel('Template name').inputValue()).resolves.toBe(name);
  return page;
}

async function rename(page: Page, name: string): Promise<void> {
  await page.getByLabel('Template name').fill(name);
  await page.getByRole('button', { name: 'Save template' }).click();
}

beforeAll(async () => {
  rig = await startDashboardRig();
  ana = await rig.newContext();
  const signUp = await ana.request.post(`${rig.stack.baseUrl}/auth/sign-up`, { data: { ...user, name: 'Conflict' } });
  expect(signUp.status()).toBe(201);
  ben = await rig.newContext();
  const signIn = await ben.request.post(`${rig.stack.baseUrl}/auth/sign-in`, { data: user });
  expect(signIn.ok()).toBe(true);
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
});

test('HTML editor: a save over a newer save is refused with who saved when; "Save mine anyway" saves; "Load their version" reloads', async () => {
  const created = await call('POST', '/templates', { name: 'Shared card', html: '<p>{{ title }}</p>', width: 120, height: 60 });
  const uid = ((await created.json()) as { template: { uid: string } }).template.uid;
  const anaPage = await openEditor(ana, uid, 'Shared card');
  const benPage = await openEditor(ben, uid, 'Shared card');

  await rename(anaPage, 'Ana’s name');
  await anaPage.getByText('Saved.').waitFor();
  const versionsAfterAna = await versionCount(uid);

  await rename(benPage, 'Ben’s name');
  const alert = benPage.getByRole('alert').filter({ hasText: 'Someone else saved this template' });
  await alert.waitFor();
  expect(await alert.locator('p').innerText()).toMatch(
    /^Someone else saved this template since you opened it \(conflict@example\.com at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M\)\.$/u,
  );
  // Nothing of Ben's was written: Ana's save stands, and no version was added.
  expect((await templateOf(uid)).name).toBe('Ana’s name');
  expect(await versionCount(uid)).toBe(versionsAfterAna);
  expect(await benPage.getByLabel('Template name').inputValue()).toBe('Ben’s name');

  await alert.getByRole('button', { name: 'Save mine anyway' }).click();
  await benPage.getByText('Saved.').waitFor();
  await alert.waitFor({ state: 'detached' });
  expect((await templateOf(uid)).name).toBe('Ben’s name');
  // Ana's save stays in the history, below Ben's.
  expect(await versionCount(uid)).toBe(versionsAfterAna + 1);

  // Ana's editor still holds the revision she saved: her next save is refused in turn; she takes Ben's instead.
  await rename(anaPage, 'Ana again');
  const anaAlert = anaPage.getByRole('alert').filter({ hasText: 'Someone else saved this template' });
  await anaAlert.getByRole('button', { name: 'Load their version' }).click();
  await anaPage.getByRole('alertdialog').getByRole('button', { name: 'Discard mine and load theirs' }).click();
  await anaAlert.waitFor({ state: 'detached' });
  await expect(anaPage.getByLabel('Template name').inputValue()).resolves.toBe('Ben’s name');
  // Loaded at the current revision: her next save goes through without a conflict.
  await rename(anaPage, 'Ana after loading');
  await anaPage.getByText('Saved.').waitFor();
  expect((await templateOf(uid)).name).toBe('Ana after loading');
}, 180_000);
