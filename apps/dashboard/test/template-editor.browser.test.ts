import type { APIResponse, BrowserContext, Page } from 'playwright-core';
import { frameCountOf } from '../../../deploy/embedded/test/harness.js';
import {
  startDashboardRig,
  waitForPixel,
  eventually,
  type DashboardRig,
  sessionRequest,
  waitShowing,
  nextAnswer,
  watchConsoleProblems,
  focusedName,
  expectFocusOn,
  pressSaveShortcut,
  replaceCode,
} from './browser.js';

/** The HTML template editor's saves and renders, for one signed-up account of its own (no other test's templates). */
let rig: DashboardRig;
let context: BrowserContext;
let page: Page;

/** The API as the signed-in browser calls it: session cookie plus the CSRF double-submit header. */
async function call(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<APIResponse> {
  return sessionRequest(context, rig.stack.baseUrl, { method, path, data });
}

async function createTemplate(body: Record<string, unknown>): Promise<string> {
  const res = await call('POST', '/templates', body);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { template: { uid: string } }).template.uid;
}

beforeAll(async () => {
  rig = await startDashboardRig();
  context = await rig.newContext();
  page = await context.newPage();
  const signUp = await context.request.post(`${rig.stack.baseUrl}/auth/sign-up`, {
    data: { email: 'versions@example.com', password: 'correct horse battery staple', name: 'Versions' },
  });
  expect(signUp.status()).toBe(201);
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
});

test('template editor: an HTML template lists its saves; restoring an earlier one brings its HTML back into the form and the preview', async () => {
  const html = (colour: string) => `<body style="margin:0;background:${colour}"><p>{{ title }}</p></body>`;
  const uid = await createTemplate({ name: 'Versioned card', html: html('#ff0000'), width: 120, height: 60 });
  expect((await call('PUT', `/templates/${uid}`, { html: html('#0000ff') })).status()).toBe(200);
  await page.goto(rig.url(`templates/${uid}`));
  await page.getByRole('img', { name: 'Live preview' }).waitFor({ timeout: 20_000 });
  await waitForPixel(page, 'Live preview', [0, 0, 255], [5, 5]);
  const versions = page.getByRole('region', { name: 'Versions' });
  const saved = versions.getByRole('list', { name: 'Saved versions, newest first' }).getByRole('listitem');
  await eventually(async () => (await saved.count()) === 2, 'two saved versions');
  // The newest save is what the form holds: only the earlier one offers a restore.
  expect(await versions.getByRole('button', { name: /^Restore version/ }).count()).toBe(1);
  await versions.getByRole('button', { name: 'Restore version 1' }).click();
  await versions.getByText('Restored version 1.').waitFor();
  await waitForPixel(page, 'Live preview', [255, 0, 0], [5, 5]);
  await eventually(async () => (await saved.count()) === 3, 'the restore listed as a third save');
  expect(await saved.first().innerText()).toContain('Version 3');
  // The restore is a save: the template reads red after a reload, and through the API.
  expect(((await (await call('GET', `/templates/${uid}`)).json()) as { template: { html: string } }).template.html).toContain('#ff0000');
  await page.reload();
  await waitForPixel(page, 'Live preview', [255, 0, 0], [5, 5]);
});

test('template editor: while one Restore runs it is busy and the other Restore buttons refuse a press, saying why; then each works again', async () => {
  const html = (colour: string) => `<body style="margin:0;background:${colour}"><p>{{ title }}</p></body>`;
  const uid = await createTemplate({ name: 'One restore at a time', html: html('#ff0000'), width: 120, height: 60 });
  for (const colour of ['#00ff00', '#0000ff']) expect((await call('PUT', `/templates/${uid}`, { html: html(colour) })).status()).toBe(200);
  await page.goto(rig.url(`templates/${uid}`));
  const versions = page.getByRole('region', { name: 'Versions' });
  const first = versions.getByRole('button', { name: 'Restore version 1' });
  const second = versions.getByRole('button', { name: 'Restore version 2' });
  await second.waitFor();
  // The restore's request is held here until checked, so its run can be seen.
  const restores: string[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/templates/*/versions/*/restore', async (route) => {
    restores.push(route.request().url());
    await held;
    await route.continue();
  });
  await first.focus();
  await page.keyboard.press('Enter');
  const running = versions.getByText('Restoring version 1: the other versions can be restored once it is done.', { exact: true });
  await running.waitFor();
  expect(await first.getAttribute('aria-busy')).toBe('true');
  // Version 2's Restore stays in the tab order, unavailable, described by the line saying which restore runs.
  expect(await second.getAttribute('aria-disabled')).toBe('true');
  expect(await second.evaluate((b) => (b as HTMLButtonElement).disabled)).toBe(false);
  expect(await page.locator(`[id="${await second.getAttribute('aria-describedby')}"]`).textContent()).toBe(
    'Restoring version 1: the other versions can be restored once it is done.',
  );
  // A press by mouse (past Playwright's own wait for an enabled button) or by keyboard starts nothing.
  await second.click({ force: true });
  await first.focus();
  await page.keyboard.press('Shift+Tab');
  await expectFocusOn(page, 'Restore version 2');
  await page.keyboard.press('Enter');
  expect(restores).toHaveLength(1);
  release();
  await versions.getByText('Restored version 1.', { exact: true }).waitFor();
  await waitForPixel(page, 'Live preview', [255, 0, 0], [5, 5]);
  expect(restores).toHaveLength(1);
  await page.unroute('**/templates/*/versions/*/restore');
  // Done: every Restore works again.
  expect(await second.getAttribute('aria-disabled')).toBeNull();
  await second.click();
  await versions.getByText('Restored version 2.', { exact: true }).waitFor();
  await waitForPixel(page, 'Live preview', [0, 255, 0], [5, 5]);
});

test("template editor: Render makes a PNG and a PDF (at the design's size) of the saved template with the shown values, linked to their render pages", async () => {
  const uid = await createTemplate({
    name: 'Render me',
    html: '<body style="margin:0;background:{{ bg }}"><p>{{ title }}</p></body>',
    width: 160,
    height: 90,
    variableDefinitions: [{ name: 'bg', type: 'color', defaultValue: '#00ff00' }],
  });
  await page.goto(rig.url(`templates/${uid}`));
  const render = page.getByRole('region', { name: 'Render', exact: true });
  await page.getByLabel(/^bg .*colour/).fill('#0000ff');
  await render.getByRole('button', { name: 'Render' }).click();
  await waitForPixel(page, 'Rendered result', [0, 0, 255], [5, 5]);
  await render.getByRole('link', { name: "Open this render's page" }).waitFor();
  // How long it took, in plain words (not the API's "answered").
  await render.getByText(/^Made in \d+ ms$/).waitFor();
  // A screen reader hears that it is done (a polite status in the page before the render, empty until then).
  await render
    .getByRole('status')
    .filter({ hasText: /^Rendered as PNG in \d+ ms/ })
    .waitFor();
  expect(await render.getByText('save it first').count()).toBe(0);
  await render.getByLabel('Format').selectOption('pdf');
  await render.getByRole('button', { name: 'Render' }).click();
  const pdfLink = render.getByRole('link', { name: 'Open the PDF' });
  await pdfLink.waitFor({ timeout: 30_000 });
  const pdf = await context.request.get((await pdfLink.getAttribute('href'))!.replace('//localhost:', '//127.0.0.1:'));
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // An image template prints on a page of its own size (160×90 px = 120×67.5 pt), not reflowed onto A4.
  const [, pageWidth, pageHeight] = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec((await pdf.body()).toString('latin1')) ?? [];
  // Chromium rounds a page's side (to within a point).
  expect(Math.abs(Number(pageWidth) - 120)).toBeLessThanOrEqual(1);
  expect(Math.abs(Number(pageHeight) - 67.5)).toBeLessThanOrEqual(1);
  await render.getByText(/1 page · 120×68 pt/).waitFor();
  // An edit not yet saved: the button says it saves first; once saved by Save template, it reads Render again.
  expect(await render.getByRole('button', { name: 'Save and render' }).count()).toBe(0);
  await page.getByLabel('Template name').fill('Render me again');
  await render.getByRole('button', { name: 'Save and render', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.').waitFor();
  await render.getByRole('button', { name: 'Render', exact: true }).waitFor();
  // By keyboard: Enter on the PDF's render page link opens it with focus on its heading, not dropped on the document.
  await render.getByRole('link', { name: "Open this render's page" }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/app\/renders\/pdf_\w+$/);
  await eventually(
    async () => (await page.evaluate(() => document.activeElement?.tagName)) === 'H1' && /^Render pdf_/.test(await focusedName(page)),
    "focus on the render page's heading",
  );
});

test("template editor: a GIF renders at the quality and seconds picked; seconds past the quality's longest capture are refused beside the field", async () => {
  const uid = await createTemplate({
    name: 'Animated card',
    html: '<style>@keyframes k{from{background:#ff0000}to{background:#0000ff}}body{margin:0;animation:k 1s linear infinite}</style><body></body>',
    width: 120,
    height: 60,
  });
  await page.goto(rig.url(`templates/${uid}`));
  const render = page.getByRole('region', { name: 'Render', exact: true });
  // Once the page has drawn (the preview is the last part to come), as the other render tests here start.
  await page.getByRole('img', { name: 'Live preview' }).waitFor({ timeout: 30_000 });
  // The settings belong to a GIF: an image has none.
  expect(await render.getByLabel('Quality').count()).toBe(0);
  await render.getByLabel('Format').selectOption('gif');
  await render.getByLabel('Quality').selectOption('low');
  const seconds = render.getByRole('spinbutton', { name: 'Seconds of animation' });
  // Text the browser cannot read as a number ("1e", "e"): the number input reads as empty, which rendered the page's
  // longest animation for a credit. The kit's Form refuses it beside the field, as any number field in any kit form,
  // and nothing is sent: no render, no credit spent.
  const creditsUsed = async () => ((await (await call('GET', '/usage')).json()) as { credits: { used: number } }).credits.used;
  const creditsBefore = await creditsUsed();
  const gifPosts: string[] = [];
  const onGifPost = (request: { url(): string; method(): string }) =>
    void (request.method() === 'POST' && /\/gif$/.test(new URL(request.url()).pathname) && gifPosts.push(request.url()));
  page.on('request', onGifPost);
  for (const unreadable of ['1e', 'e']) {
    await seconds.fill('');
    await seconds.pressSequentially(unreadable);
    await eventually(async () => (await seconds.getAttribute('aria-invalid')) === 'true', `"${unreadable}" marked invalid while typing`);
    const describedBy = (await seconds.getAttribute('aria-describedby'))!.split(' ');
    expect(await page.locator(`[id="${describedBy.at(-1)!}"]`).textContent()).toBe('Type a number (12 or 0.5).');
    await render.getByRole('button', { name: 'Render', exact: true }).click({ timeout: 60_000 });
    // Focus leaves the button pressed for the refused field: the refusal is this submit's.
    await expectFocusOn(page, 'Seconds of animation');
    expect(await render.getByRole('form').getByRole('alert').textContent()).toBe('Check the highlighted field.');
  }
  page.off('request', onGifPost);
  expect(gifPosts).toEqual([]);
  expect(await render.getByRole('img', { name: 'Rendered result' }).count()).toBe(0);
  expect(await creditsUsed()).toBe(creditsBefore);
  // Emptied, the field holds no unreadable text: the refusal goes with it, as it did when the panel checked it itself.
  await seconds.fill('');
  await eventually(async () => (await render.getByRole('form').getByRole('alert').count()) === 0, 'the refusal gone once edited');

  await seconds.fill('12');
  // Said as it is typed, in the API's words (its own rule from libs/contracts).
  await eventually(async () => (await seconds.getAttribute('aria-invalid')) === 'true', 'the seconds marked invalid while typing');
  const described = (await seconds.getAttribute('aria-describedby'))!.split(' ');
  expect(await page.locator(`[id="${described.at(-1)!}"]`).textContent()).toBe(
    'Quality low captures at most 10 s; use quality medium for up to 15 s.',
  );
  // Rendered anyway: the API refuses it with the same message, which stays beside the field; nothing is rendered.
  const refused = nextAnswer(page, (url, method) => method === 'POST' && /\/gif$/.test(url));
  // A click waits for the page to take it; in one CI run, with other browser suites beside it, that alone passed the
  // default 20 s (the button was visible, enabled and stable). The page is slow there, not wrong: give it a minute.
  await render.getByRole('button', { name: 'Render', exact: true }).click({ timeout: 60_000 });
  await waitShowing(render.getByText('Check the highlighted field.'), render, { what: 'refusal beside the field', note: refused });
  expect(await render.getByRole('img', { name: 'Rendered result' }).count()).toBe(0);

  await seconds.fill('1.5');
  await eventually(async () => (await seconds.getAttribute('aria-invalid')) === null, 'the seconds accepted');
  const rendered = nextAnswer(page, (url, method) => method === 'POST' && /\/gif$/.test(url), 90_000);
  await render.getByRole('button', { name: 'Render', exact: true }).click({ timeout: 60_000 });
  // A GIF is captured frame by frame: on a loaded machine it takes a while (the API waits up to 45 s for it).
  await waitShowing(render.getByRole('img', { name: 'Rendered result' }), render, {
    what: 'rendered GIF',
    timeout: 90_000,
    note: rendered,
  });
  // Low quality is 10 frames a second: 1.5 s of animation is 15 frames (not the 15 fps of the default quality).
  await render.getByText(/Made in \d+ ms · 15 frames · 1\.5 s/).waitFor();
  // The GIF shown (its public URL, read from the server's own address); Download is the API's same-origin copy of it.
  const shown = render.getByRole('img', { name: 'Rendered result' });
  expect(await frameCountOf((await shown.getAttribute('src'))!.replace('//localhost:', '//127.0.0.1:'))).toBe(15);
  const gifId = decodeURIComponent(
    ((await render.getByRole('link', { name: "Open this render's page" }).getAttribute('href')) ?? '').split('/').pop()!,
  );
  expect(gifId).toMatch(/^gif_/);
  await render.getByText(gifId, { exact: true }).waitFor();
  const answer = await call('GET', `/gif/${gifId}`);
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { gif: unknown }).gif).toMatchObject({ quality: 'low', fps: 10, frames: 15, templateId: uid });
}, 180_000);

test('template editor: with unsaved changes the render button saves first, and a refused save renders nothing', async () => {
  const uid = await createTemplate({
    name: 'Render unsaved',
    html: '<body style="margin:0;background:#ff0000"></body>',
    width: 120,
    height: 60,
  });
  const renders = async () => ((await (await call('GET', `/renders?templateUid=${uid}`)).json()) as { items: unknown[] }).items.length;
  const savedTemplate = async () =>
    ((await (await call('GET', `/templates/${uid}`)).json()) as { template: { name: string; html: string } }).template;
  await page.goto(rig.url(`templates/${uid}`));
  const render = page.getByRole('region', { name: 'Render', exact: true });
  await render.getByRole('button', { name: 'Render', exact: true }).waitFor();
  await page.getByRole('img', { name: 'Live preview' }).waitFor({ timeout: 20_000 });

  // An edit not yet saved: the button says it saves first, and renders what the form shows.
  await page.getByLabel('Template name').fill('Render unsaved, edited');
  await page.getByRole('textbox', { name: 'HTML' }).fill('<body style="margin:0;background:#0000ff"></body>');
  await waitForPixel(page, 'Live preview', [0, 0, 255], [5, 5]);
  await render.getByRole('button', { name: 'Save and render', exact: true }).click();
  await waitForPixel(page, 'Rendered result', [0, 0, 255], [5, 5]);
  expect(await savedTemplate()).toMatchObject({ name: 'Render unsaved, edited', html: expect.stringContaining('#0000ff') });
  expect(await renders()).toBe(1);
  // Saved: the button reads as before.
  await render.getByRole('button', { name: 'Render', exact: true }).waitFor();

  // A save the API refuses (an empty name): its message stands beside the field, as for Save, and nothing renders.
  const name = page.getByLabel('Template name');
  await name.fill('');
  await render.getByRole('button', { name: 'Save and render', exact: true }).click();
  await eventually(async () => (await name.getAttribute('aria-invalid')) === 'true', 'the name marked invalid');
  const described = (await name.getAttribute('aria-describedby'))!.split(' ');
  const message = (await page.locator(`[id="${described.at(-1)!}"]`).textContent()) ?? '';
  expect(message.trim()).not.toBe('');
  await render.getByText('Not rendered: the template could not be saved.').waitFor();
  expect(await renders()).toBe(1);
  expect((await savedTemplate()).name).toBe('Render unsaved, edited');
  expect(await render.getByRole('img', { name: 'Rendered result' }).count()).toBe(0);
});

test("template editor: a size the API refuses is said once, beside its field in the API's words; the banner only points to it", async () => {
  const uid = await createTemplate({ name: 'Too wide', html: '<body style="margin:0;background:#ff0000"></body>', width: 120, height: 60 });
  // What the API says of this width, as any client would read it.
  const refused = (await (await call('PUT', `/templates/${uid}`, { width: 5000 })).json()) as {
    errors: { field: string; message: string }[];
  };
  const detail = refused.errors.find((e) => e.field === 'width')!.message;
  await page.goto(rig.url(`templates/${uid}`));
  const width = page.getByLabel('Width', { exact: true });
  await width.fill('5000');
  await page.getByRole('button', { name: 'Save template' }).click();
  const form = page.getByRole('form', { name: 'Template' });
  await form.getByText('Check the highlighted field.').waitFor();
  await expectFocusOn(page, 'Width');
  const described = (await width.getAttribute('aria-describedby'))!.split(' ');
  // The API's words, ended as a sentence as every message beside a field is (kit/sentence.ts withFullStop).
  expect((await page.locator(`[id="${described.at(-1)!}"]`).textContent())?.trim()).toBe(`${detail}.`);
  // Not again at the top, nor a second wording of the same rule beside the field (before: "Width: Must be at most 4000"
  // in the banner and the form's own wording of the rule under the field too).
  expect(await form.getByText(detail).count()).toBe(1);
  expect(await form.getByText(/at most 4000/).count()).toBe(1);
  // Back to the saved width: nothing unsaved holds the next test's navigation.
  await width.fill('120');
  await page.getByText('Unsaved changes.').waitFor({ state: 'detached' });
});

test('template editor: Add layout by keyboard leaves focus on the new layout, open and pressed, not dropped on the page', async () => {
  const uid = await createTemplate({
    name: 'Layouts by keyboard',
    html: '<body style="margin:0;background:#00ff00"></body>',
    width: 120,
    height: 60,
  });
  await page.goto(rig.url(`templates/${uid}`));
  const layouts = page.getByRole('region', { name: 'Layouts', exact: true });
  await layouts.getByLabel('Layout key').fill('square');
  await layouts.getByLabel('Layout width').fill('90');
  await layouts.getByLabel('Layout height').fill('90');
  await layouts.getByRole('button', { name: 'Add layout' }).focus();
  await page.keyboard.press('Enter');
  // Adding empties the key, which disables Add layout: focus moves on to what was added (before: to the document).
  await expectFocusOn(page, 'square · 90×90');
  expect(await layouts.getByRole('button', { name: 'square · 90×90' }).getAttribute('aria-pressed')).toBe('true');
  await page.getByText('Rendered by Pressroom at 90×90; previews are free.').waitFor();
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.').waitFor();
});

test("template editor: Duplicate's copy of an HTML template gets its thumbnail, as a save does, not a bare 'Not rendered yet' card", async () => {
  const uid = await createTemplate({
    name: 'Green original',
    html: '<body style="margin:0;background:#00ff00"></body>',
    width: 160,
    height: 90,
  });
  await page.goto(rig.url(`templates/${uid}`));
  await page.getByRole('button', { name: 'Duplicate template' }).click();
  await page.getByRole('heading', { name: 'Edit Green original (copy)' }).waitFor();
  const copyUid = page.url().split('/').pop()!;
  const thumbnailOf = async (id: string) =>
    ((await (await call('GET', `/templates/${id}`)).json()) as { template: { thumbnail: string | null } }).template.thumbnail;
  // Before: the copy had a version but no thumbnail until its first save or render.
  await eventually(async () => (await thumbnailOf(copyUid)) !== null, "the copy's version thumbnail", 20_000);
  await page.getByRole('link', { name: 'All templates' }).click();
  const list = page.getByRole('list', { name: 'Templates' });
  await list.getByRole('img', { name: 'Thumbnail of Green original (copy)' }).waitFor();
  await waitForPixel(page, 'Thumbnail of Green original (copy)', [0, 255, 0], [5, 5]);
  expect(await list.getByRole('listitem').filter({ hasText: 'Green original (copy)' }).getByText('Not rendered yet').count()).toBe(0);
});

test('new template: the values typed to try it are still there once it is created', async () => {
  await page.goto(rig.url('templates/new'));
  await page.getByRole('img', { name: 'Live preview' }).waitFor({ timeout: 20_000 });
  await page.getByLabel(/^title/).fill('Carried over');
  await page.getByLabel(/^background .*colour/).fill('#ff0000');
  await page.getByRole('button', { name: 'Create template' }).click();
  await page.waitForURL(/\/templates\/tpl_/);
  await page.getByRole('button', { name: 'Save template' }).waitFor();
  // Focus is not dropped on the document with the Create button: it moves on to the new template's heading.
  await eventually(async () => /^Edit /.test(await focusedName(page)), "focus on the new template's heading");
  expect(await page.getByLabel(/^title/).inputValue()).toBe('Carried over');
  await waitForPixel(page, 'Live preview', [255, 0, 0], [5, 5]);
});

test('renders list and render page name the template and link to it', async () => {
  await page.goto(rig.url('renders'));
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Render me again' }) });
  await row.first().waitFor();
  await row
    .first()
    .getByRole('link', { name: /^rnd_|^img_|^[a-z]+_/ })
    .first()
    .click();
  const parameters = page.getByRole('region', { name: 'Details', exact: true });
  // The values it was made with read one a line, "name: value", not as the API's JSON.
  const filled = parameters.getByRole('list', { name: 'Values filled in' }).getByRole('listitem');
  await filled.filter({ hasText: 'bg: #0000ff' }).waitFor();
  expect(await parameters.textContent()).not.toContain('{"');
  await parameters.getByRole('link', { name: /^Render me again \(tpl_/ }).click();
  await page.getByRole('heading', { name: 'Edit Render me again' }).waitFor();
});

test('an unclosed {{ is pointed out under the HTML and invents no variables', async () => {
  const uid = await createTemplate({ name: 'Unclosed', html: '<h1>{{ headline </h1>\n<p>{{ price }}</p>', width: 120, height: 60 });
  await page.goto(rig.url(`templates/${uid}`));
  await page
    .getByRole('note')
    .filter({ hasText: 'is shown as text, not filled in' })
    .getByText(/^Line 1:/)
    .waitFor();
  const variables = page.getByRole('region', { name: 'Variables' });
  await variables.getByLabel(/^price/).waitFor();
  expect(await variables.getByLabel(/^(h1|p|headline)\b/).count()).toBe(0);
});

test('the template editor fits a phone: the code blocks scroll inside their card, the page does not scroll sideways', async () => {
  const uid = await createTemplate({ name: 'Phone card', html: '<h1>{{ title }}</h1>', width: 1200, height: 630 });
  const phone = await (await rig.newContext({ width: 390, height: 844 })).newPage();
  await phone.context().addCookies(await context.cookies());
  await phone.goto(rig.url(`templates/${uid}`));
  await phone.getByRole('region', { name: 'Use via API' }).waitFor();
  await phone.getByRole('img', { name: 'Live preview' }).waitFor({ timeout: 20_000 });
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  // The HTML editor says how to leave it with the keyboard.
  const editor = phone.getByRole('textbox', { name: 'HTML' });
  const described = (await editor.getAttribute('aria-describedby'))!;
  expect(await phone.locator(`[id="${described}"]`).textContent()).toContain('press Esc, then Tab');
  await phone.close();
});

test('template editor: Save says beside the button what it did; the values tried come back when the template is reopened; a result offers its download', async () => {
  const uid = await createTemplate({
    name: 'Remembers values',
    html: '<body style="margin:0;background:{{ bg }}"><p>{{ title }}</p></body>',
    width: 120,
    height: 60,
    variableDefinitions: [{ name: 'bg', type: 'color', defaultValue: '#00ff00' }],
  });
  await page.goto(rig.url(`templates/${uid}`));
  const save = page.getByRole('button', { name: 'Save template' });
  const beside = save.locator('xpath=..');
  await page.getByLabel('Template name').fill('Remembers values, renamed');
  await beside.getByText('Unsaved changes.').waitFor();
  await save.click();
  await beside.getByText('Saved.').waitFor();
  expect(await page.getByText('Unsaved changes.').count()).toBe(0);

  // The title's text covers the top-left corner: the colour is read at the bottom right.
  await page.getByLabel(/^title/).fill('Ada Lovelace');
  await page.getByLabel(/^bg .*colour/).fill('#0000ff');
  await waitForPixel(page, 'Live preview', [0, 0, 255], [110, 55]);
  // Reopened: the tried values, not the samples ("title", the default green), fill the fields and the preview.
  await page.goto(rig.url('templates'));
  await page.goto(rig.url(`templates/${uid}`));
  await eventually(async () => (await page.getByLabel(/^title/).inputValue()) === 'Ada Lovelace', 'the tried title back');
  await waitForPixel(page, 'Live preview', [0, 0, 255], [110, 55]);
  const render = page.getByRole('region', { name: 'Render', exact: true });
  await render.getByRole('button', { name: 'Render', exact: true }).click();
  await waitForPixel(page, 'Rendered result', [0, 0, 255], [110, 55]);
  const download = render.getByRole('link', { name: 'Download' });
  expect(await download.getAttribute('download')).not.toBeNull();
  const file = await context.request.get((await download.getAttribute('href'))!.replace('//localhost:', '//127.0.0.1:'));
  expect((await file.body()).subarray(1, 4).toString()).toBe('PNG');
  // The way back to the gallery, as in the canvas editor.
  await page.getByRole('link', { name: 'All templates' }).click();
  await page.waitForURL(/\/templates$/);
});

test('template editor: Ctrl+S in the HTML code editor saves, as Save does', async () => {
  const uid = await createTemplate({ name: 'Saved by keys', html: '<p>before</p>', width: 120, height: 60 });
  await page.goto(rig.url(`templates/${uid}`));
  const save = page.getByRole('button', { name: 'Save template' });
  expect(await save.getAttribute('aria-keyshortcuts')).toBe('Control+S Meta+S');
  await replaceCode(page, 'HTML', '<p>after</p>');
  await save.locator('xpath=..').getByText('Unsaved changes.').waitFor();
  // Focus is still in CodeMirror: its keymap does not keep the keys from the page.
  expect(await pressSaveShortcut(page)).toBe(true);
  await save.locator('xpath=..').getByText('Saved.').waitFor();
  expect(((await (await call('GET', `/templates/${uid}`)).json()) as { template: { html: string } }).template.html).toBe('<p>after</p>');
  expect(await focusedName(page)).toBe('HTML');
});

test('a template or render that is not there has a page of its own, with the way back to its list', async () => {
  await page.goto(rig.url('templates/tpl_notthere'));
  await page.getByRole('heading', { name: 'Template not found' }).waitFor();
  await page.getByText(/This workspace has no template tpl_notthere/).waitFor();
  await page.goto(rig.url('renders/img_notthere'));
  await page.getByRole('heading', { name: 'Render not found' }).waitFor();
  await page.getByRole('link', { name: 'All renders' }).click();
  await page.waitForURL(/\/renders$/);
});

test("the overview's recent renders say a PDF's kind once, as the renders list does", async () => {
  const res = await call('POST', '/pdf/render', { html: '<p>Once</p>' });
  expect(res.status()).toBe(200);
  await page.goto(rig.url(''));
  const recent = page.getByRole('region', { name: 'Recent renders' });
  await recent.getByText('PDF', { exact: true }).first().waitFor();
  expect(await recent.getByText('PDF · PDF').count()).toBe(0);

  // A template's render is named by its template, linked to its editor, as the Renders list names it.
  const uid = await createTemplate({ name: 'Named on the overview', html: '<p>{{ title }}</p>', width: 120, height: 60 });
  expect((await call('POST', '/image', { template: uid, variables: { title: 'Hi' } })).status()).toBe(200);
  await page.reload();
  const named = recent.getByRole('link', { name: 'Named on the overview', exact: true });
  await named.waitFor();
  expect(await named.getAttribute('href')).toBe(`/app/templates/${uid}`);
  await recent.getByText('Image · PNG · Named on the overview').waitFor();
});

test("opening either editor leaves the browser's console clean: no error, no failed request (the URL-signing secret is asked for only when the code is shown)", async () => {
  const html = await createTemplate({
    name: 'Quiet card',
    html: '<body style="margin:0;background:#00ff00"><p>{{ title }}</p></body>',
    width: 120,
    height: 60,
  });
  const canvas = await createTemplate({
    name: 'Quiet canvas',
    width: 120,
    height: 60,
    fabricJSData: {
      version: '7.4.0',
      background: '#ffffff',
      objects: [{ type: 'Rect', left: 0, top: 0, width: 60, height: 40, fill: '#ff0000' }],
    },
  });
  const editors = [
    { path: `templates/${html}`, heading: 'Edit Quiet card', loaded: () => waitForPixel(page, 'Live preview', [0, 255, 0], [5, 5]) },
    // The canvas editor's chunk (fabric) loads on first use: longer on a busy machine.
    {
      path: `templates/${canvas}/canvas`,
      heading: 'Edit Quiet canvas',
      loaded: () => page.getByRole('region', { name: 'Layers' }).waitFor({ timeout: 30_000 }),
    },
  ];
  for (const editor of editors) {
    const stop = watchConsoleProblems(page);
    await page.goto(rig.url(editor.path));
    await page.getByRole('heading', { name: editor.heading }).first().waitFor({ timeout: 30_000 });
    await editor.loaded();
    const useViaApi = page.getByRole('region', { name: 'Use via API' });
    await useViaApi.getByText('Show the code').waitFor();
    expect({ editor: editor.path, problems: await stop() }).toEqual({ editor: editor.path, problems: [] });
    // Shown, the code asks (with ?ifNone=empty: "no secret yet" is a 200, ADR 0076), and the panel says where to make one.
    const shown = watchConsoleProblems(page);
    await useViaApi.getByText('Show the code').click();
    await useViaApi.getByText('Signed links need a URL-signing secret').waitFor();
    expect(await shown()).toEqual([]);
  }
});
