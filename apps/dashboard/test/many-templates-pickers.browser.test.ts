import type { BrowserContext, Page } from 'playwright-core';
import { completeRender, getRenderById, insertUnchargedRender } from '@pressroom/db';
import { pngOf } from '@pressroom/testing/pixel-diff';
import { startPageServer } from '../../../deploy/embedded/test/harness.js';
import { accessibilityViolations, eventually, sessionRequest, startSignedInRig, type DashboardRig } from './browser.js';

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;
let close: (() => Promise<void>) | undefined;
let source: Awaited<ReturnType<typeof startPageServer>>;
let last: string;

/** The API as this signed-in browser calls it (session cookie and CSRF header), answering JSON. */
async function callApi<T>(method: 'POST' | 'GET' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const res = await sessionRequest(context, rig.stack.baseUrl, { method, path, data });
  expect(`${method} ${path}: ${res.status()}`).toMatch(/: 20\d$/);
  return (await res.json()) as T;
}

const newTemplate = async (name: string) =>
  (await callApi<{ template: { uid: string } }>('POST', '/templates', { name, html: '<h1>{{ title }}</h1>', width: 200, height: 100 }))
    .template.uid;

/** A template's uid by its name (one of the 100 first by name). */
const findTemplate = async (name: string) =>
  (await callApi<{ templates: { uid: string; name: string }[] }>('GET', `/templates?search=${encodeURIComponent(name)}`)).templates.find(
    (t) => t.name === name,
  )!;

/** A 160×90 scene of one second: a video template to choose (none is rendered). */
const SCENE = `import { AbsoluteFill } from 'remotion';

export const meta = { width: 160, height: 90, fps: 10, durationInFrames: 10 };

export default function Scene() {
  return <AbsoluteFill style={{ backgroundColor: '#2563eb' }} />;
}
`;

let reel: string | undefined;
/** The one video template, "Zeta reel" (made by the first test that needs it). */
const zetaReel = async () =>
  (reel ??= (await callApi<{ template: { uid: string } }>('POST', '/video/templates', { name: 'Zeta reel', tsx: SCENE })).template.uid);

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
  // The count is a polite live region, read out as it changes while focus stays in the box.
  expect(await page.getByText('1 of 105 templates match: choose one in Template below.').getAttribute('aria-live')).toBe('polite');
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

/**
 * A finished render of `templateId`, stored as a row for the owner of `like` (a real render): the Renders filter only
 * needs renders to list, and a video one would take a video service and minutes of CPU.
 */
async function storeRender(like: string, id: string, kind: 'image' | 'video', templateId: string): Promise<void> {
  const { ownerId, accountId } = (await getRenderById(rig.stack.db, like))!;
  const size = { width: 160, height: 90 };
  const format = kind === 'video' ? 'mp4' : 'png';
  await insertUnchargedRender(rig.stack.db, { id, ownerId, accountId, kind, origin: 'template', templateId, format, ...size });
  await completeRender(rig.stack.db, {
    id,
    url: `${rig.stack.baseUrl}/files/renders/${id}.${format}`,
    storageKey: `renders/${id}.${format}`,
    contentType: kind === 'video' ? 'video/mp4' : 'image/png',
    ...size,
    completedAt: new Date(),
  });
}

test("the Renders page's Template filter finds a template past the first 100 by part of its name, video ones too, and names one from the address", async () => {
  // A real render of the last template by name, and stored ones of the first, of a video template and of one deleted.
  const zetaRender = (await callApi<{ id: string }>('POST', '/pdf/render', { templateUid: last, variables: { title: 'Z' } })).id;
  const stamp = Date.now();
  const firstRender = `img_first${stamp}`;
  await storeRender(zetaRender, firstRender, 'image', (await findTemplate('Card 000')).uid);
  const reelRender = `vid_reel${stamp}`;
  await storeRender(zetaRender, reelRender, 'video', await zetaReel());
  const doomed = await newTemplate('Doomed poster');
  const doomedRender = `img_doomed${stamp}`;
  await storeRender(zetaRender, doomedRender, 'image', doomed);
  await callApi('DELETE', `/templates/${doomed}`);

  await page.goto(rig.url('renders'));
  const table = page.getByRole('table', { name: 'Renders, newest first' });
  const ids = () => table.getByRole('link', { name: /^(img|pdf|vid)_/ }).allTextContents();
  await table.getByRole('link', { name: zetaRender, exact: true }).waitFor();
  // 105 image templates and one video template: the first 100 by name and the video one are listed, not "Zeta card".
  const find = page.getByRole('searchbox', { name: 'Find a template by name' });
  const choice = page.getByRole('combobox', { name: 'Template' });
  await page.getByText('106 templates: the first 101 are below; type part of a name to find another.').waitFor();
  const options = await choice.locator('option').allTextContents();
  expect([options.length, options[0], options[1], options[100], options[101]]).toEqual([
    102,
    'All templates',
    'Card 000',
    'Card 099',
    'Zeta reel (video)',
  ]);
  // Part of a name, in any case: the API's matches of both kinds.
  await find.fill('ZETA');
  await page.getByText('2 of 106 templates match: choose one in Template below.').waitFor();
  expect(await choice.locator('option').allTextContents()).toEqual(['All templates', 'Zeta card', 'Zeta reel (video)']);
  await choice.selectOption({ label: 'Zeta card' });
  await page.waitForURL(new RegExp(`templateUid=${last}$`));
  await eventually(async () => (await ids()).includes(zetaRender) && !(await ids()).includes(firstRender), "only Zeta card's renders");
  expect(await accessibilityViolations(page)).toEqual([]);

  // From the address (a reload, a shared link): the template past the first page is read by id to name it.
  await page.reload();
  // The list first (until it is read the choice is named by its renders, and the select holds nothing else yet).
  await page.getByText('106 templates: the first 101 are below; type part of a name to find another.').waitFor();
  await eventually(async () => (await choice.locator('option:checked').textContent()) === 'Zeta card', 'the template named');
  expect((await choice.locator('option').allTextContents()).slice(0, 3)).toEqual(['All templates', 'Zeta card', 'Card 000']);
  await eventually(async () => (await ids()).includes(zetaRender) && !(await ids()).includes(firstRender), "still only Zeta card's");

  // A video template is chosen the same way; the list holds its video render only.
  await find.fill('reel');
  await page.getByText('1 of 106 templates match: choose one in Template below.').waitFor();
  await choice.selectOption({ label: 'Zeta reel (video)' });
  await eventually(async () => (await ids()).join() === reelRender, "only Zeta reel's render");

  // A deleted template's uid in the address still filters, said deleted (no name is left to show).
  await page.goto(rig.url(`renders?templateUid=${doomed}`));
  await eventually(async () => (await choice.locator('option:checked').textContent()) === `${doomed} (deleted)`, 'said deleted');
  await eventually(async () => (await ids()).join() === doomedRender, "only the deleted template's render");
  // "All templates" lists every render again.
  await choice.selectOption({ label: 'All templates' });
  await eventually(async () => (await ids()).includes(firstRender) && (await ids()).includes(zetaRender), 'every render');
});

test('the webhook Template filter finds a template past the first 100; a saved one is read by id to name it, a deleted one said so', async () => {
  const reelUid = await zetaReel();
  const gone = await newTemplate('Gone card');
  await callApi('DELETE', `/templates/${gone}`);
  const hook = async (templateId: string) =>
    (
      await callApi<{ subscription: { uid: string } }>('POST', '/webhook-subscriptions', {
        event: 'render.completed',
        targetUrl: source.url('/hook'),
        filters: { templateId },
      })
    ).subscription.uid;
  const saved = await hook(last);
  const orphan = await hook(gone);

  await page.goto(rig.url('settings/webhooks'));
  // The create form: part of a name finds the templates of both kinds past the first page.
  const form = page.getByRole('form', { name: 'Create a webhook' });
  const find = form.getByRole('searchbox', { name: 'Find a template by name' });
  const choice = form.getByRole('combobox', { name: 'Template', exact: true });
  await form.getByText('106 templates: the first 101 are below; type part of a name to find another.').waitFor();
  expect(await choice.locator('option').allTextContents()).not.toContain('Zeta card');
  await find.fill('zeta');
  await form.getByText('2 of 106 templates match: choose one in Template below.').waitFor();
  expect(await choice.locator('option').allTextContents()).toEqual(['Any template', 'Zeta card', 'Zeta reel (video)']);
  await choice.selectOption({ label: 'Zeta card' });
  expect(await choice.inputValue()).toBe(last);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The saved filters: each card names its template as read by id; a deleted one by its id.
  const cards = page.getByRole('listitem').filter({ hasText: 'Filters:' });
  await cards.filter({ hasText: 'template = Zeta card' }).waitFor();
  await cards.filter({ hasText: `template = ${gone}` }).waitFor();
  expect(await cards.count()).toBe(2);

  // Editing one: the saved template past the first page is chosen by its name; another is found and saved.
  const zetaCard = cards.filter({ hasText: 'template = Zeta card' });
  await zetaCard.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog');
  const edited = dialog.getByRole('combobox', { name: 'Template', exact: true });
  await eventually(async () => (await edited.locator('option:checked').textContent()) === 'Zeta card', 'the saved template named');
  expect(await edited.inputValue()).toBe(last);
  await dialog.getByRole('searchbox', { name: 'Find a template by name' }).fill('reel');
  await dialog.getByText('1 of 106 templates match: choose one in Template below.').waitFor();
  await edited.selectOption({ label: 'Zeta reel (video)' });
  await dialog.getByRole('button', { name: 'Save webhook' }).click();
  await dialog.waitFor({ state: 'detached' });
  await cards.filter({ hasText: 'template = Zeta reel (video)' }).waitFor();
  const stored = await callApi<{ subscription: { filters: { templateId?: string } } }>('GET', `/webhook-subscriptions/${saved}`);
  expect(stored.subscription.filters.templateId).toBe(reelUid);

  // The deleted template's filter stays chosen in the edit dialog, said not to be in the workspace, not dropped unseen.
  await cards
    .filter({ hasText: `template = ${gone}` })
    .getByRole('button', { name: /^Edit / })
    .click();
  await eventually(
    async () => (await edited.locator('option:checked').textContent()) === `${gone} (not in this workspace's list)`,
    'the deleted template said so',
  );
  expect(await edited.inputValue()).toBe(gone);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await callApi('DELETE', `/webhook-subscriptions/${orphan}`);
  await callApi('DELETE', `/webhook-subscriptions/${saved}`);
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
