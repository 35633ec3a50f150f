import type { BrowserContext, Page } from 'playwright-core';
import { startPageServer } from '../../../deploy/embedded/test/harness.js';
import { accessibilityViolations, eventually, sessionRequest, startSignedInRig, type DashboardRig } from './browser.js';

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;
let close: (() => Promise<void>) | undefined;
let source: Awaited<ReturnType<typeof startPageServer>>;
let templateId: string;
let zeta: string;

/** The API as this signed-in browser calls it (session cookie and CSRF header), answering JSON. */
async function callApi<T>(method: 'POST' | 'GET' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const res = await sessionRequest(context, rig.stack.baseUrl, { method, path, data });
  expect(`${method} ${path}: ${res.status()}`).toMatch(/: 20\d$/);
  return (await res.json()) as T;
}

/**
 * A binding made cheaply: refreshed only by hand, and its source answers 404, so its one refresh (at creation) fails
 * at the fetch and renders nothing.
 */
const newBinding = async (name: string) =>
  (
    await callApi<{ binding: { uid: string } }>('POST', '/bindings', {
      name,
      templateId,
      dataSource: { url: source.url('/gone.json') },
      mapping: { title: 'title' },
      refreshPolicy: { type: 'manual' },
    })
  ).binding.uid;

beforeAll(async () => {
  // Over a hundred bindings made in seconds: a plan whose request limits this cannot reach.
  ({ rig, context, page, close } = await startSignedInRig({ email: 'many-bindings-picker@example.com', plan: 'business' }));
  source = await startPageServer({ '/gone.json': (_req, res) => res.writeHead(404).end() });
  templateId = (
    await callApi<{ template: { uid: string } }>('POST', '/templates', {
      name: 'Feed card',
      html: '<h1>{{ title }}</h1>',
      width: 200,
      height: 100,
    })
  ).template.uid;
  // The oldest: the list's first page, the 100 newest, ends before it.
  zeta = await newBinding('Zeta feed');
  for (let start = 0; start < 101; start += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, 101 - start) }, (_, i) => newBinding(`Feed ${String(start + i).padStart(3, '0')}`)),
    );
  }
}, 180_000);

afterAll(async () => {
  await source?.close();
  await close?.();
});

test('the webhook Binding filter finds a binding past the first 100 by typing; the card and Edit name it; a deleted one is said so', async () => {
  await page.goto(rig.url('settings/webhooks'));
  const form = page.getByRole('form', { name: 'Create a webhook' });
  const find = form.getByRole('searchbox', { name: 'Find a binding by name' });
  const choice = form.getByRole('combobox', { name: 'Binding', exact: true });
  // The 100 newest are listed (by name), not the oldest, "Zeta feed".
  await form.getByText('102 bindings: the 100 newest are below; type part of a name to find another.').waitFor();
  const options = await choice.locator('option').allTextContents();
  expect([options.length, options[0], options.includes('Zeta feed')]).toEqual([101, 'Any binding', false]);
  // Part of its name, in any case: the API's matches.
  await find.fill('ZETA');
  await form.getByText('1 of 102 bindings match: choose one in Binding below.').waitFor();
  expect(await choice.locator('option').allTextContents()).toEqual(['Any binding', 'Zeta feed']);
  // Enter in the box searches at once; it does not create the webhook.
  await find.press('Enter');
  await choice.selectOption({ label: 'Zeta feed' });
  expect(await choice.inputValue()).toBe(zeta);
  expect(await accessibilityViolations(page)).toEqual([]);
  // The box emptied, the first page is back, and the chosen one stays chosen before it.
  await find.fill('');
  await form.getByText(/^102 bindings: the 100 newest/).waitFor();
  const shown = await choice.locator('option').allTextContents();
  expect([shown.length, shown[0], shown[1], shown[2]]).toEqual([102, 'Any binding', 'Zeta feed', expect.stringMatching(/^Feed \d{3}$/)]);
  expect(await choice.locator('option:checked').textContent()).toBe('Zeta feed');

  await form.getByRole('textbox', { name: 'Target URL' }).fill(source.url('/hook'));
  await form.getByRole('button', { name: 'Create webhook' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Webhook signing secret' });
  // Done closes it (a click outside or Escape would ask first, the secret not copied).
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await secretDialog.waitFor({ state: 'detached' });

  // Saved with its uid; the card names it (read by id: it is on no first page).
  const { subscriptions } = await callApi<{ subscriptions: { uid: string; filters: { bindingId?: string } | null }[] }>(
    'GET',
    '/webhook-subscriptions',
  );
  expect(subscriptions.map((s) => s.filters?.bindingId)).toEqual([zeta]);
  const cards = page.getByRole('listitem').filter({ hasText: 'Filters:' });
  await cards.filter({ hasText: 'binding = Zeta feed' }).waitFor();
  expect(await cards.first().textContent()).not.toContain(zeta);

  // The Edit dialog chooses it by its name.
  await cards.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog');
  const edited = dialog.getByRole('combobox', { name: 'Binding', exact: true });
  await eventually(async () => (await edited.locator('option:checked').textContent()) === 'Zeta feed', 'the saved binding named');
  expect(await edited.inputValue()).toBe(zeta);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });

  // Deleted since: the card shows its id, and Edit keeps it chosen, said not to be in the workspace (not dropped unseen).
  await callApi('DELETE', `/bindings/${zeta}`);
  await page.reload();
  await cards.filter({ hasText: `binding = ${zeta}` }).waitFor();
  await cards.getByRole('button', { name: /^Edit / }).click();
  await eventually(
    async () => (await edited.locator('option:checked').textContent()) === `${zeta} (not in this workspace's list)`,
    'the deleted binding said so',
  );
  expect(await edited.inputValue()).toBe(zeta);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
