import type { BrowserContext, Page } from 'playwright-core';
import { decode, startPageServer } from '../../../deploy/embedded/test/harness.js';
import {
  accessibilityViolations,
  eventually,
  near,
  PHONE,
  screenshot,
  startSignedInRig,
  waitForPixel,
  type DashboardRig,
} from './browser.js';

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;
let close: (() => Promise<void>) | undefined;
let source: Awaited<ReturnType<typeof startPageServer>>;

beforeAll(async () => {
  // The first account on a fresh instance; the session cookie then rides on every page and API call.
  // This suite clicks through six pages in seconds, faster than a person, and also calls the API with keys (which
  // the free plan allows 60 a minute): it runs on a plan whose limits it cannot reach.
  ({ rig, context, page, close } = await startSignedInRig({ email: 'editor@example.com', name: 'Editor', plan: 'business' }));
  source = await startPageServer({
    '/weather.json': (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ city: { name: 'Lyon', colour: '#ff0000' }, temps: [21, 19] })),
  });
}, 120_000);

afterAll(async () => {
  await source?.close();
  await close?.();
});

test('bindings and batches before any template: each form says a template comes first and links to where to make one', async () => {
  await page.goto(rig.url('batches'));
  await page.getByText('No image templates yet: a batch renders one per row.', { exact: false }).waitFor();
  expect(await page.getByRole('combobox', { name: 'Template' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Start batch' }).isDisabled()).toBe(true);
  await page.goto(rig.url('bindings'));
  await page.getByText('No image templates yet: a binding renders one.', { exact: false }).waitFor();
  expect(await page.getByRole('combobox', { name: 'Template' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Create binding' }).isDisabled()).toBe(true);
  await page.getByRole('region', { name: 'New binding' }).getByRole('link', { name: 'Starter gallery' }).click();
  await page.getByRole('heading', { name: 'Starter gallery', level: 1 }).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('templates: write HTML with a live preview rendered by Pressroom, variables, layouts, save, duplicate, delete, use via API', async () => {
  await page.goto(rig.url('templates'));
  await page.getByRole('link', { name: 'New template' }).click();
  const editor = page.getByRole('textbox', { name: 'HTML' });
  await editor.waitFor();
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('<body style="margin:0;background:{{ background }}"><h1>{{ title }}</h1></body>');
  // Variables found in the HTML become inputs; a definition types `background` as a colour.
  await page.getByRole('button', { name: 'Add definition' }).click();
  await page.getByRole('group', { name: 'Definition 1' }).getByRole('textbox', { name: 'Name' }).fill('background');
  await page.getByRole('group', { name: 'Definition 1' }).getByRole('combobox', { name: 'Type' }).selectOption('color');
  await page.getByLabel('background · colour').fill('#00ff00');
  await page.getByRole('textbox', { name: /^title/ }).fill('Hello');
  await waitForPixel(page, 'Live preview', [0, 255, 0]);
  await page.getByLabel('background · colour').fill('#0000ff');
  await waitForPixel(page, 'Live preview', [0, 0, 255]);

  await page.getByRole('textbox', { name: 'Template name' }).fill('Launch card');
  await page.getByRole('checkbox', { name: /Strict mode/ }).check();
  await page.getByRole('button', { name: 'Create template' }).click();
  await page.waitForURL(/\/app\/templates\/tpl_/);
  const uid = page.url().split('/').pop()!;

  await page.getByRole('textbox', { name: 'Layout key' }).fill('square');
  await page.getByRole('spinbutton', { name: 'Layout width' }).fill('300');
  await page.getByRole('spinbutton', { name: 'Layout height' }).fill('300');
  await page.getByRole('button', { name: 'Add layout' }).click();
  await page.getByText('Rendered by Pressroom at 300×300; previews are free.').waitFor();
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.').waitFor();
  expect(await page.getByRole('region', { name: 'Use via API' }).textContent()).toContain(`/r/${uid}.png?token=`);
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'template-editor');

  await page.getByRole('button', { name: 'Duplicate' }).click();
  await page.getByRole('heading', { name: 'Edit Launch card (copy)' }).waitFor();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('button', { name: 'Delete for good' }).click();
  await page.waitForURL(/\/app\/templates$/);

  await page.getByRole('link', { name: 'Launch card' }).waitFor();
  expect(await page.getByRole('link', { name: 'Launch card (copy)' }).count()).toBe(0);
  // Never rendered, its card shows the last save's preview at the default size (not the 300×300 layout it was saved
  // on) with the variables' defaults, not the values typed to try it: `background` has none, so its sample colour.
  await waitForPixel(page, 'Thumbnail of Launch card', [0x63, 0x66, 0xf1], [160, 140]);
  const thumbnail = await page
    .getByRole('img', { name: 'Thumbnail of Launch card' })
    .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(thumbnail).toEqual([320, 168]);
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('nothing like it');
  await page.getByText(/No templates named like/).waitFor();
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('');
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'templates');
});

test('playground: render HTML at a size and format, see the result and the curl', async () => {
  await page.goto(rig.url('playground'));
  await page.getByRole('textbox', { name: 'HTML' }).fill('<body style="margin:0;background:#ff0000"></body>');
  await page.getByRole('spinbutton', { name: 'Width' }).fill('320');
  await page.getByRole('spinbutton', { name: 'Height' }).fill('200');
  await page.getByRole('combobox', { name: 'Format' }).selectOption('webp');
  await page.getByRole('button', { name: 'Render' }).click();
  await page
    .getByRole('img', { name: 'Rendered result' })
    .waitFor({ timeout: 20_000 })
    .catch(async () => {
      throw new Error(`no result: ${(await page.getByRole('alert').allTextContents()).join(' | ')}`);
    });
  await waitForPixel(page, 'Rendered result', [255, 0, 0]);
  expect(
    await page.getByRole('img', { name: 'Rendered result' }).evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
  ).toEqual([320, 200]);
  const curl = await page.getByRole('region', { name: 'Equivalent curl' }).textContent();
  expect(curl).toContain('"width":320');
  expect(curl).toContain('"fileExtension":"webp"');
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'playground');
});

test('renders: one history with filters, a detail view and a download', async () => {
  await page.goto(rig.url('renders'));
  const table = page.getByRole('table', { name: 'Renders, newest first' });
  await table.waitFor();
  expect(await table.getByRole('img').count()).toBeGreaterThanOrEqual(1);
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('pdf');
  await page.getByText('No renders match.').waitFor();
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('image');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('done');
  const first = table.getByRole('link', { name: /^img_/ }).first();
  const id = (await first.textContent())!;
  expect(await table.getByRole('link', { name: `Download ${id}` }).getAttribute('href')).toMatch(/\/files\/renders\//);
  expect(await accessibilityViolations(page)).toEqual([]);

  await first.click();
  await page.getByRole('heading', { name: `Render ${id}` }).waitFor();
  expect(await page.getByRole('region', { name: 'Parameters' }).textContent()).toContain('webp');
  expect(await page.getByRole('region', { name: 'Timings' }).textContent()).toMatch(/total\d+ ms/);
  await page.getByRole('link', { name: 'Download' }).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);

  const phone = await (await rig.newContext(PHONE)).newPage();
  await phone.context().addCookies(await context.cookies());
  await phone.goto(rig.url('renders'));
  await phone.getByRole('table', { name: 'Renders, newest first' }).waitFor();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test('batches: pasted rows, column mapping, live progress, results and the ZIP', async () => {
  await page.goto(rig.url('batches'));
  await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Launch card' });
  // The box says which columns the template takes before anything is pasted.
  const rowsBox = page.getByRole('textbox', { name: /^Rows/ });
  expect(await rowsBox.getAttribute('aria-describedby')).toBeTruthy();
  await page.getByText(/This template's variables: (title, background|background, title)\./).waitFor();
  await rowsBox.fill('Heading,Colour\nFirst,#ff0000\nSecond,#00ff00\n');
  await page.getByText('Detected columns: Heading, Colour · 2 rows').waitFor();
  expect(await page.getByRole('table', { name: 'First rows' }).getByRole('cell', { name: 'Second' }).count()).toBe(1);
  await page.getByRole('combobox', { name: 'Variable title' }).selectOption('Heading');
  await page.getByRole('combobox', { name: 'Variable background' }).selectOption('Colour');
  await page.getByRole('checkbox', { name: 'square' }).check();
  await page.getByRole('button', { name: 'Start batch' }).click();
  await page.getByText(/completed: 4 done, 0 failed of 4/).waitFor({ timeout: 30_000 });
  const results = page.getByRole('table', { name: 'Results' });
  await results.waitFor();
  expect(await results.getByRole('link', { name: /Row \d file/ }).count()).toBe(4);
  const zipHref = await page.getByRole('link', { name: 'Download ZIP' }).getAttribute('href');
  const zip = await context.request.get(`${rig.stack.baseUrl}${zipHref}`);
  expect(zip.headers()['content-type']).toBe('application/zip');
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('bindings: test the data source, click values to map them, then operate the binding', async () => {
  await page.goto(rig.url('bindings'));
  await page.getByRole('textbox', { name: 'Binding name' }).fill('Weather card');
  await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Launch card' });
  await page.getByRole('textbox', { name: 'Data source URL' }).fill(source.url('/weather.json'));
  await page.getByRole('button', { name: 'Test data source' }).click();
  await page.getByRole('region', { name: 'Fetched JSON' }).waitFor();
  await page.getByRole('combobox', { name: 'Variable to map' }).selectOption('title');
  await page.getByRole('button', { name: 'Map city.name: "Lyon"' }).click();
  expect(await page.getByRole('list', { name: 'Mapping' }).textContent()).toContain('title ← city.name');
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'bindings');
  await page.getByRole('button', { name: 'Create binding' }).click();
  const card = page.getByRole('article', { name: 'Weather card' });
  await card.waitFor();
  expect(await card.textContent()).toMatch(/\/b\/bnd_\w+\.png/);
  await card.getByRole('button', { name: 'Pause' }).click();
  await card.getByText('Status: paused').waitFor();
  await card.getByRole('button', { name: 'Resume' }).click();
  // Resumed: the Pause button is back. Resuming wakes a refresh at once, and with `background` not mapped
  // yet (the next test maps it) the strict template fails it: the status reads active until that refresh
  // ends, then error with the reason on the card (waiting for "active" alone raced it).
  await card.getByRole('button', { name: 'Pause' }).waitFor();
  expect(await card.textContent()).toMatch(/Status: (active|error)/);
  await card.getByRole('button', { name: 'Refresh now' }).click();
  await eventually(async () => !(await card.textContent())!.includes('Last refreshnever'), 'a refresh');
});

test('bindings: edit the mapping of an existing binding (click to map, unmap, save) and it renders with it', async () => {
  await page.goto(rig.url('bindings'));
  const card = page.getByRole('article', { name: 'Weather card' });
  expect(await card.textContent()).toContain('title ← city.name');
  await card.getByRole('button', { name: 'Edit mapping' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mapping of Weather card' });
  // The binding's own source is fetched again and shown as the clickable tree.
  await dialog.getByRole('region', { name: 'Fetched JSON' }).waitFor();
  expect(await dialog.getByRole('list', { name: 'Mapping' }).textContent()).toContain('title ← city.name');
  await dialog.getByRole('combobox', { name: 'Variable to map' }).selectOption('background');
  await dialog.getByRole('button', { name: 'Map temps[1]: 19' }).click();
  expect(await dialog.getByRole('list', { name: 'Mapping' }).textContent()).toContain('background ← temps[1]');
  await dialog.getByRole('button', { name: 'Unmap background' }).click();
  expect(await dialog.getByRole('list', { name: 'Mapping' }).textContent()).not.toContain('background');
  await dialog.getByRole('button', { name: 'Map city.colour: "#ff0000"' }).click();
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'binding-mapping');
  await dialog.getByRole('button', { name: 'Save mapping' }).click();
  await dialog.waitFor({ state: 'detached' });
  await card.getByText(/background ← city\.colour/).waitFor();

  const uid = (await card.textContent())!.match(/\/b\/(bnd_\w+)\.png/)![1]!;
  const read = await context.request.get(`${rig.stack.baseUrl}/bindings/${uid}`);
  expect(`${read.status()}`).toBe('200');
  const saved = (await read.json()) as { binding: { mapping: unknown } };
  expect(saved.binding.mapping).toEqual({ title: 'city.name', background: 'city.colour' });
  // The binding re-renders with the new mapping: its stable image turns red.
  const imageUrl = `${rig.stack.baseUrl}/b/${uid}.png`;
  await eventually(
    async () => near((await decode(`${imageUrl}?t=${Date.now()}`)).pixel(5, 5), [255, 0, 0]),
    'the red binding image',
    20_000,
  );
});
