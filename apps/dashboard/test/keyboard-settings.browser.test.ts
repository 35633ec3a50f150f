import type { Page } from 'playwright-core';
import { startPageServer } from '../../../deploy/embedded/test/harness.js';
import {
  accessibilityViolations,
  eventually,
  expectFocusOn,
  focusedName,
  signUpInBrowser,
  startDashboardRig,
  type DashboardRig,
} from './browser.js';

// Keyboard only: every field and the submit are reached with Tab in reading order, Enter and Space
// activate, and dialogs keep focus inside until they close, then give it back to what opened them.

let rig: DashboardRig;
let page: Page;
let source: Awaited<ReturnType<typeof startPageServer>>;

beforeAll(async () => {
  rig = await startDashboardRig();
  source = await startPageServer({
    '/data.json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ title: 'Hello' })),
    '/hook': (req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
    },
  });
  page = await (await rig.newContext()).newPage();
  await signUpInBrowser(page, rig, { email: 'keys@example.com', password: 'keyboard passphrase' });
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}, 120_000);

afterAll(async () => {
  await source?.close();
  await rig?.dispose();
});

/** The accessible names focus visits on `count` presses of Tab (Shift+Tab with `back`). */
async function tabs(count: number, back = false): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    names.push(await focusedName(page));
  }
  return names;
}

/** Whether keyboard focus is inside the open dialog (or alert dialog). */
const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')));

test('API keys: create with the keyboard, then rotate and revoke through dialogs that trap and return focus', async () => {
  await page.goto(rig.url('settings/api-keys'));
  const name = page.getByRole('textbox', { name: 'Key name' });
  await name.focus();
  await page.keyboard.type('Keyboard key');
  expect(await tabs(1)).toEqual(['Create key']);
  await page.keyboard.press('Enter');

  const created = page.getByRole('dialog');
  await created.getByRole('textbox', { name: 'API key' }).waitFor();
  expect(await focusInDialog()).toBe(true);
  // Round and round inside the dialog: focus never reaches the page behind it.
  const inside = await tabs(6);
  expect(inside).toEqual(expect.arrayContaining(['Copy', 'Done']));
  expect(await focusInDialog()).toBe(true);
  await created.getByRole('button', { name: 'Done' }).focus();
  await page.keyboard.press('Space');
  await created.waitFor({ state: 'detached' });
  await expectFocusOn(page, 'Create key');

  // The key's buttons name it with when it was created and how it ends (another key may share its name).
  const rotate = page.getByRole('button', { name: /^Rotate Keyboard key \(created .+, ends …\w{4}\)$/ });
  const rotateName = (await rotate.getAttribute('aria-label'))!;
  await rotate.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await confirm.waitFor();
  // The safe choice has focus first; Tab moves to the action and wraps back (trapped).
  await expectFocusOn(page, 'Cancel');
  expect(await tabs(2)).toEqual(['Rotate key', 'Cancel']);
  await page.keyboard.press('Escape');
  await confirm.waitFor({ state: 'detached' });
  await expectFocusOn(page, rotateName);

  await page.keyboard.press('Space');
  await confirm.waitFor();
  await tabs(1);
  await page.keyboard.press('Enter');
  await created.getByRole('textbox', { name: 'API key' }).waitFor();
  // Not copied: Escape asks first (focus on Go back), Escape again goes back, and the close is confirmed by keyboard.
  await page.keyboard.press('Escape');
  await created.getByRole('alert').filter({ hasText: 'Close without copying?' }).waitFor();
  await expectFocusOn(page, 'Go back');
  await page.keyboard.press('Escape');
  await expectFocusOn(page, 'Done');
  await page.keyboard.press('Escape');
  await expectFocusOn(page, 'Go back');
  expect(await tabs(1)).toEqual(['Close without copying']);
  await page.keyboard.press('Enter');
  await created.waitFor({ state: 'detached' });
  // On the new key's Rotate (its secret ends otherwise).
  const rotateNow = page.getByRole('button', { name: /^Rotate Keyboard key/ });
  await eventually(async () => (await rotateNow.getAttribute('aria-label')) !== rotateName, 'the new key listed');
  await expectFocusOn(page, (await rotateNow.getAttribute('aria-label'))!);

  const revoke = page.getByRole('button', { name: 'Revoke Keyboard key' });
  await revoke.focus();
  await page.keyboard.press('Enter');
  await confirm.waitFor();
  expect(await tabs(2)).toEqual(['Revoke key', 'Cancel']);
  await page.keyboard.press('Shift+Tab');
  await expectFocusOn(page, 'Revoke key');
  await page.keyboard.press('Enter');
  await page.getByText('No keys yet.').waitFor();
});

test('webhooks: the create form and the edit dialog in tab order, submitted from the keyboard', async () => {
  await page.goto(rig.url('settings/webhooks'));
  await page.getByLabel('Event', { exact: true }).focus();
  expect(await tabs(5)).toEqual(['Target URL', 'Render type', 'Template', 'Binding', 'Create webhook']);
  expect(await tabs(5, true)).toEqual(['Binding', 'Template', 'Render type', 'Target URL', 'Event']);
  await page.keyboard.press('ArrowDown'); // a native select: the arrows choose the event
  await page.keyboard.press('Tab');
  await page.keyboard.type(source.url('/hook'));
  await page.keyboard.press('Enter');
  const secret = page.getByRole('dialog');
  await secret.getByRole('textbox', { name: 'Signing secret' }).waitFor();
  expect(await focusInDialog()).toBe(true);
  await tabs(5);
  expect(await focusInDialog()).toBe(true);
  await secret.getByRole('button', { name: 'Done' }).focus();
  await page.keyboard.press('Enter');
  await secret.waitFor({ state: 'detached' });
  await expectFocusOn(page, 'Target URL');

  const card = page.getByRole('listitem', { name: /^A render failed to / });
  // The card's buttons name the webhook they act on, as a screen reader hears them among several cards.
  const editName = `Edit A render failed to ${source.url('/hook')}`;
  const edit = card.getByRole('button', { name: editName, exact: true });
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Render type').waitFor();
  await expectFocusOn(page, 'Event');
  expect(await tabs(7)).toEqual(['Target URL', 'Render type', 'Template', 'Binding', 'Cancel', 'Save webhook', 'Event']);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expectFocusOn(page, editName);

  await page.keyboard.press('Space');
  await dialog.getByLabel('Render type').waitFor();
  expect(await tabs(2)).toEqual(['Target URL', 'Render type']);
  await page.keyboard.press('ArrowDown');
  expect(await tabs(4)).toEqual(['Template', 'Binding', 'Cancel', 'Save webhook']);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await card.getByText(/type = image/).waitFor();
  await expectFocusOn(page, editName);
});

test('bindings: the create form in tab order, the data source tested and a value mapped with the keyboard', async () => {
  const created = await page.request.post(`${rig.stack.baseUrl}/templates`, {
    headers: { 'x-csrf-token': (await page.context().cookies()).find((c) => c.name === 'pressroom_csrf')!.value },
    data: { name: 'Keyboard card', html: '<h1>{{ title }}</h1>', width: 200, height: 100 },
  });
  expect(created.ok()).toBe(true);
  await page.goto(rig.url('bindings'));
  const name = page.getByRole('textbox', { name: 'Binding name' });
  await name.focus();
  await page.keyboard.type('Keyboard binding');
  expect(await tabs(2)).toEqual(['Template', 'Data source URL']);
  await page.keyboard.type(source.url('/data.json'));
  expect(await tabs(3)).toEqual(['Source header name (optional)', 'Source header value', 'Test data source']);
  await page.keyboard.press('Enter');
  await page.getByRole('region', { name: 'Fetched JSON' }).waitFor();
  expect(await tabs(2)).toEqual(['Variable to map', 'Map title: "Hello"']);
  await page.keyboard.press('Space');
  expect(await page.getByRole('list', { name: 'Mapping' }).textContent()).toContain('title ← title');
  expect(await tabs(4)).toEqual(['Unmap title', 'Refresh', 'Refresh every (seconds)', 'Create binding']);
  await page.keyboard.press('Enter');
  await page.getByRole('article', { name: 'Keyboard binding' }).waitFor();
  // The form starts afresh with focus on its first field, ready for the next binding.
  await expectFocusOn(page, 'Binding name');
});

test('bindings: deleting one from the keyboard leaves focus on the list’s heading, not the page’s top above the form', async () => {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'pressroom_csrf')!.value;
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`${rig.stack.baseUrl}${path}`, { headers: { 'x-csrf-token': csrf }, data });
    expect(res.ok()).toBe(true);
    return (await res.json()) as Record<string, any>;
  };
  const { template } = await post('/templates', { name: 'Deleted binding card', html: '<h1>{{ title }}</h1>', width: 200, height: 100 });
  for (const name of ['Binding to keep', 'Binding to delete']) {
    await post('/bindings', { name, templateId: template.uid, dataSource: { url: source.url('/data.json') }, mapping: { title: 'title' } });
  }
  await page.goto(rig.url('bindings'));
  const card = page.getByRole('article', { name: 'Binding to delete' });
  await card.getByRole('button', { name: 'Delete Binding to delete', exact: true }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete Binding to delete?' });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: 'Delete binding' }).focus();
  await page.keyboard.press('Enter');
  await card.waitFor({ state: 'detached' });
  // The card's own name went with it: focus is on the list's title, the next Tab into what is left of the list.
  await eventually(
    async () => (await page.evaluate(() => document.activeElement?.tagName)) === 'H2' && (await focusedName(page)) === 'Your bindings',
    'focus on the Your bindings heading',
  );
  await page.keyboard.press('Tab');
  const next = await page.evaluate(() => document.activeElement?.closest('article')?.getAttribute('aria-label'));
  expect(next === 'Binding to keep' || next === 'Keyboard binding').toBe(true);
});

test('bindings: every card button names the binding it acts on, so a list of buttons never reads Delete, Delete', async () => {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'pressroom_csrf')!.value;
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`${rig.stack.baseUrl}${path}`, { headers: { 'x-csrf-token': csrf }, data });
    expect(res.ok()).toBe(true);
    return (await res.json()) as Record<string, any>;
  };
  const { template } = await post('/templates', { name: 'Shop card', html: '<h1>{{ title }}</h1>', width: 200, height: 100 });
  for (const name of ['North shop', 'South shop']) {
    await post('/bindings', { name, templateId: template.uid, dataSource: { url: source.url('/data.json') }, mapping: { title: 'title' } });
  }
  await page.goto(rig.url('bindings'));
  const list = page.getByRole('region', { name: 'Your bindings' });
  await list.getByRole('article', { name: 'South shop' }).waitFor();
  // The names a screen reader's list of buttons gives, as the accessibility tree has them.
  const names = async (scope: typeof list) => {
    const buttons = await scope.getByRole('button').all();
    return Promise.all(buttons.map((b) => b.evaluate((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim())));
  };
  expect(await names(list.getByRole('article', { name: 'North shop' }))).toEqual([
    'Refresh now: North shop',
    'Pause North shop',
    'Edit mapping of North shop',
    'Edit settings of North shop',
    'Delete North shop',
  ]);
  const all = await names(list);
  expect(all.length).toBeGreaterThanOrEqual(10);
  expect(new Set(all).size).toBe(all.length);
  // Found by what they do and to which binding, as a person with a screen reader asks for them.
  await list.getByRole('button', { name: 'Pause South shop', exact: true }).click();
  await list.getByRole('button', { name: 'Resume South shop', exact: true }).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
});
