import type { BrowserContext, Page } from 'playwright-core';
import { pngOf } from '@pressroom/testing/pixel-diff';
import { startPageServer } from '../../../deploy/embedded/test/harness.js';
import { accessibilityViolations, sessionRequest, startSignedInRig, type DashboardRig } from './browser.js';

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;
let close: (() => Promise<void>) | undefined;
let source: Awaited<ReturnType<typeof startPageServer>>;
let last: string;

/** The API as this signed-in browser calls it (session cookie and CSRF header), answering JSON. */
async function callApi<T>(method: 'POST' | 'GET', path: string, data?: unknown): Promise<T> {
  const res = await sessionRequest(context, rig.stack.baseUrl, { method, path, data });
  expect(`${method} ${path}: ${res.status()}`).toMatch(/: 20\d$/);
  return (await res.json()) as T;
}

const newTemplate = async (name: string) =>
  (await callApi<{ template: { uid: string } }>('POST', '/templates', { name, html: '<h1>{{ title }}</h1>', width: 200, height: 100 }))
    .template.uid;

beforeAll(async () => {
  // Over a hundred templates made in seconds: a plan whose request limits this cannot reach.
  ({ rig, context, page, close } = await startSignedInRig({ email: 'many-template-pickers@example.com', plan: 'business' }));
  source = await startPageServer({
    '/data.json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ title: 'Hi' })),
  });
  // 101 templates before it by name: a list of the first 100 by name ends before "Zeta card".
  for (let start = 0; start < 101; start += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, 101 - start) }, (_, i) => newTemplate(`Card ${String(start + i).padStart(3, '0')}`)),
    );
  }
  last = await newTemplate('Zeta card');
  // Past the first page too: a name with `%` and `_`, and two that a search taking them as wildcards would also find.
  for (const name of ['Zz 100%_off', 'Zz 1000 off', 'Zz 100 off']) await newTemplate(name);
}, 180_000);

afterAll(async () => {
  await source?.close();
  await close?.();
});

test('the binding form chooses the template sorted last among over a hundred, and the card names it', async () => {
  await page.goto(rig.url('bindings'));
  await page.getByRole('textbox', { name: 'Binding name' }).fill('Binding of the last template');
  // A list this long shows its first 100 by name, and a box to find any template by name: the API answers the names
  // holding what is typed, and the list keeps the one chosen (the first).
  const find = page.getByRole('searchbox', { name: 'Find a template by name' });
  await page.getByText('105 templates: the first 100 by name are below; type part of a name to find another.').waitFor();
  const choice = page.getByRole('combobox', { name: 'Template' });
  const options = await choice.locator('option').allTextContents();
  expect([options.length, options[0], options[99]]).toEqual([100, 'Card 000', 'Card 099']);
  await find.fill('zeta');
  await page.getByText('1 of 105 templates match: choose one in Template below.').waitFor();
  expect(await choice.locator('option').allTextContents()).toEqual(['Card 000', 'Zeta card']);
  // Enter in the box narrows; it does not submit the form.
  await find.press('Enter');
  await choice.selectOption({ label: 'Zeta card' });
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: 'Data source URL' }).fill(source.url('/data.json'));
  await page.getByRole('button', { name: 'Test data source' }).click();
  await page.getByRole('region', { name: 'Fetched JSON' }).waitFor();
  await page.getByRole('combobox', { name: 'Variable to map' }).selectOption('title');
  await page.getByRole('button', { name: 'Map title: "Hi"' }).click();
  await page.getByRole('button', { name: 'Create binding' }).click();
  const card = page.getByRole('article', { name: 'Binding of the last template' });
  const link = card.getByRole('link', { name: 'Zeta card' });
  await link.waitFor();
  expect(await link.getAttribute('href')).toContain(`/templates/${last}`);
  // Its name, not its uid.
  expect(await card.textContent()).not.toContain(last);
});

test('the Batches page chooses the template sorted last among over a hundred; the batch and the Renders list name it', async () => {
  await page.goto(rig.url('batches'));
  await page.getByRole('searchbox', { name: 'Find a template by name' }).fill('ZETA');
  await page.getByText('1 of 105 templates match: choose one in Template below.').waitFor();
  await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Zeta card' });
  await page.getByRole('textbox', { name: /^Rows/ }).fill('title\nFrom the last template\n');
  await page.getByText('Checked: every row has values the template takes.').waitFor();
  await page.getByRole('button', { name: 'Start batch' }).click();
  await page.waitForURL(/\/batches\/bat_\w+$/);
  await page.getByRole('heading', { name: /^Batch of Zeta card · /, level: 1 }).waitFor();
  await page.getByText(/Completed: 1 of 1 done, 0 failed/).waitFor({ timeout: 30_000 });

  // Its render in the Renders list is named by its template, linked to its editor, not by the template's uid.
  await page.goto(rig.url('renders'));
  const table = page.getByRole('table', { name: 'Renders, newest first' });
  const named = table.getByRole('link', { name: 'Zeta card' }).first();
  await named.waitFor();
  expect(await named.getAttribute('href')).toContain(`/templates/${last}`);
  expect(await table.textContent()).not.toContain(last);
});

test('a template past the first page is found by part of its name, `%` and `_` taken as typed, and stays chosen', async () => {
  await page.goto(rig.url('batches'));
  const find = page.getByRole('searchbox', { name: 'Find a template by name' });
  const choice = page.getByRole('combobox', { name: 'Template' });
  await page.getByText(/^105 templates: the first 100/).waitFor();
  expect(await choice.locator('option').allTextContents()).not.toContain('Zz 100%_off');
  // "0%_" as wildcards would also find "Zz 1000 off" and "Zz 100 off".
  await find.fill('0%_');
  await page.getByText('1 of 105 templates match: choose one in Template below.').waitFor();
  expect(await choice.locator('option').allTextContents()).toEqual(['Card 000', 'Zz 100%_off']);
  await choice.selectOption({ label: 'Zz 100%_off' });
  expect(await accessibilityViolations(page)).toEqual([]);
  // Read whole once chosen (its variables): rows are checked against it.
  await page.getByRole('textbox', { name: /^Rows/ }).fill('title\nHalf off\n');
  await page.getByText('Checked: every row has values the template takes.').waitFor();
  // The box cleared, the first page is back and the chosen one stays in the list, chosen, before it.
  await find.fill('');
  await page.getByText(/^105 templates: the first 100/).waitFor();
  const shown = await choice.locator('option').allTextContents();
  expect([shown.length, shown[0], shown[1]]).toEqual([101, 'Zz 100%_off', 'Card 000']);
  expect(await choice.locator('option:checked').textContent()).toBe('Zz 100%_off');
  // Enter searches at once and does not start the batch.
  await find.fill('zz 100');
  await find.press('Enter');
  await page.getByText('3 of 105 templates match: choose one in Template below.').waitFor();
  expect(page.url()).toMatch(/\/batches$/);
});

test('the gallery search by name asks the API: `%` and `_` as typed, the matches paged as the list is', async () => {
  await page.goto(rig.url('templates'));
  const gallery = page.getByRole('list', { name: 'Templates' });
  const search = page.getByRole('searchbox', { name: 'Search by name' });
  // Newest first, the whole list shows the look-alikes on its first page; the search's answer does not.
  await gallery.getByRole('link', { name: 'Zz 1000 off' }).waitFor();
  await search.fill('0%_');
  await gallery.getByRole('link', { name: 'Zz 1000 off' }).waitFor({ state: 'detached' });
  await gallery.getByRole('link', { name: 'Zz 100%_off' }).waitFor();
  expect(await gallery.getByRole('link').allTextContents()).toEqual(['Zz 100%_off']);
  // The 100 cards "Card 000"…"Card 099" by name: pages of 24 of the matches only, the last holding 4 (of the whole list, 9).
  await page.getByRole('combobox', { name: 'Sort' }).selectOption('name');
  await search.fill('card 0');
  await gallery.getByRole('link', { name: 'Zz 100%_off' }).waitFor({ state: 'detached' });
  await page.getByText('Page 1 of 5').waitFor();
  for (let shown = 2; shown <= 5; shown++) {
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText(`Page ${shown} of 5`).waitFor();
  }
  expect(await gallery.getByRole('link').allTextContents()).toEqual(['Card 096', 'Card 097', 'Card 098', 'Card 099']);
});

test('the Assets page lists every asset of a library past 100, the first uploaded too', async () => {
  // 101 small PNGs, each its own colour (its own bytes), uploaded as the page uploads them: the raw file, named by query.
  for (let start = 0; start < 101; start += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, 101 - start) }, async (_, i) => {
        const n = start + i;
        const png = await pngOf({ width: 1, height: 1, channels: 3, data: Uint8Array.from([n, 255 - n, 7]) });
        const res = await sessionRequest(context, rig.stack.baseUrl, {
          method: 'POST',
          path: `/assets?name=${encodeURIComponent(`asset ${String(n).padStart(3, '0')}.png`)}`,
          data: png,
        });
        expect(`upload ${n}: ${res.status()}`).toMatch(/: 20\d$/);
      }),
    );
  }
  await page.goto(rig.url('assets'));
  // Newest first: a list of the newest 100 left out the first uploaded while the meter counted 101.
  await page.getByText(/^101 of [\d,]+ assets$/).waitFor();
  await page.getByText('asset 000.png', { exact: true }).waitFor();
  await page.getByText('asset 100.png', { exact: true }).waitFor();
}, 180_000);
