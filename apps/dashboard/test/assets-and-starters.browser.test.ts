import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  accessibilityViolations,
  eventually,
  expectFocusOn,
  focusedName,
  pixelOf,
  screenshot,
  signUpInBrowser,
  startDashboardRig,
  type DashboardRig,
} from './browser.js';
import { rgbOverWhite, pngOf } from '@pressroom/testing/pixel-diff';
import { callAsSession, editorExport, parityOf, renderOfTemplate } from './canvas-parity.js';

const MONO_BOLD = readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf');
/** A 1×1 green PNG. */
const GREEN_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWNg+M8AAAICAQAuFKzOAAAAAElFTkSuQmCC',
  'base64',
);
const SCRIPTED_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  rig = await startDashboardRig();
  context = await rig.newContext();
  page = await context.newPage();
  await signUpInBrowser(page, rig, { email: 'assets@example.com', password: 'assets passphrase' });
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
});

const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const uploadInput = () => page.getByLabel('Images and fonts');
/** The problem detail shown beside the upload field (its alert, tied to the input). */
const uploadError = () => page.getByTestId('asset-drop-zone').getByRole('alert');

async function choose(name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await uploadInput().setInputFiles({ name, mimeType, buffer });
}

/** Large files go in by path: the browser reads them from disk instead of through the protocol. */
async function chooseFile(name: string, buffer: Buffer): Promise<void> {
  const path = join(mkdtempSync(join(tmpdir(), 'assets-upload-')), name);
  writeFileSync(path, buffer);
  await uploadInput().setInputFiles(path, { timeout: 30_000 });
}

test('assets: upload a font and see its preview in that font; an image; the usage against the plan', async () => {
  await nav('Assets').click();
  await page.getByRole('heading', { name: 'Assets', level: 1 }).waitFor();
  await page.getByText('0 of 50 assets').waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);

  await choose('Brand Mono.ttf', 'font/ttf', MONO_BOLD);
  await page.getByRole('status').getByText('Uploaded Brand Mono.ttf.').waitFor();
  const preview = page.getByRole('img', { name: 'Preview of DejaVu Sans Mono' });
  await preview.waitFor();
  // The sample is set in the uploaded face: the face from the asset's URL is loaded into the page.
  expect(await preview.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"DejaVu Sans Mono"/);
  const loaded = async () =>
    page.evaluate(() =>
      [...(document.fonts as unknown as Set<FontFace>)].some(
        (f) => f.family.replace(/"/g, '') === 'DejaVu Sans Mono' && f.status === 'loaded',
      ),
    );
  // Waited for as a condition (it was 50 looks 100 ms apart: ~5 s, short for a font load beside other suites' Chromium).
  await eventually(loaded, 'the monospace font loaded');
  // Monospace: every character of the sample as wide as the next (a proportional fallback would not be).
  const widths = await preview.evaluate((el) => {
    const range = document.createRange();
    const text = el.firstChild!;
    return [0, 1, 2].map((i) => {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      return Math.round(range.getBoundingClientRect().width * 100);
    });
  });
  expect(new Set(widths).size).toBe(1);

  await choose('green.png', 'image/png', GREEN_PIXEL);
  await page.getByRole('img', { name: 'Preview of green.png' }).waitFor();
  expect(await pixelOf(page, 'Preview of green.png', 0, 0)).toEqual([0, 255, 0]);
  await page.getByText('2 of 50 assets').waitFor();
  expect(await page.getByRole('progressbar', { name: 'Assets used' }).getAttribute('value')).toBe('2');
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'assets');
});

test('assets: refused uploads show the server’s detail beside the upload field', async () => {
  await page.goto(rig.url('assets'));
  await page.getByRole('heading', { name: 'Assets', level: 1 }).waitFor();

  await choose('logo.svg', 'image/svg+xml', SCRIPTED_SVG);
  await uploadError()
    .getByText(/The SVG was refused: it contains a <script> element/)
    .waitFor();
  expect(await uploadInput().getAttribute('aria-invalid')).toBe('true');
  expect(await uploadInput().getAttribute('aria-describedby')).toContain(await uploadError().getAttribute('id'));

  await choose('Fake.ttf', 'font/ttf', Buffer.from('this is not a font, only text\n'.repeat(20)));
  await uploadError()
    .getByText(/checked by its content, not its name/)
    .waitFor();

  // Over the free plan's 10 MB per file (and a 50 MB one over every plan's largest file).
  await chooseFile('big.png', Buffer.concat([GREEN_PIXEL, Buffer.alloc(11 * 1024 * 1024)]));
  await uploadError()
    .getByText(/the free plan allows assets of up to 10 MB \(10485760 bytes\)/)
    .waitFor();
  await chooseFile('huge.png', Buffer.concat([GREEN_PIXEL, Buffer.alloc(50 * 1024 * 1024)]));
  await uploadError()
    .getByText(/larger than 25 MB \(26214400 bytes\), the largest asset any plan allows/)
    .waitFor();

  // Nothing refused was stored.
  await page.getByText('2 of 50 assets').waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);

  // Several files at once: a refused one is named, and the others are uploaded all the same.
  await uploadInput().setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('only words\n') },
    { name: 'second.png', mimeType: 'image/png', buffer: GREEN_PIXEL },
  ]);
  await uploadError()
    .getByText(/^Not uploaded: notes\.txt: /)
    .waitFor();
  await page.getByRole('status').getByText('Uploaded second.png.').waitFor();
  await page.getByText('3 of 50 assets').waitFor();
});

test('assets: delete asks first, then the asset is gone', async () => {
  await page.goto(rig.url('assets'));
  await page.getByRole('img', { name: 'Preview of green.png' }).waitFor();
  await page.getByRole('button', { name: 'Delete green.png' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete green.png?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await page.getByRole('img', { name: 'Preview of green.png' }).count()).toBe(1);

  await page.getByRole('button', { name: 'Delete green.png' }).click();
  await dialog.getByRole('button', { name: 'Delete asset' }).click();
  await page.getByRole('img', { name: 'Preview of green.png' }).waitFor({ state: 'detached' });
  await page.getByText('2 of 50 assets').waitFor();
  const list = (await (await context.request.get(`${rig.stack.baseUrl}/assets`)).json()) as { assets: { name: string }[] };
  expect(list.assets.map((a) => a.name)).toEqual(['second.png', 'Brand Mono.ttf']);
});

test('assets: a file chosen from the keyboard leaves focus on the upload field, uploaded or refused', async () => {
  await page.goto(rig.url('assets'));
  await page.getByRole('heading', { name: 'Assets', level: 1 }).waitFor();
  // Focus on the field, files chosen: while they upload the field is busy, yet keeps focus (a disabled one lost it to the page).
  await uploadInput().focus();
  await choose('keyboard.png', 'image/png', GREEN_PIXEL);
  await page.getByRole('status').getByText('Uploaded keyboard.png.').waitFor();
  await expectFocusOn(page, 'Images and fonts');
  await choose('words.txt', 'text/plain', Buffer.from('only words\n'));
  await uploadError()
    .getByText(/^Not uploaded: words\.txt: /)
    .waitFor();
  await expectFocusOn(page, 'Images and fonts');
});

test('assets: a delete says what it deleted, and the note of its upload goes', async () => {
  await page.goto(rig.url('assets'));
  await page.getByRole('heading', { name: 'Assets', level: 1 }).waitFor();
  await choose('short-lived.png', 'image/png', GREEN_PIXEL);
  await page.getByRole('status').getByText('Uploaded short-lived.png.').waitFor();
  await page.getByRole('button', { name: 'Delete short-lived.png' }).click();
  await page.getByRole('alertdialog', { name: 'Delete short-lived.png?' }).getByRole('button', { name: 'Delete asset' }).click();
  await page.getByRole('status').getByText('Deleted short-lived.png.').waitFor();
  expect(await page.getByText('Uploaded short-lived.png.').count()).toBe(0);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('assets: a file with a name longer than the API takes is uploaded under its name shortened, extension kept', async () => {
  await page.goto(rig.url('assets'));
  await page.getByRole('heading', { name: 'Assets', level: 1 }).waitFor();
  const long = `${'a very long file name 🎉 '.repeat(12)}end.png`;
  expect(long.length).toBeGreaterThan(200);
  await choose(long, 'image/png', GREEN_PIXEL);
  await page
    .getByRole('status')
    .getByText(/^Uploaded a very long file name .*\.png\.$/)
    .waitFor();
  const list = (await (await context.request.get(`${rig.stack.baseUrl}/assets`)).json()) as { assets: { name: string }[] };
  const stored = list.assets.find((a) => a.name.startsWith('a very long file name'))!;
  expect(stored.name.length).toBeLessThanOrEqual(200);
  expect(stored.name).toMatch(/^a very long file name 🎉 (.+ )?a very long file name.*\.png$/u);
  expect(long.startsWith(stored.name.slice(0, -'.png'.length))).toBe(true);
});

test('assets: two uploads of one file get Delete buttons named apart, by the upload time (and which of them) each card shows', async () => {
  await page.goto(rig.url('assets'));
  await page.getByRole('heading', { name: 'Assets', level: 1 }).waitFor();
  // Two of one image chosen together (most likely in the same second), and one font uploaded twice.
  await uploadInput().setInputFiles([
    { name: 'twin.png', mimeType: 'image/png', buffer: GREEN_PIXEL },
    { name: 'twin.png', mimeType: 'image/png', buffer: GREEN_PIXEL },
  ]);
  await page.getByRole('status').getByText('Uploaded twin.png, twin.png.').waitFor();
  await choose('Twin Mono.ttf', 'font/ttf', MONO_BOLD);
  await page.getByRole('status').getByText('Uploaded Twin Mono.ttf.').waitFor();
  await choose('Twin Mono.ttf', 'font/ttf', MONO_BOLD);
  await eventually(async () => (await page.getByRole('button', { name: /^Delete Twin Mono\.ttf/ }).count()) === 2, 'both fonts listed');
  for (const [list, name] of [
    ['Images', /^Delete twin\.png/],
    ['Fonts', /^Delete Twin Mono\.ttf/],
  ] as const) {
    const buttons = page.getByRole('list', { name: list }).getByRole('button', { name });
    await eventually(async () => (await buttons.count()) === 2, `both ${list} listed`);
    const labels = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')!));
    expect(new Set(labels).size).toBe(2);
    for (const label of labels) expect(label).toMatch(/, uploaded .*\d:\d\d:\d\d/);
    // Each card shows what its button's name adds, so the cards are told apart by eye too.
    const cards = page
      .getByRole('list', { name: list })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name }) });
    const texts = await cards.allInnerTexts();
    expect(new Set(texts).size).toBe(2);
    for (const [i, label] of labels.entries())
      expect(texts[i]!.toLowerCase()).toContain(label.slice(label.indexOf(', uploaded ') + 2).toLowerCase());
  }
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('assets: an image card shows the address templates use it by, and copies it (a button named for its image)', async () => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: rig.origin });
  await page.goto(rig.url('assets'));
  await page.getByRole('heading', { name: 'Assets', level: 1 }).waitFor();
  await choose('banner.png', 'image/png', GREEN_PIXEL);
  await page.getByRole('status').getByText('Uploaded banner.png.').waitFor();
  const list = (await (await context.request.get(`${rig.stack.baseUrl}/assets?kind=image`)).json()) as {
    assets: { name: string; url: string }[];
  };
  const { url } = list.assets.find((a) => a.name === 'banner.png')!;
  // docs/assets.md: an image is used in a template by its url; before, the page showed no address to use.
  const card = page.getByRole('list', { name: 'Images' }).getByRole('listitem').filter({ hasText: 'banner.png' });
  await card.getByText(url, { exact: true }).waitFor();
  const copy = card.getByRole('button', { name: /^Copy address of banner\.png, uploaded / });
  await copy.focus();
  await page.keyboard.press('Enter');
  await card.getByText('Copied to the clipboard.').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectFocusOn(page, (await copy.getAttribute('aria-label'))!);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('starter gallery: a refused copy is said under the button pressed (low on the page too), read out, focus staying on the button', async () => {
  await nav('Starter gallery').click();
  await page.getByRole('heading', { name: 'Starter gallery', level: 1 }).waitFor();
  const cards = page.getByRole('list', { name: 'Starter templates' }).getByRole('listitem');
  await cards.nth(14).waitFor();
  // The last card's copy asks the real API for a starter it does not have: it refuses (404, problem+json).
  const last = cards.nth(14);
  const name = (await last.getByRole('heading').innerText()).trim();
  await page.route('**/templates/starters/*/copy', (route) =>
    route.continue({
      url: route
        .request()
        .url()
        .replace(/starters\/[^/]+\/copy/, 'starters/no-such-starter/copy'),
    }),
  );
  const use = last.getByRole('button', { name: `Use this template: ${name}` });
  await use.focus();
  await page.keyboard.press('Enter');
  const refusal = last.getByRole('alert');
  await refusal.getByText(/No starter template "no-such-starter"/).waitFor();
  await page.unroute('**/templates/starters/*/copy');
  // Beside the button (in its card, describing it), in view where the button is, and nowhere else on the page.
  expect(await page.getByRole('alert').count()).toBe(1);
  expect(await use.getAttribute('aria-describedby')).toBe(await refusal.getAttribute('id'));
  const viewport = page.viewportSize()!;
  const box = (await refusal.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(Math.floor(box.y + box.height)).toBeLessThanOrEqual(viewport.height);
  await expectFocusOn(page, `Use this template: ${name}`);
  expect(page.url()).toContain('starters');
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('starter gallery: 15 rendered thumbnails (12 canvas, 3 HTML); "Use this template" copies one, opens it, and it renders as the editor draws it', async () => {
  await nav('Starter gallery').click();
  await page.getByRole('heading', { name: 'Starter gallery', level: 1 }).waitFor();
  const cards = page.getByRole('list', { name: 'Starter templates' }).getByRole('listitem');
  // The heading shows before the starters have arrived: wait for the list, then count it.
  await cards.nth(14).waitFor();
  expect(await cards.count()).toBe(15);
  // Each card says its size once (the "1200×630 · social" line), not again in its description.
  const sizesSaid = await cards.evaluateAll((items) => items.map((li) => li.textContent?.match(/\d+×\d+/g)?.length ?? 0));
  expect(sizesSaid).toEqual(Array(15).fill(1));
  await cards.filter({ hasText: 'Open Graph' }).getByText('Link preview for blogs and docs.', { exact: true }).waitFor();
  // And which editor it opens in.
  await cards.filter({ hasText: 'Quote card' }).getByText('1080×1080 · social · Canvas editor', { exact: true }).waitFor();
  await cards.filter({ hasText: 'Receipt (HTML)' }).getByText('800×900 · commerce · HTML editor', { exact: true }).waitFor();
  // Every thumbnail is a real render (15 previews through the renderer), the HTML ones too.
  await page
    .getByRole('img', { name: /^Preview of / })
    .nth(14)
    .waitFor({ timeout: 60_000 });
  expect(await page.getByRole('img', { name: /^Preview of / }).count()).toBe(15);
  expect(await pixelOf(page, 'Preview of Release notes (HTML)', 2, 2)).toEqual([15, 23, 42]);
  // The quote card as shipped (its thumbnail): its background variable's default, and the amber rule under the quote.
  expect(await pixelOf(page, 'Preview of Quote card', 2, 2)).toEqual([254, 243, 199]);
  expect(await pixelOf(page, 'Preview of Quote card', 180, 843)).toEqual([245, 158, 11]);
  // Each thumbnail stays inside its card's 16:9 box, also the 1080×1920 story: it does not stretch its row.
  const boxes = await page
    .getByRole('img', { name: /^Preview of / })
    .evaluateAll((images) => images.map((img) => ({ width: img.clientWidth, height: img.clientHeight })));
  for (const box of boxes) expect(box.height).toBeLessThanOrEqual(Math.ceil((box.width * 9) / 16));
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'starter-gallery');

  // Chosen from low in the gallery, the copy opens in the visual editor at its top (not where the gallery was scrolled).
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const useQuoteCard = page.getByRole('button', { name: 'Use this template: Quote card' });
  await useQuoteCard.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // With the keyboard: the pressed button goes with the gallery, and focus moves on to the editor's heading.
  // While the copy is made (its request held here until checked), the button is busy and says what it does.
  let releaseCopy: () => void = () => {};
  const copyHeld = new Promise<void>((resolve) => (releaseCopy = resolve));
  await page.route('**/templates/starters/*/copy', async (route) => {
    await copyHeld;
    await route.continue();
  });
  await useQuoteCard.focus();
  await page.keyboard.press('Enter');
  const creating = page.getByRole('button', { name: 'Creating Quote card…' });
  await creating.waitFor();
  expect(await creating.getAttribute('aria-busy')).toBe('true');
  expect(await focusedName(page)).toBe('Creating Quote card…');
  releaseCopy();
  await page.waitForURL(/\/app\/templates\/tpl_[^/]+\/canvas$/);
  await page.getByRole('heading', { name: 'Edit Quote card', level: 1 }).waitFor();
  await eventually(async () => (await focusedName(page)) === 'Edit Quote card', "focus on the editor's heading");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.unroute('**/templates/starters/*/copy');
  const uid = /templates\/([^/]+)\/canvas/.exec(page.url())![1]!;
  // Beside the canvas, which shows `{{quote}}`, Properties says what the braces are and shows the design filled in.
  const properties = page.getByRole('region', { name: 'Properties' });
  await properties.getByText(/^Words in double braces, such as \{\{\w+\}\}, are filled in each render/).waitFor();
  await properties.getByRole('button', { name: 'Show it filled in' }).click();
  await page.getByText('Showing tried values: go back to the design to edit it.').waitFor();
  await page
    .getByRole('region', { name: 'Layers' })
    .getByText(/“Simplicity/)
    .first()
    .waitFor();
  expect(await properties.getByRole('button', { name: 'Show it filled in' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Back to the design' }).first().click();
  await properties.getByRole('button', { name: 'Show it filled in' }).waitFor();
  // Opened in the editor, the copy's version 1 (copying is its first save) gets the editor's drawing as its thumbnail,
  // 320 px on its longer side, which the copy's card in Templates shows.
  const thumbnailOf = async (id: string) =>
    ((await (await callAsSession(rig, context, 'GET', `/templates/${id}`)).json()) as { template: { thumbnail: string | null } }).template
      .thumbnail;
  await eventually(async () => (await thumbnailOf(uid)) !== null, "the copy's version 1 thumbnail", 20_000);
  await nav('Templates').click();
  const thumbnail = page.getByRole('img', { name: 'Thumbnail of Quote card' });
  await thumbnail.waitFor();
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  expect(await pixelOf(page, 'Thumbnail of Quote card', 2, 2)).toEqual([254, 243, 199]);
  // A canvas template with no thumbnail yet (a copy never opened in the editor): its card shows the design drawn in
  // the browser by the editor's loader, at full size, and says it is not rendered yet.
  await callAsSession(rig, context, 'POST', '/templates/starters/quote-card/copy', { name: 'Quote card, unopened' });
  await page.reload();
  const drawing = page.getByRole('img', { name: 'Drawing of Quote card, unopened' });
  await drawing.waitFor();
  expect(await pixelOf(page, 'Drawing of Quote card, unopened', 2, 2)).toEqual([254, 243, 199]);
  expect(await pixelOf(page, 'Drawing of Quote card, unopened', 180, 843)).toEqual([245, 158, 11]);
  await page.getByRole('listitem').filter({ has: drawing }).getByText('Not rendered yet').waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  // Rendered through the API, the copy is the quote card as shipped.
  const render = await rgbOverWhite(await renderOfTemplate(rig, context, uid));
  expect([render.width, render.height]).toEqual([1080, 1080]);
  const at = (x: number, y: number) => Array.from(render.data.subarray((y * 1080 + x) * 3, (y * 1080 + x) * 3 + 3));
  expect(at(2, 2)).toEqual([254, 243, 199]);
  expect(at(180, 843)).toEqual([245, 158, 11]);
  // Drawn by the editor's loader and exported by fabric, it is the same picture.
  await page.goto(rig.url(`templates/${uid}/canvas-preview`));
  const diff = await parityOf('starter-copy-quote-card', await editorExport(page), await renderOfTemplate(rig, context, uid));
  expect({ share: diff.share < 0.01, picture: diff.picture }).toEqual({ share: true, picture: diff.picture });

  // "Image from the library" in the editor: the asset picker adds the chosen image to the canvas.
  const green = await pngOf({
    width: 40,
    height: 40,
    channels: 3,
    data: new Uint8Array(40 * 40 * 3).map((_, i) => (i % 3 === 1 ? 255 : 0)),
  });
  const uploaded = await context.request.fetch(`${rig.stack.baseUrl}/assets?name=green-square.png`, {
    method: 'POST',
    data: green,
    headers: {
      'content-type': 'application/octet-stream',
      'x-csrf-token': (await context.cookies()).find((c) => c.name === 'pressroom_csrf')!.value,
      origin: rig.stack.baseUrl,
    },
  });
  expect(uploaded.status()).toBe(201);
  await page.goto(rig.url(`templates/${uid}/canvas`));
  // The 1080×1080 design is larger than the canvas area: the editor opens fitted, the whole design in view.
  const surface = page.locator('canvas.lower-canvas');
  const scroller = page.locator('[data-canvas-scroller]');
  await eventually(async () => ((await surface.boundingBox())?.width ?? 1080) < 1080, 'the editor to fit the design');
  const [shown, area] = [(await surface.boundingBox())!, (await scroller.boundingBox())!];
  expect([shown.width < 1080, shown.width <= area.width, shown.height <= area.height]).toEqual([true, true, true]);
  // At 100 % (one design pixel per screen pixel), as the pixel checks below read the screen.
  await page.getByRole('button', { name: '100 %' }).click();
  const pixelAt = async (x: number, y: number) =>
    page.evaluate(
      ([px, py]) =>
        Array.from(
          (document.querySelector('canvas.lower-canvas') as HTMLCanvasElement).getContext('2d')!.getImageData(px!, py!, 1, 1).data,
        ),
      [x, y],
    );
  // The background is "{{background}}" in the design: the editor says so beside the background colour (once the
  // design has loaded)…
  await page
    .getByRole('group', { name: 'Canvas background' })
    .getByText(/^Set by \{\{background\}\} in each render \(shown with its default\)/)
    .waitFor();
  // …and draws it with the variable's default, not black (fabric draws on the next frame: wait for the first paint).
  await eventually(async () => (await pixelAt(2, 2))[3] !== 0, "the canvas's first paint");
  expect(await pixelAt(2, 2)).toEqual([254, 243, 199, 255]);
  expect(await pixelAt(180, 843)).toEqual([245, 158, 11, 255]);
  await page.getByRole('button', { name: 'Image from the library' }).click();
  const picker = page.getByRole('dialog', { name: 'Image from the library' });
  await picker.getByRole('group', { name: 'Images' }).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  // The radio is named by its card; a person clicks the card (a choice only), then adds it.
  expect(await picker.getByRole('radio', { name: 'green-square.png' }).count()).toBe(1);
  await picker.getByText('green-square.png').click();
  await picker.getByRole('button', { name: 'Add image' }).click();
  await picker.waitFor({ state: 'detached' });
  // Saved, the design keeps its placeholder: the drawn default was only the editor's preview.
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.').waitFor();
  const { template: saved } = (await (await context.request.get(`${rig.stack.baseUrl}/templates/${uid}`)).json()) as {
    template: { fabricJSData: { background: string; objects: { type: string; left: number; top: number }[] } };
  };
  expect([saved.fabricJSData.background, saved.fabricJSData.objects.length]).toEqual(['{{background}}', 5]);
  // The new image lands in the middle of the part of the design on screen (not at the design's corner, maybe scrolled
  // away), drawn there in green.
  const added = saved.fabricJSData.objects.at(-1)!;
  expect(added.type).toBe('Image');
  const [canvasBox, areaBox] = [(await surface.boundingBox())!, (await scroller.boundingBox())!];
  const onScreen = { x: canvasBox.x + added.left + 20, y: canvasBox.y + added.top + 20 };
  expect(Math.abs(onScreen.x - (areaBox.x + areaBox.width / 2))).toBeLessThan(30);
  expect(Math.abs(onScreen.y - (areaBox.y + Math.min(areaBox.height, page.viewportSize()!.height - areaBox.y) / 2))).toBeLessThan(30);
  await eventually(async () => (await pixelAt(added.left + 5, added.top + 5))[1] === 255, 'the added image drawn');
  expect(await pixelAt(added.left + 5, added.top + 5)).toEqual([0, 255, 0, 255]);
  expect(JSON.stringify(saved.fabricJSData)).not.toContain('colourPreviews');

  // The copy is the account's own template now.
  const templates = (await (await context.request.get(`${rig.stack.baseUrl}/templates`)).json()) as {
    templates: { uid: string; tags: string[] }[];
  };
  expect(templates.templates.find((t) => t.uid === uid)?.tags).toEqual(['starter', 'quote-card']);
}, 120_000);

/** The rows (of `from`..`to`) where a picture has dark ink (the certificate's name and course lines are #111827). */
function inkRows(image: { width: number; data: Uint8Array | Uint8ClampedArray }, channels: number, from: number, to: number): number[] {
  const rows: number[] = [];
  for (let y = from; y < to; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * channels;
      if (image.data[i]! < 100 && image.data[i + 1]! < 100 && image.data[i + 2]! < 100) {
        rows.push(y);
        break;
      }
    }
  }
  return rows;
}

test('certificate starter: a 70-character name shrinks along its one line (Fit: one line), in the render and in the editor’s tried values alike; its PDF is A4 landscape', async () => {
  // Wrapped, a name this long broke onto two smaller lines; the starter's name is "Fit: one line, shrink".
  const LONG = 'Maria Guadalupe Fernandez de la Cruz y Rodriguez-Santamaria Ortega III';
  expect(LONG).toHaveLength(70);
  const copied = await callAsSession(rig, context, 'POST', '/templates/starters/certificate/copy', {});
  const { uid } = ((await copied.json()) as { template: { uid: string } }).template;
  const rendered = await callAsSession(rig, context, 'POST', `/templates/${uid}/render`, { format: 'png', variables: { recipient: LONG } });
  expect(rendered.status()).toBe(200);
  const file = await fetch(((await rendered.json()) as { url: string }).url.replace('//localhost:', '//127.0.0.1:'));
  const render = await rgbOverWhite(Buffer.from(await file.arrayBuffer()));
  expect([render.width, render.height]).toEqual([1754, 1240]);
  // The name's box starts at 470 and is one 110-px line tall (to 598); the rule is at 620, "completed …" from 680.
  const name = inkRows(render, 3, 400, 680);
  expect(name.length).toBeGreaterThan(20);
  expect([name[0]! >= 470, name.at(-1)! < 600]).toEqual([true, true]);
  // One line: the ink is one band, no gap between two lines of words.
  expect(name.every((y, i) => i === 0 || y - name[i - 1]! <= 2)).toBe(true);
  // …and within the box's width (177 to 1577): shrunk to fit along the line, not spilling past the frame.
  const inkColumns = (image: typeof render) => {
    const columns: number[] = [];
    for (let x = 0; x < image.width; x++)
      for (let y = 470; y < 600; y++) {
        const i = (y * image.width + x) * 3;
        if (image.data[i]! < 100 && image.data[i + 1]! < 100 && image.data[i + 2]! < 100) {
          columns.push(x);
          break;
        }
      }
    return [columns[0]! >= 170, columns.at(-1)! <= 1585];
  };
  expect(inkColumns(render)).toEqual([true, true]);
  expect(inkRows(render, 3, 680, 760).length).toBeGreaterThan(10);
  // A word wider than the box at 110 px (fabric widens a text box to its longest word as it loads it) shrinks to the
  // box as designed too.
  const oneWord = await callAsSession(rig, context, 'POST', `/templates/${uid}/render`, {
    format: 'png',
    variables: { recipient: 'Maximiliana Alexandrova-Featherstonehaugh' },
  });
  const wordFile = await fetch(((await oneWord.json()) as { url: string }).url.replace('//localhost:', '//127.0.0.1:'));
  expect(inkColumns(await rgbOverWhite(Buffer.from(await wordFile.arrayBuffer())))).toEqual([true, true]);

  // The editor's "Try values on canvas" shrinks the name by the same rule: the same rows, read at 100 %.
  await page.goto(rig.url(`templates/${uid}/canvas`));
  await page.getByRole('heading', { name: 'Edit Certificate', level: 1 }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: '100 %' }).click();
  await page.getByLabel('Try value for recipient').fill(LONG);
  await page.getByRole('button', { name: 'Try values on canvas' }).click();
  await page.getByText('Showing tried values: go back to the design to edit it.').waitFor();
  const editorRows = () =>
    page.evaluate(() => {
      const canvas = document.querySelector('canvas.lower-canvas') as HTMLCanvasElement;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      const rows: number[] = [];
      for (let y = 400; y < Math.min(680, canvas.height); y++) {
        for (let x = 0; x < canvas.width; x++) {
          const i = (y * canvas.width + x) * 4;
          if (data[i + 3]! > 200 && data[i]! < 100 && data[i + 1]! < 100 && data[i + 2]! < 100) {
            rows.push(y);
            break;
          }
        }
      }
      return [canvas.width, rows] as const;
    });
  let shown: readonly [number, number[]] = [0, []];
  // Up to 30 s of looks (a loaded CI machine draws slowly); the checks below say what was shown last.
  for (let i = 0; i < 300; i++) {
    shown = await editorRows();
    if (shown[0] === 1754 && shown[1].length > 0 && shown[1].at(-1)! < 600) break;
    await page.waitForTimeout(100);
  }
  expect(shown[0]).toBe(1754);
  expect(Math.abs(shown[1][0]! - name[0]!)).toBeLessThanOrEqual(2);
  expect(Math.abs(shown[1].at(-1)! - name.at(-1)!)).toBeLessThanOrEqual(2);
  // One band in the editor too (no second line of words).
  expect(shown[1].every((y, i) => i === 0 || y - shown[1][i - 1]! <= 2)).toBe(true);
  await page.getByRole('button', { name: 'Back to the design' }).first().click();

  // The name's Properties say how it fits; the choice is saved in the design (wrap, the default, is left out).
  await page.getByRole('region', { name: 'Layers' }).getByRole('button', { name: 'Text “{{recipient}}”', exact: true }).click();
  const fit = page.getByRole('region', { name: 'Properties' }).getByLabel('Fit', { exact: true });
  await fit.waitFor();
  expect(await fit.inputValue()).toBe('one-line');
  const savedFit = async (choice: string) => {
    await fit.selectOption({ label: choice });
    // The change marks the design unsaved; "Saved." shows again only once this save has answered.
    await page.getByText('Unsaved changes.').waitFor();
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Saved.').waitFor();
    const { template } = (await (await context.request.get(`${rig.stack.baseUrl}/templates/${uid}`)).json()) as {
      template: { fabricJSData: { objects: { text?: string; autoFitMode?: string }[] } };
    };
    return template.fabricJSData.objects.find((o) => o.text === '{{recipient}}')?.autoFitMode;
  };
  expect(await savedFit('Wrap then shrink')).toBeUndefined();
  expect(await savedFit('One line, shrink')).toBe('one-line');

  // Printed, the certificate is A4 landscape (841.89 × 595.28 pt), not the design's 1754 × 1240 px as points.
  const printed = await callAsSession(rig, context, 'POST', `/templates/${uid}/render`, { format: 'pdf', variables: { recipient: LONG } });
  expect(printed.status()).toBe(200);
  const answer = (await printed.json()) as { url: string; pageSize: { width: number; height: number } };
  expect(answer.pageSize).toEqual({ width: 842, height: 595 });
  const pdf = Buffer.from(await (await fetch(answer.url.replace('//localhost:', '//127.0.0.1:'))).arrayBuffer());
  const [, pageWidth, pageHeight] = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1')) ?? [];
  expect([Math.abs(Number(pageWidth) - 841.89) < 1, Math.abs(Number(pageHeight) - 595.28) < 1]).toEqual([true, true]);
}, 180_000);

test('an HTML starter opens in the HTML editor with its code, its variables and its live preview', async () => {
  await nav('Starter gallery').click();
  await page.getByRole('button', { name: 'Use this template: Receipt (HTML)' }).click();
  await page.waitForURL(/\/app\/templates\/tpl_[^/]+$/);
  await page.getByRole('heading', { name: 'Edit Receipt (HTML)', level: 1 }).waitFor();
  // Its code, with the template language's repeat and condition, in the code editor.
  await eventually(
    async () => ((await page.locator('.cm-content').first().textContent()) ?? '').includes(`_for="item in split(items, ';')"`),
    'the starter’s code',
  );
  expect(await page.locator('.cm-content').first().textContent()).toContain('_if="paid"');
  // Each variable it reads has its field; the preview is the renderer's picture of it.
  const shown = await page.getByRole('main').innerText();
  expect(
    ['shop · text', 'order · text', 'items · text', 'total · number', 'currencyCode · text'].filter((line) => !shown.includes(line)),
  ).toEqual([]);
  await page.getByLabel('paid', { exact: true }).waitFor();
  await page.getByRole('img', { name: 'Live preview' }).waitFor({ timeout: 30_000 });
  expect(await accessibilityViolations(page)).toEqual([]);

  // The copy is the template's first save (version 1, POST /templates/starters/{key}/copy names it), and gets its
  // preview as a thumbnail as a Duplicate's copy does: the templates list shows the receipt, not "Not rendered yet".
  const uid = page.url().split('/').pop()!;
  const thumbnail = async () =>
    ((await (await callAsSession(rig, context, 'GET', `/templates/${uid}`)).json()) as { template: { thumbnail: string | null } }).template
      .thumbnail;
  await eventually(async () => (await thumbnail()) !== null, "the copy's thumbnail", 20_000);
  await nav('Templates').click();
  const card = page.getByRole('list', { name: 'Templates' }).getByRole('listitem').filter({ hasText: 'Receipt (HTML)' });
  await card.getByRole('img', { name: 'Thumbnail of Receipt (HTML)' }).waitFor();
  expect(await card.getByText('Not rendered yet').count()).toBe(0);
});
