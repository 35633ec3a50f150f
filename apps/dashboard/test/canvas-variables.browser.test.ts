import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { BrowserContext, Page } from 'playwright-core';
import { decode } from '../../../deploy/embedded/test/harness.js';
import { eventually, near, startSignedInRig, waitForPixel, type DashboardRig, editorCanvasPixel } from './browser.js';
import { renderOfTemplate } from './canvas-parity.js';

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;
let close: (() => Promise<void>) | undefined;

const RED = [255, 0, 0];
const GREEN = [0, 255, 0];
const BLUE = [0, 0, 255];

/** A 10×10 image of one colour (SVG: fabric and the renderer load it like any image). */
async function imageDataUrl(colour: number[]): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="rgb(${colour.join(',')})"/></svg>`;
  return Promise.resolve(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
}

/** 300×100: a red box (left third), a red image (middle third), a black title on white (right third). */
async function design(): Promise<Record<string, unknown>> {
  const at = (left: number) => ({ originX: 'left', originY: 'top', left, top: 0 });
  return {
    background: '#ffffff',
    objects: [
      { type: 'Rect', name: 'Box', ...at(0), width: 100, height: 100, fill: '#ff0000', strokeWidth: 0 },
      { type: 'Image', name: 'Photo', ...at(100), width: 10, height: 10, scaleX: 10, scaleY: 10, src: await imageDataUrl(RED) },
      { type: 'Textbox', name: 'Title', ...at(205), width: 90, text: 'i', fontSize: 60, fill: '#000000', fontFamily: 'sans-serif' },
    ],
  };
}

const canvasPixel = (x: number, y: number) => editorCanvasPixel(page, x, y);
/** Dark pixels in the title's third: how much text is drawn there. */
async function titleInk(): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[aria-label="Design canvas"]')!;
    const scale = canvas.width / canvas.clientWidth || 1;
    const data = canvas.getContext('2d')!.getImageData(200 * scale, 0, 100 * scale, 100 * scale).data;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 100 && data[i + 1]! < 100 && data[i + 2]! < 100) ink++;
    return ink;
  });
}
const waitForCanvas = (x: number, y: number, colour: number[]) =>
  eventually(async () => near(await canvasPixel(x, y), colour, 30), `the canvas to show ${colour.join(',')} at ${x},${y}`);

async function bind(layer: string, variable: string, action: string): Promise<void> {
  await page.getByRole('region', { name: 'Layers' }).getByRole('button', { name: layer, exact: true }).click();
  const panel = page.getByRole('region', { name: 'Variables' });
  await panel.getByRole('textbox', { name: 'Variable name' }).fill(variable);
  await panel.getByRole('button', { name: action }).click();
  await panel.getByText(`Bound to ${variable}.`).waitFor();
}

/** A state-changing API call with the session cookie (and its CSRF token, as the dashboard sends it). */
async function post(path: string, data: unknown) {
  const csrf = (await context.cookies()).find((c) => c.name === 'pressroom_csrf')!.value;
  return context.request.post(`${rig.stack.baseUrl}${path}`, { data, headers: { 'x-csrf-token': csrf } });
}

async function apiRender(uid: string, json: unknown): Promise<{ url: string }> {
  const res = await post(`/templates/${uid}/render`, json);
  expect(res.status()).toBe(200);
  return (await res.json()) as { url: string };
}
const pixelOfUrl = async (url: string, x: number, y: number) => (await decode(url.replace('//localhost:', '//127.0.0.1:'))).pixel(x, y);

beforeAll(async () => {
  ({ rig, context, page, close } = await startSignedInRig({ email: 'designer@example.com', name: 'Designer', plan: 'business' }));
}, 120_000);

afterAll(async () => {
  await close?.();
});

test('bind a colour, an image and a text; try values on the canvas; save; render with values; restore a version', async () => {
  const created = await post('/templates', { name: 'Variables card', fabricJSData: await design(), width: 300, height: 100 });
  expect(created.status()).toBe(200);
  const { uid } = ((await created.json()) as { template: { uid: string } }).template;

  await page.goto(rig.url(`templates/${uid}/canvas`));
  await page.getByRole('region', { name: 'Layers' }).getByRole('button', { name: 'Box', exact: true }).waitFor();
  await waitForCanvas(50, 50, RED);
  const inkBefore = await titleInk();

  await bind('Box', 'brand', 'Bind fill colour');
  await bind('Photo', 'photo', 'Bind image source');
  await bind('Title', 'title', 'Bind whole text');

  // The panel lists each variable with its type (from what it is bound to) and the design's value as default.
  const panel = page.getByRole('region', { name: 'Variables' });
  const brand = panel.getByRole('listitem', { name: 'Variable brand' });
  await expect(brand.getByRole('combobox', { name: 'Type' }).inputValue()).resolves.toBe('color');
  await expect(brand.getByRole('textbox', { name: 'Default' }).inputValue()).resolves.toBe('#ff0000');
  await expect(panel.getByRole('listitem', { name: 'Variable photo' }).getByRole('combobox', { name: 'Type' }).inputValue()).resolves.toBe(
    'image',
  );
  await panel.getByRole('listitem', { name: 'Variable title' }).getByRole('checkbox', { name: 'Required' }).check();

  // Try values: the canvas changes, the design does not.
  await panel.getByRole('textbox', { name: 'Try value for brand' }).fill('#0000ff');
  await panel.getByRole('textbox', { name: 'Try value for photo' }).fill(await imageDataUrl(GREEN));
  await panel.getByRole('textbox', { name: 'Try value for title' }).fill('WWWWW');
  await panel.getByRole('button', { name: 'Try values on canvas' }).click();
  await waitForCanvas(50, 50, BLUE);
  await waitForCanvas(150, 50, GREEN);
  await eventually(async () => (await titleInk()) > inkBefore * 2, 'the tried title to draw more ink');
  await panel.getByRole('button', { name: 'Back to the design' }).click();
  await waitForCanvas(50, 50, RED);
  await waitForCanvas(150, 50, RED);

  // One Save stores the design (bindings) and the definitions together.
  await page.getByText('Unsaved changes.').waitFor();
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.', { exact: true }).waitFor();
  const saved = (await (await context.request.get(`${rig.stack.baseUrl}/templates/${uid}`)).json()) as {
    template: { fabricJSData: { objects: Array<{ variableBindings?: Record<string, string> }> }; variableDefinitions: unknown[] };
  };
  expect(saved.template.fabricJSData.objects.map((o) => o.variableBindings)).toEqual([
    { fill: 'brand' },
    { src: 'photo' },
    { text: 'title' },
  ]);
  expect(saved.template.variableDefinitions).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: 'brand', type: 'color', defaultValue: '#ff0000' }),
      expect.objectContaining({ name: 'title', type: 'text', validation: expect.objectContaining({ required: true }) }),
    ]),
  );

  // Render with the tried values: the real renderer, through the API.
  await page.getByRole('region', { name: 'Render' }).getByRole('button', { name: 'Render', exact: true }).click();
  await waitForPixel(page, 'Rendered result', BLUE, [50, 50]);
  await waitForPixel(page, 'Rendered result', GREEN, [150, 50]);
  const byApi = await apiRender(uid, { variables: { brand: '#00ff00', title: 'x' } });
  expect(near(await pixelOfUrl(byApi.url, 50, 50), GREEN)).toBe(true);
  expect(near(await pixelOfUrl(byApi.url, 150, 50), RED)).toBe(true); // photo's default: the design's own image

  // Use via API: the curl beside the canvas is a request that works as it is (its body, sent to POST /image).
  await page.getByRole('region', { name: 'Use via API' }).getByText('Show the code').click();
  const curl = (await page.getByRole('region', { name: 'Use via API' }).getByRole('figure').first().locator('code').textContent())!;
  const body = JSON.parse(/-d '(.*)'$/s.exec(curl)![1]!) as { template: string; variables: Record<string, unknown> };
  expect(body.template).toBe(uid);
  expect(Object.keys(body.variables)).toEqual(expect.arrayContaining(['brand', 'title']));
  const bySnippet = await post('/image', body);
  expect(bySnippet.status()).toBe(200);
  // With the values tried, as the Render panel: the snippet makes the picture just rendered.
  expect(near(await pixelOfUrl(((await bySnippet.json()) as { url: string }).url, 50, 50), BLUE)).toBe(true);

  // Versions: 1 (created), 2 (saved design and variables: one save, one version); the editor sent a thumbnail of the newest.
  const versions = page.getByRole('region', { name: 'Versions' });
  await versions.getByRole('img', { name: 'Version 2' }).waitFor();
  // The version's thumbnail is the canvas's export (the template's own `thumbnail` is its latest render by now).
  const history = (await (await context.request.get(`${rig.stack.baseUrl}/templates/${uid}/versions`)).json()) as {
    versions: Array<{ number: number; thumbnail: string | null }>;
  };
  const thumb = await decode(history.versions[0]!.thumbnail!.replace('//localhost:', '//127.0.0.1:'));
  expect([history.versions[0]!.number, thumb.width, thumb.height]).toEqual([2, 300, 100]);
  expect(near(thumb.pixel(50, 50), RED, 30)).toBe(true);
  expect(near(thumb.pixel(150, 50), RED, 30)).toBe(true);

  // Restore version 1 (no bindings): the canvas reloads it and the API renders it whatever the values.
  await versions.getByRole('button', { name: 'Restore version 1' }).click();
  await versions.getByText('Restored version 1.').waitFor();
  await versions.getByText('Version 3').waitFor();
  const restored = await apiRender(uid, { variables: { brand: '#0000ff', title: 'x' } });
  expect(near(await pixelOfUrl(restored.url, 50, 50), RED)).toBe(true);
  await waitForCanvas(50, 50, RED);

  // A layout by copying the design at another size: saved under its key, shown on the canvas, rendered by key.
  const layouts = page.getByRole('region', { name: 'Layouts and pages' });
  await layouts.getByRole('textbox', { name: 'Layout key' }).fill('square');
  await layouts.getByRole('spinbutton', { name: 'Layout width' }).fill('200');
  await layouts.getByRole('spinbutton', { name: 'Layout height' }).fill('200');
  await layouts.getByRole('button', { name: 'Copy to new layout' }).click();
  await layouts.getByRole('button', { name: 'square · 200×200' }).waitFor();
  await waitForCanvas(20, 20, RED);
  const square = await apiRender(uid, { layout: 'square', variables: { title: 'x' } });
  const squareImage = await decode(square.url.replace('//localhost:', '//127.0.0.1:'));
  expect([squareImage.width, squareImage.height]).toEqual([200, 200]);
  expect(near(squareImage.pixel(20, 20), RED)).toBe(true);
  // Switching back shows the default design; deleting the layout removes it from the template.
  await layouts.getByRole('button', { name: 'default · 300×100' }).click();
  await layouts.getByRole('button', { name: 'Delete layout square' }).click();
  await eventually(
    async () =>
      Object.keys(
        ((await (await context.request.get(`${rig.stack.baseUrl}/templates/${uid}`)).json()) as { template: { layouts: object } }).template
          .layouts,
      ).length === 0,
    'the layout to be deleted',
  );
}, 180_000);

test('with unsaved changes the render button saves first (design and variables in one save); a refused save renders nothing', async () => {
  const created = await post('/templates', { name: 'Save and render card', fabricJSData: await design(), width: 300, height: 100 });
  expect(created.status()).toBe(200);
  const { uid } = ((await created.json()) as { template: { uid: string } }).template;
  const renders = async () =>
    ((await (await context.request.get(`${rig.stack.baseUrl}/renders?templateUid=${uid}`)).json()) as { items: unknown[] }).items.length;
  await page.goto(rig.url(`templates/${uid}/canvas`));
  await waitForCanvas(50, 50, RED);
  const panel = page.getByRole('region', { name: 'Variables' });
  const render = page.getByRole('region', { name: 'Render' });

  // Unsaved: the box's fill bound to a variable (a design edit and a new definition), a value tried for it.
  await bind('Box', 'brand', 'Bind fill colour');
  await panel.getByRole('textbox', { name: 'Try value for brand' }).fill('#0000ff');
  await page.getByText('Unsaved changes.').waitFor();
  await render.getByRole('button', { name: 'Save and render', exact: true }).click();
  // The render shows the binding, which only the saved design has: the box takes the tried colour.
  await waitForPixel(page, 'Rendered result', BLUE, [50, 50]);
  const saved = (await (await context.request.get(`${rig.stack.baseUrl}/templates/${uid}`)).json()) as {
    template: { fabricJSData: { objects: Array<{ variableBindings?: Record<string, string> }> }; variableDefinitions: unknown[] };
  };
  expect(saved.template.fabricJSData.objects[0]!.variableBindings).toEqual({ fill: 'brand' });
  expect(saved.template.variableDefinitions).toEqual([expect.objectContaining({ name: 'brand', type: 'color' })]);
  await page.getByText('Saved.', { exact: true }).waitFor();
  await render.getByRole('button', { name: 'Render', exact: true }).waitFor();
  expect(await renders()).toBe(1);

  // A setting the save refuses: the reason beside its field and in the save bar, as for Save template; no render.
  const maxLength = panel.getByRole('listitem', { name: 'Variable brand' }).getByRole('spinbutton', { name: 'Max length' });
  await maxLength.fill('-5');
  await render.getByRole('button', { name: 'Save and render', exact: true }).click();
  await page
    .getByRole('form', { name: 'Template size and save' })
    .getByRole('alert')
    .filter({ hasText: 'A variable’s settings cannot be saved' })
    .waitFor();
  expect(await errorBeside(maxLength)).toBe('Must be at least 0.');
  await render.getByText('Not rendered: the template could not be saved.').waitFor();
  expect(await render.getByRole('img', { name: 'Rendered result' }).count()).toBe(0);
  expect(await renders()).toBe(1);
});

test('a design without variables renders from the Render panel: a PNG of what the canvas shows, a PDF on a page of its size', async () => {
  const created = await post('/templates', { name: 'No variables card', fabricJSData: await design(), width: 300, height: 100 });
  expect(created.status()).toBe(200);
  const { uid } = ((await created.json()) as { template: { uid: string } }).template;
  await page.goto(rig.url(`templates/${uid}/canvas`));
  await waitForCanvas(50, 50, RED);
  const render = page.getByRole('region', { name: 'Render' });
  await render.getByRole('button', { name: 'Render', exact: true }).click();
  await waitForPixel(page, 'Rendered result', RED, [50, 50]);
  // A canvas has nothing a GIF would animate: not offered.
  expect(await render.getByLabel('Format').locator('option').allTextContents()).toEqual([
    'PNG image',
    'JPEG image',
    'WebP image',
    'PDF document',
  ]);
  await render.getByLabel('Format').selectOption('pdf');
  await render.getByRole('button', { name: 'Render', exact: true }).click();
  const pdfLink = render.getByRole('link', { name: 'Open the PDF' });
  await pdfLink.waitFor({ timeout: 30_000 });
  // 300×100 px is 225×75 pt: the design's own size, not A4.
  await render.getByText(/1 page · 225×75 pt/).waitFor();
  const pdf = await context.request.get((await pdfLink.getAttribute('href'))!.replace('//localhost:', '//127.0.0.1:'));
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a colour written as a placeholder: drawn with its default, named beside its field, tried, saved as written until replaced', async () => {
  const created = await post('/templates', {
    name: 'Placeholder colour',
    width: 300,
    height: 100,
    variableDefinitions: [{ name: 'brand', type: 'color', defaultValue: '#00ff00' }],
    fabricJSData: {
      background: '#ffffff',
      objects: [
        {
          type: 'Rect',
          name: 'Box',
          originX: 'left',
          originY: 'top',
          left: 0,
          top: 0,
          width: 100,
          height: 100,
          fill: '{{brand}}',
          strokeWidth: 0,
        },
      ],
    },
  });
  expect(created.status()).toBe(200);
  const { uid } = ((await created.json()) as { template: { uid: string } }).template;
  const savedFill = async () => {
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Saved.').waitFor();
    const res = await context.request.get(`${rig.stack.baseUrl}/templates/${uid}`);
    return ((await res.json()) as { template: { fabricJSData: { objects: Array<{ fill: string }> } } }).template.fabricJSData.objects[0]!
      .fill;
  };

  await page.goto(rig.url(`templates/${uid}/canvas`));
  // Fabric would draw "{{brand}}" black: the editor draws the variable's default.
  await waitForCanvas(50, 50, GREEN);
  await page.getByRole('region', { name: 'Layers' }).getByRole('button', { name: 'Box', exact: true }).click();
  const fill = page.getByLabel('Fill colour');
  const note = async () => {
    const id = await fill.getAttribute('aria-describedby');
    return id ? page.locator(`[id="${id}"]`).textContent() : null;
  };
  expect(await note()).toMatch(/^Set by \{\{brand\}\} in each render \(shown with its default\)/);

  // A tried value fills the placeholder; back to the design, the default again.
  const panel = page.getByRole('region', { name: 'Variables' });
  await panel.getByRole('textbox', { name: 'Try value for brand' }).fill('#0000ff');
  await panel.getByRole('button', { name: 'Try values on canvas' }).click();
  await waitForCanvas(50, 50, BLUE);
  await panel.getByRole('button', { name: 'Back to the design' }).click();
  await waitForCanvas(50, 50, GREEN);
  expect(await savedFill()).toBe('{{brand}}');

  // A colour picked in its field replaces the variable: drawn, no longer named, saved as picked.
  await page.getByRole('region', { name: 'Layers' }).getByRole('button', { name: 'Box', exact: true }).click();
  await fill.fill('#ff0000');
  await waitForCanvas(50, 50, RED);
  expect(await note()).toBeNull();
  expect(await savedFill()).toBe('#ff0000');
});

test('a PDF template’s pages: add a copy of the canvas, reorder, delete; the PDF follows', async () => {
  const words = (text: string) => ({
    background: '#ffffff',
    objects: [{ type: 'Textbox', originX: 'left', originY: 'top', left: 10, top: 20, width: 280, fontSize: 40, fill: '#000000', text }],
  });
  const created = await post('/templates', {
    name: 'Paged document',
    fabricJSData: words('COVER'),
    width: 300,
    height: 100,
    outputFormat: 'pdf',
    pages: [
      { pageNumber: 1, name: 'Front', fabricJSData: words('FRONT') },
      { pageNumber: 2, name: 'Back', fabricJSData: words('BACK') },
    ],
  });
  expect(created.status()).toBe(200);
  const { uid } = ((await created.json()) as { template: { uid: string } }).template;
  const pagesNow = async () => {
    const res = await context.request.get(`${rig.stack.baseUrl}/templates/${uid}`);
    if (res.status() !== 200) throw new Error(`GET /templates/${uid}: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { template: { pages: Array<{ pageNumber: number; name: string }> } }).template.pages;
  };

  await page.goto(rig.url(`templates/${uid}/canvas`));
  const panel = page.getByRole('region', { name: 'Layouts and pages' });
  const list = panel.getByRole('list', { name: 'Pages' });
  await list.getByRole('button', { name: 'Back' }).waitFor();
  // The canvas shows the default design (COVER): the new page is a copy of it, last.
  await panel.getByRole('button', { name: 'Add page (copy of the canvas)' }).click();
  await eventually(async () => (await pagesNow()).length === 3, 'the third page to be saved');
  await panel.getByRole('button', { name: 'Move page 3 up' }).click();
  await eventually(async () => (await pagesNow())[1]?.name === 'Page 3', 'the new page to move up');
  await panel.getByRole('button', { name: 'Delete page 1' }).click();
  // Renumbered and saved: the copied cover first, then the back.
  const order = async () => JSON.stringify((await pagesNow()).map((p) => [p.pageNumber, p.name]));
  await eventually(
    async () =>
      (await order()) ===
      JSON.stringify([
        [1, 'Page 3'],
        [2, 'Back'],
      ]),
    'the first page to be deleted',
  );

  // The PDF has the pages in that order: the copied cover, then the back.
  const res = await post('/pdf/render', { templateUid: uid });
  expect(res.status()).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-pages-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, Buffer.from(await (await fetch(url.replace('//localhost:', '//127.0.0.1:'))).arrayBuffer()));
    const text = (p: number) => execFileSync('pdftotext', ['-f', String(p), '-l', String(p), file, '-'], { encoding: 'utf8' });
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/^Pages:\s+2$/m);
    expect(text(1)).toContain('COVER');
    expect(text(2)).toContain('BACK');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 180_000);

test('while values are tried the design cannot be edited (a note says so), Save saves the design, and back to the design keeps it', async () => {
  const created = await post('/templates', { name: 'Tried card', fabricJSData: await design(), width: 300, height: 100 });
  expect(created.status()).toBe(200);
  const { uid } = ((await created.json()) as { template: { uid: string } }).template;
  const savedTexts = async () => {
    const res = await context.request.get(`${rig.stack.baseUrl}/templates/${uid}`);
    return ((await res.json()) as { template: { fabricJSData: { objects: Array<{ text?: string }> } } }).template.fabricJSData.objects.map(
      (o) => o.text,
    );
  };
  const layerButtons = () => page.getByRole('list', { name: 'Layers, front to back' }).getByRole('listitem').count();
  await page.goto(rig.url(`templates/${uid}/canvas`));
  await waitForCanvas(50, 50, RED);
  // "Insert {{who}} in text" keeps the placeholder a word of its own.
  const panel = page.getByRole('region', { name: 'Variables' });
  await page.getByRole('region', { name: 'Layers' }).getByRole('button', { name: 'Title', exact: true }).click();
  await panel.getByRole('textbox', { name: 'Variable name' }).fill('who');
  await panel.getByRole('button', { name: 'Insert {{who}} in text' }).click();
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.', { exact: true }).waitFor();
  expect(await savedTexts()).toEqual([undefined, undefined, 'i {{who}}']);
  const layersBefore = await layerButtons();

  await panel.getByRole('textbox', { name: 'Try value for who' }).fill('W');
  await panel.getByRole('button', { name: 'Try values on canvas' }).click();
  const note = page.getByRole('status').filter({ hasText: 'Showing tried values: go back to the design to edit it.' });
  await note.waitFor();
  // The toolbar, the layers and the keyboard edit nothing while trying.
  const addRectangle = page.getByRole('toolbar', { name: 'Add objects' }).getByRole('button', { name: 'Add rectangle' });
  expect(await addRectangle.isDisabled()).toBe(true);
  await addRectangle.click({ force: true });
  const box = page.getByRole('region', { name: 'Layers' }).getByRole('button', { name: 'Box', exact: true });
  expect(await box.isDisabled()).toBe(true);
  await box.click({ force: true });
  expect(await panel.getByRole('textbox', { name: 'Variable name' }).count()).toBe(0); // nothing selected to bind
  await page.keyboard.press('Control+z'); // would take the insertion back
  expect(await layerButtons()).toBe(layersBefore);
  // Save while trying saves the design, not the tried values.
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.', { exact: true }).waitFor();
  expect(await savedTexts()).toEqual([undefined, undefined, 'i {{who}}']);

  // Back to the design (the note's own button): the design as it was, editable again.
  await note.getByRole('button', { name: 'Back to the design' }).click();
  await note.waitFor({ state: 'detached' });
  await waitForCanvas(50, 50, RED);
  expect(await addRectangle.isDisabled()).toBe(false);
  expect(await layerButtons()).toBe(layersBefore);
  expect(await page.getByText('Unsaved changes.').count()).toBe(0);
  await addRectangle.click();
  await eventually(async () => (await layerButtons()) === layersBefore + 1, 'the rectangle to be added');
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.', { exact: true }).waitFor();
  expect(await savedTexts()).toEqual([undefined, undefined, 'i {{who}}', undefined]);
  // The value tried is kept in this browser for the template: reopened, the editor offers it again.
  await panel.getByRole('textbox', { name: 'Try value for who' }).fill('Wanda');
  await page.goto(rig.url('templates'));
  await page.goto(rig.url(`templates/${uid}/canvas`));
  await eventually(
    async () => (await panel.getByRole('textbox', { name: 'Try value for who' }).inputValue()) === 'Wanda',
    'the tried value back',
  );
});

test('leaving with unsaved changes asks first: staying keeps them; after Save (or with no change) leaving does not ask', async () => {
  const created = await post('/templates', { name: 'Unsaved card', fabricJSData: await design(), width: 300, height: 100 });
  expect(created.status()).toBe(200);
  const { uid } = ((await created.json()) as { template: { uid: string } }).template;
  const layerButtons = () => page.getByRole('list', { name: 'Layers, front to back' }).getByRole('listitem').count();
  const open = async () => {
    await page.goto(rig.url(`templates/${uid}/canvas`));
    await waitForCanvas(50, 50, RED);
  };
  const allTemplates = page.getByRole('link', { name: 'All templates' });
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });

  // Nothing changed (selecting an object is no change): leaving does not ask.
  await open();
  await page.getByRole('region', { name: 'Layers' }).getByRole('button', { name: 'Box', exact: true }).click();
  await page.getByRole('region', { name: 'Properties' }).getByText('Box', { exact: true }).waitFor();
  expect(await page.getByText('Unsaved changes.').count()).toBe(0);
  await allTemplates.click();
  await page.waitForURL(/\/templates$/);
  expect(await leave.count()).toBe(0);

  // A rectangle added: leaving asks; staying keeps it.
  await open();
  await page.getByRole('toolbar', { name: 'Add objects' }).getByRole('button', { name: 'Add rectangle' }).click();
  await eventually(async () => (await layerButtons()) === 4, 'the rectangle to be added');
  await page.getByText('Unsaved changes.').waitFor();
  // Undone back to the saved design: nothing unsaved; redone: unsaved again.
  await page.keyboard.press('Control+z');
  await eventually(async () => (await layerButtons()) === 3, 'the rectangle to be undone');
  await page.getByText('Unsaved changes.').waitFor({ state: 'detached' });
  await page.keyboard.press('Control+Shift+Z');
  await eventually(async () => (await layerButtons()) === 4, 'the rectangle to be redone');
  await page.getByText('Unsaved changes.').waitFor();
  await allTemplates.click();
  await leave.getByRole('button', { name: 'Stay here' }).click();
  await leave.waitFor({ state: 'detached' });
  expect(page.url()).toMatch(/\/canvas$/);
  expect(await layerButtons()).toBe(4);

  // Saved: leaving does not ask.
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.', { exact: true }).waitFor();
  await allTemplates.click();
  await page.waitForURL(/\/templates$/);
  expect(await leave.count()).toBe(0);
  const res = await context.request.get(`${rig.stack.baseUrl}/templates/${uid}`);
  expect(((await res.json()) as { template: { fabricJSData: { objects: unknown[] } } }).template.fabricJSData.objects).toHaveLength(4);
});

test('variable names follow the API’s rule: Unicode letters are taken, a keyword or a leading digit is refused with the API’s words', async () => {
  const created = await post('/templates', { name: 'Unicode names', fabricJSData: await design(), width: 300, height: 100 });
  expect(created.status()).toBe(200);
  const { uid } = ((await created.json()) as { template: { uid: string } }).template;
  await page.goto(rig.url(`templates/${uid}/canvas`));
  await page.getByRole('region', { name: 'Layers' }).getByRole('button', { name: 'Title', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Variables' });
  const name = panel.getByRole('textbox', { name: 'Variable name' });
  const bindText = panel.getByRole('button', { name: 'Bind whole text' });
  const errorOf = async () => {
    if ((await name.getAttribute('aria-invalid')) !== 'true') return null;
    return page.locator(`[id="${(await name.getAttribute('aria-describedby'))!}"]`).textContent();
  };

  await name.fill('true');
  expect(await errorOf()).toBe('true is a keyword of the template language, not a variable name.');
  expect(await bindText.isDisabled()).toBe(true);
  await name.fill('2x');
  expect(await errorOf()).toMatch(/^2x is not a variable name/);
  // The API's backticks show as code, not as backticks.
  expect(
    await page
      .locator(`[id="${(await name.getAttribute('aria-describedby'))!}"] code`)
      .first()
      .textContent(),
  ).toBe('2x');
  await name.fill('prénom');
  expect(await errorOf()).toBeNull();
  await bindText.click();
  await panel.getByText('Bound to prénom.').waitFor();
  await panel.getByRole('listitem', { name: 'Variable prénom' }).waitFor();
  // The definition the binding made (its default: the text) is unsaved until Save template, which keeps it with the
  // binding; the API takes it: the same rule on both sides.
  await page.getByText('Unsaved changes.').waitFor();
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.', { exact: true }).waitFor();
  const saved = (await (await context.request.get(`${rig.stack.baseUrl}/templates/${uid}`)).json()) as {
    template: { variableDefinitions: Array<{ name: string; type: string; defaultValue?: unknown }>; fabricJSData: { objects: unknown[] } };
  };
  expect(saved.template.variableDefinitions).toEqual([expect.objectContaining({ name: 'prénom', type: 'text', defaultValue: 'i' })]);
  expect(saved.template.fabricJSData.objects[2]).toEqual(expect.objectContaining({ variableBindings: { text: 'prénom' } }));
  // Reloaded, the definition is there.
  await page.reload();
  await panel.getByRole('listitem', { name: 'Variable prénom' }).getByRole('textbox', { name: 'Default' }).waitFor();
  expect(await panel.getByRole('listitem', { name: 'Variable prénom' }).getByRole('textbox', { name: 'Default' }).inputValue()).toBe('i');
});

interface SavedTemplate {
  thumbnail: string | null;
  fabricJSData: { objects: Array<Record<string, unknown>> };
  variableDefinitions: Array<{ name: string; defaultValue?: unknown; validation?: { maxLength?: number } }>;
}
async function templateNow(uid: string): Promise<SavedTemplate> {
  const res = await context.request.get(`${rig.stack.baseUrl}/templates/${uid}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { template: SavedTemplate }).template;
}
const definitionOf = async (uid: string, name: string) => (await templateNow(uid)).variableDefinitions.find((d) => d.name === name);
/** The message shown beside a field (its aria-describedby), or null when it is not marked invalid. */
async function errorBeside(field: ReturnType<Page['getByRole']>): Promise<string | null> {
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  return page.locator(`[id="${(await field.getAttribute('aria-describedby'))!}"]`).textContent();
}
/** A file the stack serves, as a data URL (the page can then draw it without tainting its canvas). */
async function dataUrlOf(url: string): Promise<string> {
  const res = await fetch(url.replace('//localhost:', '//127.0.0.1:'));
  expect(res.status).toBe(200);
  return `data:image/png;base64,${Buffer.from(await res.arrayBuffer()).toString('base64')}`;
}

test('a starter used: a Default typed is unsaved until Save template stores it with the design (one version after the copy’s); -5 is refused beside Max length; the thumbnail shows the sample texts, not {{placeholders}}', async () => {
  await page.goto(rig.url('templates/starters'));
  await page.getByRole('button', { name: 'Use this template: Instagram post' }).click();
  await page.waitForURL(/\/app\/templates\/tpl_[^/]+\/canvas$/);
  await page.getByRole('heading', { name: 'Edit Instagram post', level: 1 }).waitFor();
  const uid = /templates\/([^/]+)\/canvas/.exec(page.url())![1]!;
  const panel = page.getByRole('region', { name: 'Variables' });
  const headline = panel.getByRole('listitem', { name: 'Variable headline' });
  await headline.waitFor();

  // A Default typed: unsaved (the note, and leaving asks first), then one Save stores it with the design.
  const defaultField = headline.getByRole('textbox', { name: 'Default' });
  expect(await defaultField.inputValue()).toBe('New collection');
  await defaultField.fill('Spring drop');
  await page.getByText('Unsaved changes.').waitFor();
  await page.getByRole('link', { name: 'All templates' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay here' }).click();
  await leave.waitFor({ state: 'detached' });

  // -5 is refused beside Max length, in the API's words, and Save sends nothing until it is fixed.
  const maxLength = headline.getByRole('spinbutton', { name: 'Max length' });
  await maxLength.fill('-5');
  expect(await errorBeside(maxLength)).toBe('Must be at least 0.');
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByRole('alert').filter({ hasText: 'A variable’s settings cannot be saved' }).waitFor();
  expect(await definitionOf(uid, 'headline')).toEqual(expect.objectContaining({ defaultValue: 'New collection' }));
  expect(await maxLength.inputValue()).toBe('-5');
  // A Max length under the Min length names that other field by its label's words, not the API's `minLength`.
  const minLength = headline.getByRole('spinbutton', { name: 'Min length' });
  await minLength.fill('5');
  await maxLength.fill('3');
  expect(await errorBeside(maxLength)).toBe('Must be at least the minimum length (5).');
  await minLength.fill('');
  await maxLength.fill('40');
  expect(await errorBeside(maxLength)).toBeNull();

  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.', { exact: true }).waitFor();
  expect(await definitionOf(uid, 'headline')).toEqual(
    expect.objectContaining({ defaultValue: 'Spring drop', validation: expect.objectContaining({ maxLength: 40 }) }),
  );
  // One save, one version: the design and its settings together, after the copy's own version 1 (copying a starter
  // is the template's first save, as POST /templates is).
  const history = (await (await context.request.get(`${rig.stack.baseUrl}/templates/${uid}/versions`)).json()) as {
    versions: { number: number }[];
  };
  expect(history.versions.map((v) => v.number)).toEqual([2, 1]);

  // The saved version's thumbnail (the one the Templates list shows now): the starter's look, "Spring drop" and
  // "Out now", as the renderer draws the template with its defaults, not the editor's canvas with "{{headline}}".
  // Version 2's own: the copy's version 1 got the editor's drawing when it opened, which the template showed until now.
  const versionsNow = async () =>
    (
      (await (await context.request.get(`${rig.stack.baseUrl}/templates/${uid}/versions`)).json()) as {
        versions: { number: number; thumbnail: string | null }[];
      }
    ).versions;
  let thumbnail: string | null = null;
  await eventually(async () => (thumbnail = (await versionsNow())[0]!.thumbnail) !== null, 'the saved version’s thumbnail');
  await eventually(async () => (await templateNow(uid)).thumbnail === thumbnail, 'the template showing version 2’s thumbnail');
  const render = `data:image/png;base64,${(await renderOfTemplate(rig, context, uid)).toString('base64')}`;
  const distance = await page.evaluate(
    async ({ thumb, rendered }) => {
      const side = 160;
      const pixelsOf = (source: CanvasImageSource) => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = side;
        const context = canvas.getContext('2d')!;
        context.drawImage(source, 0, 0, side, side);
        return context.getImageData(0, 0, side, side).data;
      };
      const image = async (src: string) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return img;
      };
      const mean = (a: Uint8ClampedArray, b: Uint8ClampedArray) => {
        let sum = 0;
        for (let i = 0; i < a.length; i += 4)
          sum += Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
        return sum / (a.length / 4) / 3;
      };
      const ours = pixelsOf(await image(thumb));
      // The editor's canvas shows the placeholders themselves (its colours drawn with their defaults).
      const placeholders = pixelsOf(document.querySelector<HTMLCanvasElement>('canvas[aria-label="Design canvas"]')!);
      return { toRender: mean(ours, pixelsOf(await image(rendered))), toPlaceholders: mean(ours, placeholders) };
    },
    { thumb: await dataUrlOf(thumbnail!), rendered: render },
  );
  // Measured: about 0.5 from the render (edges drawn at another scale) and 2 from the placeholders.
  expect(distance.toRender * 2).toBeLessThan(distance.toPlaceholders);

  // Reloaded: the Default and the Max length are there, nothing unsaved, and leaving does not ask.
  await page.reload();
  await defaultField.waitFor();
  await eventually(async () => (await defaultField.inputValue()) === 'Spring drop', 'the saved default after a reload');
  expect(await maxLength.inputValue()).toBe('40');
  expect(await page.getByText('Unsaved changes.').count()).toBe(0);
  await page.getByRole('link', { name: 'All templates' }).click();
  await page.waitForURL(/\/templates$/);
  expect(await leave.count()).toBe(0);
}, 180_000);

test('a version’s thumbnail draws a text placeholder with its default, not as "{{name}}"', async () => {
  // Black "{{mark}}" on white makes a lot of ink; its default "." almost none.
  const created = await post('/templates', {
    name: 'Placeholder text',
    width: 300,
    height: 100,
    variableDefinitions: [{ name: 'mark', type: 'text', defaultValue: '.' }],
    fabricJSData: {
      background: '#ffffff',
      objects: [
        { type: 'Textbox', originX: 'left', originY: 'top', left: 0, top: 0, width: 300, fontSize: 60, fill: '#000000', text: '{{mark}}' },
      ],
    },
  });
  expect(created.status()).toBe(200);
  const { uid } = ((await created.json()) as { template: { uid: string } }).template;
  await page.goto(rig.url(`templates/${uid}/canvas`));
  let thumbnail: string | null = null;
  await eventually(async () => (thumbnail = (await templateNow(uid)).thumbnail) !== null, 'the version’s thumbnail');
  const picture = await decode(thumbnail!.replace('//localhost:', '//127.0.0.1:'));
  expect([picture.width, picture.height]).toEqual([300, 100]);
  let ink = 0;
  for (let y = 0; y < 100; y++)
    for (let x = 0; x < 300; x++)
      if (
        picture
          .pixel(x, y)
          .slice(0, 3)
          .every((c) => c < 128)
      )
        ink++;
  // The editor's canvas itself shows the placeholder (that is what is being edited).
  expect(await titleInkAcross()).toBeGreaterThan(1000);
  expect(ink).toBeLessThan(200);
});

/** Dark pixels on the whole editor canvas. */
async function titleInkAcross(): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[aria-label="Design canvas"]')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 100 && data[i + 1]! < 100 && data[i + 2]! < 100) ink++;
    return ink;
  });
}

test('a failed render of a canvas template: Render again opens the canvas editor showing the design with the values that render used', async () => {
  const boxed = await design();
  const [box, photo] = boxed.objects as Array<Record<string, unknown>>;
  box!.variableBindings = { fill: 'brand' };
  photo!.variableBindings = { src: 'photo' };
  const created = await post('/templates', {
    name: 'Refused picture card',
    fabricJSData: boxed,
    width: 300,
    height: 100,
    variableDefinitions: [
      { name: 'brand', type: 'color', defaultValue: '#ff0000' },
      { name: 'photo', type: 'image' },
    ],
  });
  expect(created.status()).toBe(200);
  const { uid } = ((await created.json()) as { template: { uid: string } }).template;
  // A picture this stack stores (a green render): the browser loads it, while the renderer refuses its local address.
  const green = await post('/image', { html: '<body style="margin:0;background:#00ff00"></body>', width: 10, height: 10 });
  expect(green.status()).toBe(200);
  const picture = ((await green.json()) as { url: string }).url;
  const res = await post('/image', { template: uid, variables: { brand: '#0000ff', photo: picture } });
  // Refused when the renderer loads it (the syntax is fine): the render fails, and its row keeps the values.
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { type: string }).type).toMatch(/\/errors\/blocked-url$/);
  let failedId = '';
  await eventually(async () => {
    const list = (await (await context.request.get(`${rig.stack.baseUrl}/renders?status=failed`)).json()) as {
      items: { id: string; templateUid: string | null }[];
    };
    failedId = list.items.find((item) => item.templateUid === uid)?.id ?? '';
    return failedId !== '';
  }, 'the failed canvas render in the failures');

  await page.goto(rig.url(`renders/${failedId}`));
  await page.getByText('Opens the template’s editor with the values this render used').waitFor();
  await page.getByRole('link', { name: 'Render again', exact: true }).click();
  await page.getByRole('heading', { name: 'Edit Refused picture card' }).waitFor();
  expect(new URL(page.url()).pathname).toMatch(new RegExp(`/templates/${uid}/canvas$`));
  await page.getByText('Opened with the values the render used').waitFor();
  // Shown on the canvas at once (as Try values on canvas), and kept in the Variables' try values.
  await page.getByText('Showing tried values: go back to the design to edit it.').waitFor();
  await waitForCanvas(50, 50, BLUE);
  const panel = page.getByRole('region', { name: 'Variables' });
  expect(await panel.getByRole('textbox', { name: 'Try value for brand' }).inputValue()).toBe('#0000ff');
  expect(await panel.getByRole('textbox', { name: 'Try value for photo' }).inputValue()).toBe(picture);
  // Back to the design: the design as saved, with nothing unsaved.
  await panel.getByRole('button', { name: 'Back to the design' }).click();
  await waitForCanvas(50, 50, RED);
  expect(await page.getByText('Unsaved changes.').count()).toBe(0);
});

test('a design with a paper of its own (pdfPreset) renders from the Render panel on that paper, not at the design’s size, or on the paper chosen there', async () => {
  const created = await post('/templates', { name: 'A4 card', fabricJSData: await design(), width: 300, height: 100, pdfPreset: 'A4' });
  expect(created.status()).toBe(200);
  const { uid } = ((await created.json()) as { template: { uid: string } }).template;
  await page.goto(rig.url(`templates/${uid}/canvas`));
  await waitForCanvas(50, 50, RED);
  const render = page.getByRole('region', { name: 'Render' });
  await render.getByLabel('Format').selectOption('pdf');
  await render.getByRole('button', { name: 'Render', exact: true }).click();
  await render.getByRole('link', { name: 'Open the PDF' }).waitFor({ timeout: 30_000 });
  // The template's A4 (the panel sends no size, which as the request's paper would win over the template's)...
  const pdfLink = render.getByRole('link', { name: 'Open the PDF' });
  await render.getByText(/1 page · A4/).waitFor();
  // ...turned to the wide design: 841.89 × 595.28 pt.
  const pdf = (
    await (await context.request.get((await pdfLink.getAttribute('href'))!.replace('//localhost:', '//127.0.0.1:'))).body()
  ).toString('latin1');
  const [, pageWidth, pageHeight] = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf) ?? [];
  expect([Math.abs(Number(pageWidth) - 841.89) < 1, Math.abs(Number(pageHeight) - 595.28) < 1]).toEqual([true, true]);

  // A paper chosen in the panel wins over the template's: Letter, turned landscape, is 792 × 612 pt.
  const paper = render.getByLabel('Paper');
  expect(await paper.inputValue()).toBe('template');
  expect(await paper.locator('option:checked').textContent()).toBe('Template’s paper (A4)');
  await paper.selectOption('Letter');
  await render.getByLabel('Orientation').selectOption('landscape');
  await render.getByRole('button', { name: 'Render', exact: true }).click();
  // The panel sends Letter's pixels, which the API reads back as Letter (paperOfPixels): the answer names it.
  await render.getByText(/1 page · Letter/).waitFor({ timeout: 30_000 });
  const letter = await PDFDocument.load(
    await (await context.request.get((await pdfLink.getAttribute('href'))!.replace('//localhost:', '//127.0.0.1:'))).body(),
  );
  const size = letter.getPage(0).getSize();
  expect([letter.getPageCount(), Math.round(size.width), Math.round(size.height)]).toEqual([1, 792, 612]);
});
