import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { decode } from '../../../deploy/embedded/test/harness.js';
import { pngOf } from '@pressroom/testing/pixel-diff';
import {
  accessibilityViolations,
  eventually,
  expectFocusOn,
  focusedName,
  near,
  PHONE,
  screenshot,
  startSignedInRig,
  type DashboardRig,
  editorCanvasPixel,
  pressSaveShortcut,
} from './browser.js';

// The canvas visual editor (issue 15): a design built by clicking, saved, then rendered by Pressroom's
// renderer through the HTTP API, with its pixels checked: what the editor shows is what renders.

let rig: DashboardRig;
let page: Page;
let close: (() => Promise<void>) | undefined;

const RED = [255, 0, 0];
const GREEN = [0, 255, 0];
const BLUE = [0, 0, 255];
const NAVY = [0, 0, 128];
const WHITE = [255, 255, 255];
const MAGENTA = [255, 0, 255];
const YELLOW = [255, 255, 0];

/** A 200×100 image: left half green, right half magenta (to see which part a crop keeps). */
const HALVES = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="100" height="100" fill="#00ff00"/><rect x="100" width="100" height="100" fill="#ff00ff"/></svg>',
).toString('base64')}`;

beforeAll(async () => {
  ({ rig, page, close } = await startSignedInRig({
    email: 'designer@example.com',
    name: 'Designer',
    plan: 'business',
    viewport: { width: 1600, height: 1000 },
  }));
  // Errors inside the page (fabric, React) would otherwise show only as a missing element.
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`console: ${message.text()}`);
  });
}, 120_000);

afterAll(async () => {
  await close?.();
});

/** A call with the page's session, as the dashboard makes it (CSRF token echoed). */
async function call(method: 'GET' | 'POST', path: string, data?: unknown): Promise<Record<string, any>> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'pressroom_csrf')?.value ?? '';
  const res = await page.request.fetch(`${rig.stack.baseUrl}${path}`, {
    method,
    headers: { 'x-csrf-token': csrf },
    ...(data ? { data } : {}),
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Record<string, any>;
}

const properties = () => page.getByRole('region', { name: 'Properties' });
const layers = () => page.getByRole('region', { name: 'Layers' });
const field = (label: string): Locator => properties().getByLabel(label, { exact: true });
async function setFields(values: Record<string, string | number>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await field(label).fill(String(value));
}
/** Adds an object from the toolbar and names its layer (the new object is selected). */
async function add(button: string, kind: string, name: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await layers().getByLabel(`Name of layer ${kind}`).first().fill(name);
  await properties().getByText(name, { exact: true }).waitFor();
}
async function selectLayer(name: string): Promise<void> {
  await layers().getByRole('button', { name, exact: true }).click();
  await properties().getByText(name, { exact: true }).waitFor();
}
const layerOrder = () =>
  layers()
    .locator('li')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-layer')));

test('build a design by clicking, save it, and the renderer draws it: colours, gradient, z-order, hidden, locked, groups, text fit, image crop', async () => {
  await page.goto(rig.url('templates'));
  await page.getByRole('link', { name: 'New template' }).click();
  await page.getByRole('radio', { name: 'Canvas (visual editor)' }).check();
  const form = page.getByRole('form', { name: 'New canvas template' });
  await form.getByRole('textbox', { name: 'Template name' }).fill('Poster');
  await form.getByRole('spinbutton', { name: 'Width' }).fill('400');
  await form.getByRole('spinbutton', { name: 'Height' }).fill('300');
  await form.getByRole('button', { name: 'Create canvas template' }).click();
  await page.waitForURL(/\/app\/templates\/tpl_[^/]+\/canvas$/);
  const uid = page.url().split('/').at(-2)!;
  // The editor's chunk (fabric) loads on first use: give it longer on a busy machine.
  await page
    .getByRole('heading', { name: 'Edit Poster' })
    .waitFor({ timeout: 30_000 })
    .catch(async (error: unknown) => {
      console.error(await page.locator('body').innerText());
      throw error;
    });
  // Focus moves on from the Create button, which went with the form, to the editor's heading.
  await eventually(async () => (await focusedName(page)) === 'Edit Poster', "focus on the editor's heading");

  await page.getByLabel('Background colour').fill('#000080');
  // A size the API would refuse is refused beside its field as it is typed, not in the browser's own tooltip.
  const templateWidth = page.getByLabel('Template width');
  const widthBefore = await templateWidth.inputValue();
  await templateWidth.fill('999999');
  // Its unit said, as the API says it.
  await page.getByText('Must be at most 4000 px.', { exact: true }).waitFor();
  expect(await templateWidth.getAttribute('aria-invalid')).toBe('true');
  // Save with it sends nothing: the bar says nothing was saved and where to look (not the API's "request body"
  // wording, the reason itself being beside the field), and focus goes to the field.
  const saves: string[] = [];
  const countSave = (request: { method: () => string; url: () => string }) => {
    if (request.method() === 'PUT' && request.url().includes(`/templates/${uid}`)) saves.push(request.url());
  };
  page.on('request', countSave);
  await page.getByRole('button', { name: 'Save template' }).click();
  await page
    .getByRole('form', { name: 'Template size and save' })
    .getByText('The template was not saved: check the highlighted field.', { exact: true })
    .waitFor();
  await eventually(async () => (await focusedName(page)) === 'Template width', 'focus on the refused width');
  // The refusal under the width makes that field taller only: the height field and Save stay level with it.
  const middleOf = async (name: string, role: 'spinbutton' | 'button') => {
    const box = (await page.getByRole('form', { name: 'Template size and save' }).getByRole(role, { name, exact: true }).boundingBox())!;
    return box.y + box.height / 2;
  };
  const widthMiddle = await middleOf('Template width', 'spinbutton');
  expect(Math.abs((await middleOf('Template height', 'spinbutton')) - widthMiddle)).toBeLessThanOrEqual(2);
  expect(Math.abs((await middleOf('Save template', 'button')) - widthMiddle)).toBeLessThanOrEqual(3);
  // The same on a phone, where the labels take two lines.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(
    Math.abs((await middleOf('Template height', 'spinbutton')) - (await middleOf('Template width', 'spinbutton'))),
  ).toBeLessThanOrEqual(2);
  expect(Math.abs((await middleOf('Save template', 'button')) - (await middleOf('Template width', 'spinbutton')))).toBeLessThanOrEqual(3);
  await page.setViewportSize({ width: 1600, height: 1000 });
  page.off('request', countSave);
  expect(saves).toEqual([]);
  expect(await page.getByText('request body', { exact: false }).count()).toBe(0);
  await templateWidth.fill(widthBefore);
  expect(await page.getByText('Must be at most 4000 px.').count()).toBe(0);

  await add('Add rectangle', 'Rectangle', 'Red box');
  await setFields({ X: 0, Y: 0, Width: 200, Height: 150, 'Fill colour': '#ff0000' });
  await add('Add rectangle', 'Rectangle', 'Green box');
  await setFields({ X: 150, Y: 50, Width: 100, Height: 50, 'Fill colour': '#00ff00' });
  // Behind the red box: its left half is covered.
  // By keyboard: focus stays on Down and the new place is read out; the front layer's Up stays focusable (aria-disabled).
  await layers().getByRole('button', { name: 'Down: send Green box backward' }).focus();
  await page.keyboard.press('Enter');
  await layers()
    .getByRole('status')
    .filter({ hasText: /^Green box: 2 of \d+, front to back\.$/ })
    .waitFor();
  expect(await focusedName(page)).toBe('Down: send Green box backward');
  expect(
    await layers()
      .getByRole('button', { name: /^Up: bring/ })
      .first()
      .getAttribute('aria-disabled'),
  ).toBe('true');

  await add('Add rectangle', 'Rectangle', 'Gradient bar');
  await setFields({ X: 0, Y: 250, Width: 400, Height: 50 });
  // A select with longer choices takes its group's whole row: "Linear gradient" is not cut in the narrow side panel.
  const [selectWidth, groupWidth] = await field('Fill type').evaluate((el) => [
    el.getBoundingClientRect().width,
    el.closest('fieldset')!.getBoundingClientRect().width,
  ]);
  expect(selectWidth).toBeGreaterThan(groupWidth * 0.8);
  await field('Fill type').selectOption('linear');
  await setFields({ 'Stop 1 colour': '#ff0000', 'Stop 2 colour': '#0000ff' });

  await add('Add circle', 'Circle', 'Sun');
  await setFields({ X: 300, Y: 150, Width: 80, Height: 80, 'Fill colour': '#ffff00' });
  await layers().getByRole('button', { name: 'Hide Sun' }).click();

  await add('Add line', 'Line', 'Rule');
  await setFields({ 'Stroke width': 10, 'Stroke colour': '#ffffff' });
  await setFields({ X: 0, Y: 200, Width: 400 });

  await add('Add polygon', 'Polygon', 'Badge');
  await setFields({ X: 220, Y: 160, Width: 60, Height: 60, 'Fill colour': '#ff00ff' });
  await layers().getByRole('button', { name: 'Lock Badge' }).click();

  await add('Add text', 'Text', 'Title');
  await setFields({ X: 210, Y: 0, Width: 190, 'Text fill colour': '#ffffff' });
  await field('Shrink the text to fit its box').check();
  await setFields({ 'Box height': 40, 'Font size': 120 });

  await page.getByLabel('Image URL', { exact: true }).fill(HALVES);
  await page.getByRole('button', { name: 'Add image', exact: true }).click();
  await layers().getByLabel('Name of layer Image').fill('Photo');
  await setFields({ Width: 100, Height: 100 });
  await field('Fit into the box').selectOption('cover');
  await setFields({ X: 0, Y: 150 });

  // Drag a row: the hidden sun to the top of the list (the front).
  await layers().locator('li[data-layer="Sun"]').dragTo(layers().locator('li').first());
  expect((await layerOrder())[0]).toBe('Sun');

  // Group two objects picked on the canvas (shift-click adds to the selection), ungroup, and group again.
  const surface = page.locator('[data-testid="editor-canvas"] canvas.upper-canvas');
  const groupBoth = async () => {
    // Start from one selected object (a click inside a multi-selection's box would keep that selection).
    await selectLayer('Title');
    await surface.click({ position: { x: 50, y: 50 } });
    await surface.click({ position: { x: 200, y: 280 }, modifiers: ['Shift'] });
    await page.getByRole('toolbar', { name: 'Add objects' }).getByRole('button', { name: 'Group', exact: true }).click();
    await layers().getByRole('button', { name: 'Group', exact: true }).waitFor();
  };
  await groupBoth();
  expect(await layerOrder()).not.toContain('Red box');
  await page.getByRole('toolbar', { name: 'Add objects' }).getByRole('button', { name: 'Ungroup', exact: true }).click();
  await layers().getByRole('button', { name: 'Red box', exact: true }).waitFor();
  expect(await layerOrder()).not.toContain('Group');
  await groupBoth();

  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'canvas-editor');
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.').waitFor();

  const saved = (await call('GET', `/templates/${uid}`)).template as { width: number; height: number; fabricJSData: any };
  expect([saved.width, saved.height]).toEqual([400, 300]);
  const objects = saved.fabricJSData.objects as any[];
  const byName = (name: string) => objects.find((o) => o.name === name);
  expect(byName('Sun').visible).toBe(false);
  expect(byName('Badge').selectable).toBe(false);
  expect(byName('Photo').imageFit).toBe('cover');
  const title = byName('Title');
  expect(title).toMatchObject({ autoFit: true, autoFitMaxFontSize: 120, autoFitHeight: 40 });
  expect(title.fontSize).toBeLessThan(120);
  const group = objects.find((o) => o.type === 'Group');
  expect(group.objects.map((o: any) => o.name).sort()).toEqual(['Gradient bar', 'Red box']);

  const render = await call('POST', `/templates/${uid}/render`, {});
  const image = await decode(String(render.url).replace('//localhost:', '//127.0.0.1:'));
  expect([image.width, image.height]).toEqual([400, 300]);
  const at = (x: number, y: number) => image.pixel(x, y);
  expect(near(at(50, 50), RED)).toBe(true);
  expect(near(at(175, 75), RED)).toBe(true); // the red box is in front of the green one
  expect(near(at(225, 75), GREEN)).toBe(true);
  expect(near(at(4, 275), RED, 24)).toBe(true); // gradient, left to right
  expect(near(at(396, 275), BLUE, 24)).toBe(true);
  expect(near(at(340, 190), NAVY)).toBe(true); // the hidden sun is not drawn
  expect(near(at(340, 190), YELLOW)).toBe(false);
  expect(near(at(60, 205), WHITE)).toBe(false); // under the photo
  expect(near(at(300, 205), WHITE)).toBe(true); // the rule
  expect(near(at(250, 192), MAGENTA)).toBe(true); // locked, still drawn
  expect(near(at(25, 200), GREEN)).toBe(true); // the photo, cropped to its centre
  expect(near(at(75, 200), MAGENTA)).toBe(true);
  let white = 0;
  for (let x = 210; x < 400; x++) for (let y = 0; y < 40; y++) if (near(at(x, y), WHITE, 60)) white++;
  expect(white).toBeGreaterThan(30); // the title, shrunk into its 40 px box
  for (let x = 250; x < 400; x++) for (let y = 44; y < 50; y++) expect(near(at(x, y), WHITE, 60)).toBe(false);

  // Loading the saved JSON back reproduces it: saved again unchanged, the same document.
  await page.reload();
  await layers().getByRole('button', { name: 'Photo', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.').waitFor();
  const again = (await call('GET', `/templates/${uid}`)).template as { fabricJSData: unknown };
  expect(again.fabricJSData).toEqual(saved.fabricJSData);
}, 180_000);

test('a canvas template is renamed, duplicated (design and variables) and deleted from its editor', async () => {
  const design = {
    version: '7.4.0',
    objects: [{ type: 'Rect', left: 0, top: 0, width: 60, height: 40, fill: '#ff0000' }],
    background: '#ffffff',
  };
  const created = await call('POST', '/templates', {
    name: 'Badge',
    fabricJSData: design,
    width: 120,
    height: 80,
    variableDefinitions: [{ name: 'who', type: 'text', defaultValue: 'Ada' }],
  });
  const uid = created.template.uid as string;
  await page.goto(rig.url(`templates/${uid}/canvas`));
  await page.getByRole('heading', { name: 'Edit Badge' }).waitFor();

  await page.getByRole('button', { name: 'Rename template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename the template' });
  await dialog.getByLabel('Template name').fill(' ');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  // The server's refusal beside the field, the dialog still open.
  await dialog.locator('[aria-invalid="true"]').waitFor();
  await dialog.getByLabel('Template name').fill('Badge 2026');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('heading', { name: 'Edit Badge 2026' }).waitFor();
  expect((await call('GET', `/templates/${uid}`)).template.name).toBe('Badge 2026');

  await page.getByRole('button', { name: 'Duplicate template' }).click();
  await page.getByRole('heading', { name: 'Edit Badge 2026 (copy)' }).waitFor();
  const copyUid = /templates\/([^/]+)\/canvas/.exec(page.url())![1]!;
  expect(copyUid).not.toBe(uid);
  const copy = (await call('GET', `/templates/${copyUid}`)).template;
  expect(copy).toMatchObject({
    width: 120,
    height: 80,
    variableDefinitions: [expect.objectContaining({ name: 'who', defaultValue: 'Ada' })],
  });
  expect(copy.fabricJSData.objects[0]).toMatchObject({ type: 'Rect', fill: '#ff0000' });

  // An unsaved change, then Delete: confirmed once, no "leave without saving?" after it.
  await page.getByRole('button', { name: 'Add rectangle', exact: true }).click();
  await page.getByRole('group', { name: 'Template' }).getByRole('button', { name: 'Delete template' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Badge 2026 (copy)?' }).getByRole('button', { name: 'Delete template' }).click();
  await page.waitForURL(/\/app\/templates$/);
  expect(await page.getByRole('dialog', { name: 'Leave without saving?' }).count()).toBe(0);
  const gone = await page.request.get(`${rig.stack.baseUrl}/templates/${copyUid}`);
  expect(gone.status()).toBe(404);
});

const canvasPixel = (x: number, y: number) => editorCanvasPixel(page, x, y);
const rect = (name: string, left: number, top: number, width: number, height: number, fill: string) => ({
  type: 'Rect',
  name,
  originX: 'left',
  originY: 'top',
  left,
  top,
  width,
  height,
  fill,
  strokeWidth: 0,
});
async function openDesign(name: string, objects: unknown[], size = { width: 300, height: 100 }): Promise<string> {
  const created = await call('POST', '/templates', { name, fabricJSData: { version: '7.4.0', background: '#ffffff', objects }, ...size });
  const uid = created.template.uid as string;
  await page.goto(rig.url(`templates/${uid}/canvas`));
  await page.getByRole('heading', { name: `Edit ${name}` }).waitFor({ timeout: 30_000 });
  return uid;
}
async function saveAndRead(uid: string): Promise<any[]> {
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.').waitFor();
  return (await call('GET', `/templates/${uid}`)).template.fabricJSData.objects as any[];
}

test('grouping objects from the middle of the stack keeps the group at its topmost member’s place; ungrouping puts them back in order', async () => {
  // Back / A / B / Front: B overlaps A (B in front), Front covers B's lower right. A and B are picked B first.
  const uid = await openDesign('Stack', [
    rect('Back', 0, 0, 300, 100, '#000080'),
    rect('A', 0, 0, 100, 80, '#ff0000'),
    rect('B', 60, 0, 80, 80, '#00ff00'),
    rect('Front', 120, 20, 180, 80, '#0000ff'),
  ]);
  await layers().getByRole('button', { name: 'Front', exact: true }).waitFor();
  expect(await layerOrder()).toEqual(['Front', 'B', 'A', 'Back']);
  // Where each object shows: A alone, A under B, B alone, B under Front, Back below A, Back beside.
  const expected: Array<[number, number, number[]]> = [
    [30, 40, RED],
    [80, 40, GREEN],
    [130, 10, GREEN],
    [130, 50, BLUE],
    [30, 90, NAVY],
    [200, 10, NAVY],
  ];
  const expectPixels = async (pixel: (x: number, y: number) => Promise<number[]>, what: string) => {
    const seen = await Promise.all(expected.map(async ([x, y]) => [x, y, await pixel(x, y)] as const));
    expect([what, seen.filter(([x, y, colour]) => !near(colour, expected.find((e) => e[0] === x && e[1] === y)![2]))]).toEqual([what, []]);
  };
  await expectPixels(canvasPixel, 'the editor before grouping');

  await selectLayer('B');
  await page.locator('[data-testid="editor-canvas"] canvas.upper-canvas').click({ position: { x: 30, y: 40 }, modifiers: ['Shift'] });
  await properties().getByText('2 objects selected.').waitFor();
  const toolbar = page.getByRole('toolbar', { name: 'Add objects' });
  await toolbar.getByRole('button', { name: 'Group', exact: true }).click();
  await layers().getByRole('button', { name: 'Group', exact: true }).waitFor();
  expect(await layerOrder()).toEqual(['Front', 'Group', 'Back']);
  await expectPixels(canvasPixel, 'the editor after grouping'); // Front still covers the group, B still covers A
  const grouped = await saveAndRead(uid);
  expect(grouped.map((o) => o.name)).toEqual(['Back', 'Group', 'Front']);
  expect(grouped[1].objects.map((o: any) => o.name)).toEqual(['A', 'B']);
  const render = await call('POST', `/templates/${uid}/render`, {});
  const image = await decode(String(render.url).replace('//localhost:', '//127.0.0.1:'));
  await expectPixels(async (x, y) => image.pixel(x, y), 'the render of the grouped design');

  await toolbar.getByRole('button', { name: 'Ungroup', exact: true }).click();
  await layers().getByRole('button', { name: 'A', exact: true }).waitFor();
  expect(await layerOrder()).toEqual(['Front', 'B', 'A', 'Back']);
  await expectPixels(canvasPixel, 'the editor after ungrouping');
  expect((await saveAndRead(uid)).map((o) => o.name)).toEqual(['Back', 'A', 'B', 'Front']);
});

test('a property value out of range is refused beside its field and not applied; a valid one clears the error and applies', async () => {
  const uid = await openDesign('Ranges', [
    rect('Box', 0, 0, 100, 50, '#ff0000'),
    { type: 'Textbox', name: 'Words', originX: 'left', originY: 'top', left: 0, top: 60, width: 200, text: 'Hi', fontSize: 20 },
  ]);
  await layers().getByRole('button', { name: 'Box', exact: true }).waitFor();
  /** The field's error as a screen reader and a sighted user get it: aria-invalid, and the visible text it is described by. */
  const errorOf = async (label: string) => {
    const input = field(label);
    if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
    const note = page.locator(`[id="${await input.getAttribute('aria-describedby')}"]`);
    return (await note.isVisible()) ? note.textContent() : 'not visible';
  };

  await selectLayer('Box');
  await field('Width').fill('-5');
  await field('Opacity (%)').fill('150');
  expect([await errorOf('Width'), await errorOf('Opacity (%)')]).toEqual([
    '-5 is below the minimum, 1: enter a number from 1 to 8000.',
    '150 is above the maximum, 100: enter a number from 0 to 100.',
  ]);
  await field('Height').fill('');
  expect(await errorOf('Height')).toBe('Enter a number from 1 to 8000.');
  expect(await accessibilityViolations(page)).toEqual([]);
  // Nothing was applied: the design is as loaded.
  expect(await page.getByText('Unsaved changes.').count()).toBe(0);
  expect(near(await canvasPixel(99, 25), RED)).toBe(true);

  await field('Width').fill('150');
  await field('Opacity (%)').fill('100');
  await field('Height').fill('50');
  expect([await errorOf('Width'), await errorOf('Opacity (%)'), await errorOf('Height')]).toEqual([null, null, null]);
  expect(near(await canvasPixel(140, 25), RED)).toBe(true);

  await selectLayer('Words');
  await field('Font size').fill('0');
  expect(await errorOf('Font size')).toBe('0 is below the minimum, 1: enter a number from 1 to 1000.');
  await field('Font size').fill('30');
  expect(await errorOf('Font size')).toBeNull();

  const saved = await saveAndRead(uid);
  expect(saved[0]).toMatchObject({ name: 'Box', width: 150, height: 50, opacity: 1 });
  expect(saved[1]).toMatchObject({ name: 'Words', fontSize: 30 });
});

test('Save or Ctrl+S with a refused number in Properties saves nothing: focus goes to the field, the bar says why; corrected, it saves', async () => {
  const uid = await openDesign('Held', [rect('Box', 0, 0, 100, 50, '#ff0000')]);
  await selectLayer('Box');
  await field('Width').fill('150');
  await page.getByText('Unsaved changes.').waitFor();
  // Refused beside the field: the design keeps 150, which Save used to send and call "Saved.".
  await field('Width').fill('-5');
  await properties().getByText('-5 is below the minimum, 1: enter a number from 1 to 8000.').waitFor();
  const puts: string[] = [];
  const countPuts = (request: { method: () => string; url: () => string }) =>
    void (request.method() === 'PUT' && new URL(request.url()).pathname === `/templates/${uid}` && puts.push(request.url()));
  page.on('request', countPuts);
  const bar = page.getByRole('form', { name: 'Template size and save' });
  const held = bar.getByText('The template was not saved: check the highlighted field.', { exact: true });
  await field('X').focus();
  await page.getByRole('button', { name: 'Save template' }).click();
  await held.waitFor();
  await expectFocusOn(page, 'Width');
  // Ctrl+S from elsewhere holds the save the same way.
  await field('Y').focus();
  expect(await pressSaveShortcut(page)).toBe(true);
  await expectFocusOn(page, 'Width');
  await held.waitFor();
  expect(await bar.getByText('Saved.', { exact: true }).count()).toBe(0);
  expect(puts).toEqual([]);
  page.off('request', countPuts);
  expect(await accessibilityViolations(page)).toEqual([]);
  // Typing in the field ends the refusal's line; once the number is valid, Save saves it.
  await field('Width').fill('120');
  await held.waitFor({ state: 'detached' });
  const saved = await saveAndRead(uid);
  expect(saved[0]).toMatchObject({ name: 'Box', width: 120 });
});

test('a template size refused at Save: its reason beside the field and the bar’s line stay while it is refused and go once it is corrected; then Save saves', async () => {
  const uid = await openDesign('Sized', [rect('Box', 0, 0, 100, 50, '#ff0000')]);
  const bar = page.getByRole('form', { name: 'Template size and save' });
  const width = bar.getByRole('spinbutton', { name: 'Template width', exact: true });
  const held = bar.getByText('The template was not saved: check the highlighted field.', { exact: true });
  /** The width's refusal as a screen reader and a sighted user get it: aria-invalid and the text it is described by. */
  const widthError = async () => {
    if ((await width.getAttribute('aria-invalid')) !== 'true') return null;
    return page.locator(`[id="${await width.getAttribute('aria-describedby')}"]`).textContent();
  };
  const puts: string[] = [];
  const countPuts = (request: { method: () => string; url: () => string }) =>
    void (request.method() === 'PUT' && new URL(request.url()).pathname === `/templates/${uid}` && puts.push(request.url()));
  page.on('request', countPuts);
  await width.fill('0');
  expect(await widthError()).toBe('Must be at least 1 px.');
  await page.getByRole('button', { name: 'Save template' }).click();
  await held.waitFor();
  await expectFocusOn(page, 'Template width');
  // Typed again but still refused: the bar still says it.
  await width.fill('99999');
  expect(await widthError()).toBe('Must be at most 4000 px.');
  // (The hold is checked after a typed field has drawn, in the same input event: the field's new reason is on the page.)
  expect(await held.count()).toBe(1);
  expect(await focusedName(page)).toBe('Template width');
  expect(puts).toEqual([]);
  page.off('request', countPuts);
  // Corrected: nothing is highlighted any more, and the bar no longer says to check it.
  await width.fill('250');
  await held.waitFor({ state: 'detached' });
  expect(await widthError()).toBeNull();
  expect(await bar.getByText('Unsaved changes.', { exact: true }).count()).toBe(1);
  await saveAndRead(uid);
  expect((await call('GET', `/templates/${uid}`)).template.width).toBe(250);
  expect(await held.count()).toBe(0);
});

test('a new layout’s size says the template’s rule with its unit, and a refused one copies nothing', async () => {
  await openDesign('Layout sizes', [rect('Box', 0, 0, 100, 50, '#ff0000')]);
  const layouts = page.getByRole('region', { name: 'Layouts and pages' });
  const width = layouts.getByRole('spinbutton', { name: 'Layout width', exact: true });
  const height = layouts.getByRole('spinbutton', { name: 'Layout height', exact: true });
  const copy = layouts.getByRole('button', { name: 'Copy to new layout' });
  await layouts.getByRole('textbox', { name: 'Layout key' }).fill('square');
  await width.fill('5000');
  await height.fill('0');
  await layouts.getByText('Must be at most 4000 px.', { exact: true }).waitFor();
  await layouts.getByText('Must be at least 1 px.', { exact: true }).waitFor();
  expect([await width.getAttribute('aria-invalid'), await height.getAttribute('aria-invalid')]).toEqual(['true', 'true']);
  expect(await copy.isDisabled()).toBe(true);
  await width.fill('200');
  await height.fill('200');
  expect(await layouts.getByText(/ px\.$/).count()).toBe(0);
  await copy.click();
  await layouts.getByRole('button', { name: 'square · 200×200' }).waitFor();
});

test('the template size and a Properties number both refused at Save (Save template, Ctrl+S, Save and render): focus goes to the first on the page (the size, above the canvas), then to the one left', async () => {
  const uid = await openDesign('Both', [rect('Box', 0, 0, 100, 50, '#ff0000')]);
  const bar = page.getByRole('form', { name: 'Template size and save' });
  const height = bar.getByRole('spinbutton', { name: 'Template height', exact: true });
  const held = bar.getByText('The template was not saved: check the highlighted field.', { exact: true });
  await selectLayer('Box');
  await field('Width').fill('150');
  await page.getByText('Unsaved changes.').waitFor();
  // Only Properties refused: focus goes there, not to the size fields.
  await field('Width').fill('-5');
  await height.focus();
  await page.getByRole('button', { name: 'Save template' }).click();
  await held.waitFor();
  await expectFocusOn(page, 'Width');
  // The height refused too: it comes first on the page (the save bar is above Properties), whichever was typed last
  // and whichever save was asked for.
  await height.fill('0');
  const render = page.getByRole('region', { name: 'Render' });
  await render.getByRole('button', { name: 'Save and render', exact: true }).click();
  await render.getByText('Not rendered: the template could not be saved.').waitFor();
  await expectFocusOn(page, 'Template height');
  await field('X').focus();
  expect(await pressSaveShortcut(page)).toBe(true);
  await expectFocusOn(page, 'Template height');
  await held.waitFor();
  // The height corrected: the Properties width still refuses, so the bar still says to check it; Save goes there.
  await height.fill('120');
  expect(await height.getAttribute('aria-invalid')).toBeNull();
  expect(await held.count()).toBe(1);
  await page.getByRole('button', { name: 'Save template' }).click();
  await expectFocusOn(page, 'Width');
  await field('Width').fill('90');
  await held.waitFor({ state: 'detached' });
  // (The bar's own "Saved.": the Render panel still says its render was not made.)
  await page.getByRole('button', { name: 'Save template' }).click();
  await bar.getByText('Saved.', { exact: true }).waitFor();
  const saved = (await call('GET', `/templates/${uid}`)).template;
  expect(saved.fabricJSData.objects[0]).toMatchObject({ name: 'Box', width: 90 });
  expect(saved.height).toBe(120);
});

test('a gradient stop’s position typed past the next stop’s stays in its row, with its colour: the field shows what was typed', async () => {
  const uid = await openDesign('Stops', [rect('Bar', 0, 0, 300, 100, '#ff0000')]);
  await selectLayer('Bar');
  await field('Fill type').selectOption('linear');
  await setFields({ 'Stop 1 colour': '#ff0000', 'Stop 2 colour': '#0000ff', 'Stop 2 position (%)': 50 });
  // Typed key by key, as a person does: "6" (before stop 2) then "60" (past it). The rows used to swap under the
  // cursor at "60": the field showed 50, and stop 1 was blue.
  await field('Stop 1 position (%)').fill('');
  await field('Stop 1 position (%)').pressSequentially('60');
  expect(await field('Stop 1 position (%)').inputValue()).toBe('60');
  expect(await field('Stop 2 position (%)').inputValue()).toBe('50');
  expect([await field('Stop 1 colour').inputValue(), await field('Stop 2 colour').inputValue()]).toEqual(['#ff0000', '#0000ff']);
  expect(await focusedName(page)).toBe('Stop 1 position (%)');

  const saved = await saveAndRead(uid);
  expect(saved[0].fill.colorStops.map((stop: { offset: number; color: string }) => [stop.offset, stop.color])).toEqual([
    [0.6, '#ff0000'],
    [0.5, '#0000ff'],
  ]);
  // Drawn by its offsets: blue up to half way, red from 60 %.
  const render = await call('POST', `/templates/${uid}/render`, {});
  const image = await decode(String(render.url).replace('//localhost:', '//127.0.0.1:'));
  expect(near(image.pixel(20, 50), BLUE)).toBe(true);
  expect(near(image.pixel(280, 50), RED)).toBe(true);
});

test('on a laptop (1280×800) a gradient stop’s position shows its number whole beside the colour', async () => {
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDesign('Stop widths', [rect('Bar', 0, 0, 300, 100, '#ff0000')]);
    await selectLayer('Bar');
    await field('Fill type').selectOption('linear');
    for (const label of ['Stop 1 position (%)', 'Stop 2 position (%)']) {
      // Room for "100" and the spin buttons inside the field's padding (it was 28 px: "100" read "10").
      const [room, needed] = await field(label).evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontSize} ${style.fontFamily}`;
        return [input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight), context.measureText('100').width + 16];
      });
      expect([label, room >= needed]).toEqual([label, true]);
    }
    expect(await field('Stop 2 position (%)').inputValue()).toBe('100');
  } finally {
    await page.setViewportSize({ width: 1600, height: 1000 });
  }
});

/** WCAG relative luminance contrast of two sRGB colours. */
function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r, g, bl] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

test('colour swatches stand out on the white panels (3:1 frame and ring, a white colour included) and show their hex value', async () => {
  await openDesign('Swatches', [rect('Paper', 0, 0, 100, 50, '#ffffff')]);
  const background = page.getByRole('group', { name: 'Canvas background' });
  await background.getByText('#ffffff', { exact: true }).waitFor();
  await selectLayer('Paper');
  await properties().getByText('#ffffff', { exact: true }).waitFor();

  for (const swatch of [page.getByLabel('Background colour'), field('Fill colour')]) {
    const shot = await swatch.screenshot();
    const image = await decode(`data:image/png;base64,${shot.toString('base64')}`);
    const middle = Math.floor(image.height / 2);
    // Along the middle row: the frame, the white gap, the ring around the colour, the white colour, and back.
    let runs = 0;
    let dark = false;
    for (let x = 0; x < image.width; x++) {
      const isDark = contrast(image.pixel(x, middle), WHITE) >= 3;
      if (isDark && !dark) runs++;
      dark = isDark;
    }
    expect(contrast(image.pixel(0, middle), WHITE)).toBeGreaterThanOrEqual(3);
    expect(near(image.pixel(Math.floor(image.width / 2), middle), WHITE)).toBe(true);
    expect(runs).toBe(4);
  }

  await page.getByLabel('Background colour').fill('#1e90ff');
  await background.getByText('#1e90ff', { exact: true }).waitFor();
  // A bordered toggle button (the kit's secondary), not plain text, that says whether it is on.
  const transparent = background.getByRole('button', { name: 'Transparent background' });
  expect(await transparent.getAttribute('aria-pressed')).toBe('false');
  expect(await transparent.evaluate((b) => parseFloat(getComputedStyle(b).borderTopWidth))).toBeGreaterThan(0);
  await transparent.click();
  await background.getByText('Transparent', { exact: true }).waitFor();
  expect(await transparent.getAttribute('aria-pressed')).toBe('true');
  expect(await accessibilityViolations(page)).toEqual([]);
  // Pressed again: the colour from before comes back.
  await transparent.click();
  await background.getByText('#1e90ff', { exact: true }).waitFor();
  expect(await transparent.getAttribute('aria-pressed')).toBe('false');
});

/** A 1080×1080 post (the common social size): a text with a placeholder and a box. */
const POST = [
  {
    type: 'Textbox',
    originX: 'left',
    originY: 'top',
    left: 60,
    top: 60,
    width: 900,
    fontSize: 80,
    text: '{{ headline }} is here',
    fill: '#000000',
  },
  rect('Box', 100, 400, 300, 200, '#ff0000'),
];

test('at 1280×800 and 1440×900 the canvas starts on screen, a 1080×1080 design opens whole at a useful scale, layer names get the width', async () => {
  try {
    for (const [width, height, scale] of [
      [1280, 800, 0.37],
      [1440, 900, 0.45],
    ] as const) {
      await page.setViewportSize({ width, height });
      await openDesign(`Laptop ${width}`, POST, { width: 1080, height: 1080 });
      await layers().getByRole('button', { name: 'Box', exact: true }).waitFor({ timeout: 30_000 });
      const surface = page.locator('canvas.lower-canvas');
      // The editor opens fitted (the design is larger than the canvas area): wait for that first zoom.
      await eventually(async () => ((await surface.boundingBox())?.width ?? 1080) < 1080, 'the design to open fitted');
      const shown = (await surface.boundingBox())!;
      // The tools fit in a few compact rows: the canvas starts well within the first screen…
      expect(shown.y).toBeLessThan(height - 300);
      // …and the whole 1080×1080 design shows on the first screen, at a working scale.
      expect(shown.width / 1080).toBeGreaterThanOrEqual(scale);
      expect(shown.y + shown.height).toBeLessThanOrEqual(height);
      // A short layer name shows whole; a long one ends in an ellipsis, its button named by the whole name.
      const nameOf = (row: string) => layers().locator(`li[data-layer="${row}"] [data-layer-name]`);
      const box = await nameOf('Box').evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(box[0]).toBeLessThanOrEqual(box[1]!);
      await layers().getByRole('button', { name: 'Text “{{ headline }} is here”', exact: true }).waitFor();
      // The rename field has a line of its own, wide enough to read a name in it.
      const rename = await layers()
        .getByLabel('Name of layer Box')
        .evaluate((el) => el.clientWidth);
      expect(rename).toBeGreaterThanOrEqual(120);
      expect(await accessibilityViolations(page)).toEqual([]);
    }
  } finally {
    await page.setViewportSize({ width: 1600, height: 1000 });
  }
});

test('on a phone the canvas comes first, then Properties, then Layers; a banner’s whole canvas shows on the first screen, every tool in reach; the canvas area takes the design’s shape', async () => {
  const surface = page.locator('canvas.lower-canvas');
  const area = page.locator('[data-canvas-scroller]');
  const boxOf = async (locator: Locator) => (await locator.boundingBox())!;
  try {
    // 390 px: the design is what a person came to see, so the canvas starts on the first screen, under the title,
    // the save bar and the tools (not under the layers, two screens down).
    await page.setViewportSize(PHONE);
    await openDesign('Phone order', POST, { width: 1080, height: 1080 });
    await layers().getByRole('button', { name: 'Box', exact: true }).waitFor({ timeout: 30_000 });
    await eventually(async () => ((await surface.boundingBox())?.width ?? 1080) < 1080, 'the design to open fitted');
    const shown = await boxOf(surface);
    expect(shown.y).toBeGreaterThan(0);
    expect(shown.y).toBeLessThanOrEqual(PHONE.height - 120);
    // The area takes the design's shape: a square post, a square area (not 70 % of the phone's height).
    expect(Math.abs((await boxOf(area)).height - (await boxOf(area)).width)).toBeLessThanOrEqual(4);
    // …then the selection's Properties, then Layers, then the other panels.
    const tops = {
      canvas: (await boxOf(area)).y,
      properties: (await boxOf(properties())).y,
      layers: (await boxOf(layers())).y,
      render: (await boxOf(page.getByRole('heading', { name: 'Render', exact: true }))).y,
      layouts: (await boxOf(page.getByRole('heading', { name: 'Layouts', exact: true }))).y,
      variables: (await boxOf(page.getByRole('region', { name: 'Variables' }))).y,
    };
    const order = Object.entries(tops)
      .sort((a, b) => a[1] - b[1])
      .map(([name]) => name);
    expect(order).toEqual(['canvas', 'properties', 'layers', 'render', 'layouts', 'variables']);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // A 1200×630 banner: the chrome above the canvas is compact, so the whole canvas area shows on the first screen.
    await openDesign('Phone banner', POST, { width: 1200, height: 630 });
    await layers().getByRole('button', { name: 'Box', exact: true }).waitFor({ timeout: 30_000 });
    await eventually(async () => ((await surface.boundingBox())?.width ?? 1200) < 1200, 'the banner to open fitted');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const banner = await boxOf(area);
    expect(banner.y).toBeGreaterThan(0);
    expect(banner.y + banner.height).toBeLessThanOrEqual(PHONE.height);
    expect(banner.height).toBeLessThan(banner.width);
    // The tools are one sideways row, a fade at its end saying there are more; each is still a named button,
    // reached by pointer (scrolled to) and by keyboard (focus scrolls it into view).
    const toolRow = page.locator('[data-tool-row]');
    const row = await boxOf(toolRow);
    expect(row.height).toBeLessThan(60);
    await page.locator('[data-more-tools="after"]').waitFor();
    await page.getByRole('button', { name: 'Add text', exact: true }).click();
    await layers().getByLabel('Name of layer Text').first().waitFor();
    await page.getByRole('button', { name: 'Add rectangle', exact: true }).click();
    await layers().getByLabel('Name of layer Rectangle').first().waitFor();
    const last = page.getByRole('button', { name: 'Keyboard shortcuts' });
    await last.focus();
    await eventually(async () => {
      const box = await last.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
    }, 'the focused tool to scroll into view');
    await page.locator('[data-more-tools="before"]').waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'hidden' });
    // The template's Rename/Duplicate/Delete wait behind one disclosure, which says whether it is open.
    const actions = page.getByRole('button', { name: 'Template actions' });
    expect(await actions.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('button', { name: 'Rename template' }).count()).toBe(0);
    await actions.click();
    expect(await actions.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('group', { name: 'Template' }).getByRole('button', { name: 'Rename template' }).waitFor();
    await page.getByRole('group', { name: 'Template' }).getByRole('button', { name: 'Delete template' }).waitFor();
    await actions.click();
    expect(await page.getByRole('button', { name: 'Rename template' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Another layout's size reshapes the canvas area: a story (portrait) is taller than wide, the banner again wide.
    const layouts = page.getByRole('region', { name: 'Layouts and pages' });
    await layouts.getByRole('textbox', { name: 'Layout key' }).fill('story');
    await layouts.getByRole('spinbutton', { name: 'Layout width' }).fill('1080');
    await layouts.getByRole('spinbutton', { name: 'Layout height' }).fill('1920');
    await layouts.getByRole('button', { name: 'Copy to new layout' }).click();
    await layouts.getByRole('button', { name: 'story · 1080×1920' }).waitFor();
    await eventually(async () => {
      const box = await area.boundingBox();
      return box !== null && box.height > box.width * 1.3;
    }, 'the canvas area to take the story’s shape');
    await layouts.getByRole('button', { name: 'default · 1200×630' }).click();
    await eventually(async () => {
      const box = await area.boundingBox();
      return box !== null && Math.abs(box.height - banner.height) <= 4;
    }, 'the canvas area to take the banner’s shape again');

    // 1280×800, a 1200×630 banner: the canvas area is the design's shape, with no empty band under the drawn design.
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDesign('Banner', POST, { width: 1200, height: 630 });
    await layers().getByRole('button', { name: 'Box', exact: true }).waitFor({ timeout: 30_000 });
    await eventually(async () => ((await surface.boundingBox())?.width ?? 1200) < 1200, 'the design to open fitted');
    const drawn = await boxOf(surface);
    const frame = await boxOf(area);
    // The banner takes the area's width (the fit's margins aside)…
    expect(drawn.width).toBeGreaterThanOrEqual(frame.width - 60);
    // …and the area ends just under it: a margin, not a band (at 70 % of the window it was 180 px and more).
    expect(frame.y + frame.height - (drawn.y + drawn.height)).toBeLessThanOrEqual(40);
    expect(drawn.y - frame.y).toBeLessThanOrEqual(40);
    // The layout of a laptop's width is as it was: Layers left of the canvas, Properties right of it (a gap between
    // them), on one row.
    const layersBox = await boxOf(layers());
    expect(layersBox.x + layersBox.width).toBeLessThanOrEqual(frame.x - 8);
    expect((await boxOf(properties())).x).toBeGreaterThanOrEqual(frame.x + frame.width + 8);
    expect(Math.abs((await boxOf(properties())).y - frame.y)).toBeLessThanOrEqual(2);
  } finally {
    await page.setViewportSize({ width: 1600, height: 1000 });
  }
});

test('at 375×812 nothing is wider than the screen: the canvas background’s image URL and its button wrap inside the panel', async () => {
  try {
    await page.setViewportSize({ width: 375, height: 812 });
    await openDesign('Small phone', [rect('Box', 0, 0, 100, 50, '#ff0000')]);
    await layers().getByRole('button', { name: 'Box', exact: true }).waitFor({ timeout: 30_000 });
    // The page's own width (this browser's scroll bar aside): the background panel was 383 px wide, the page scrolled sideways.
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    const panel = (await page.getByRole('group', { name: 'Canvas background' }).boundingBox())!;
    expect(panel.x + panel.width).toBeLessThanOrEqual(widths[1]!);
    const set = (await page.getByRole('button', { name: 'Set background image' }).boundingBox())!;
    expect(set.x + set.width).toBeLessThanOrEqual(panel.x + panel.width);
  } finally {
    await page.setViewportSize({ width: 1600, height: 1000 });
  }
});

test('the panels’ order is the same for the eye, Tab and a screen reader at 390×844 and 1280×800; Template actions closes on Escape and on a press outside; a tablet’s tools take three rows, the rare ones behind More tools; a story fits the first screen of a phone, a tablet and a laptop', async () => {
  const surface = page.locator('canvas.lower-canvas');
  const area = page.locator('[data-canvas-scroller]');
  const boxOf = async (locator: Locator) => (await locator.boundingBox())!;
  /**
   * The editor's areas in the order Tab reaches their controls (from the tools on), each once: `data-editor-area`
   * of the focused control, `tools` in the row of tools. Tabs on until focus leaves the editor's panels.
   */
  const tabOrder = async (): Promise<string[]> => {
    await page.getByRole('button', { name: 'Zoom in' }).focus();
    const seen: string[] = ['tools'];
    for (let step = 0; step < 400; step++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'none';
        if (el.closest('[data-tool-row]')) return 'tools';
        return el.closest('[data-editor-area]')?.getAttribute('data-editor-area') ?? 'outside';
      });
      if (where === 'outside' || where === 'none') break;
      if (seen.at(-1) !== where) seen.push(where);
    }
    return seen;
  };
  /** The areas from top to bottom, then left to right (the order the eye reads a column layout in is checked apart). */
  const areaBoxes = async () => {
    const boxes: Record<string, { x: number; y: number; width: number; height: number }> = {};
    for (const name of ['canvas', 'properties', 'layers', 'canvas-rest', 'side-rest'])
      boxes[name] = await boxOf(page.locator(`[data-editor-area="${name}"]`));
    return boxes;
  };
  try {
    // 390×844: one column, the canvas, Properties (of the selected Box), Layers, then the rest; Tab goes the same way.
    await page.setViewportSize(PHONE);
    await openDesign('Phone tab order', POST, { width: 1080, height: 1080 });
    await selectLayer('Box');
    let boxes = await areaBoxes();
    const downward = Object.entries(boxes)
      .sort((a, b) => a[1].y - b[1].y)
      .map(([name]) => name);
    expect(downward).toEqual(['canvas', 'properties', 'layers', 'canvas-rest', 'side-rest']);
    expect(await tabOrder()).toEqual(['tools', 'canvas', 'properties', 'layers', 'canvas-rest', 'side-rest']);
    await page.evaluate(() => window.scrollTo(0, 0));

    // "Template actions": Escape closes it and focus goes back to its button, from the button or from within.
    const actions = page.getByRole('button', { name: 'Template actions' });
    const template = page.getByRole('group', { name: 'Template' });
    const actionsFocused = () => actions.evaluate((el) => el === document.activeElement);
    await actions.focus();
    await page.keyboard.press('Enter');
    await template.getByRole('button', { name: 'Rename template' }).waitFor();
    expect(await actions.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await template.getByRole('button', { name: 'Rename template' }).waitFor({ state: 'hidden' });
    expect(await actions.getAttribute('aria-expanded')).toBe('false');
    expect(await actionsFocused()).toBe(true);
    await actions.click();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Rename template');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Duplicate template');
    await page.keyboard.press('Escape');
    await template.getByRole('button', { name: 'Duplicate template' }).waitFor({ state: 'hidden' });
    expect(await actions.getAttribute('aria-expanded')).toBe('false');
    expect(await actionsFocused()).toBe(true);
    // Escape in a dialog opened from it closes the dialog only: the actions stay open, focus back on Rename.
    await actions.click();
    await template.getByRole('button', { name: 'Rename template' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename the template' });
    await rename.waitFor();
    await page.keyboard.press('Escape');
    await rename.waitFor({ state: 'hidden' });
    expect(await actions.getAttribute('aria-expanded')).toBe('true');
    await eventually(async () => (await focusedName(page)) === 'Rename template', 'focus back on Rename template');
    await actions.click();
    expect(await actions.getAttribute('aria-expanded')).toBe('false');
    // A press outside closes it, as a menu; focus goes where the person pressed (a field here), not back to the button.
    await actions.click();
    await template.getByRole('button', { name: 'Rename template' }).waitFor();
    const width = page.getByRole('spinbutton', { name: 'Template width' });
    await width.click();
    await template.getByRole('button', { name: 'Rename template' }).waitFor({ state: 'hidden' });
    expect(await actions.getAttribute('aria-expanded')).toBe('false');
    await expectFocusOn(page, 'Template width');
    // A press inside (on its button's label, on a control in it) does not.
    await actions.click();
    await template.getByRole('button', { name: 'Rename template' }).hover();
    await page.mouse.down();
    await page.mouse.up();
    await page.getByRole('dialog', { name: 'Rename the template' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await actions.getAttribute('aria-expanded')).toBe('true');
    await actions.click();
    expect(await actions.getAttribute('aria-expanded')).toBe('false');

    // A 1080×1920 story on the phone: fitted into what the first screen has left under the chrome, whole.
    await openDesign('Phone story', POST, { width: 1080, height: 1920 });
    await layers().getByRole('button', { name: 'Box', exact: true }).waitFor({ timeout: 30_000 });
    await eventually(async () => ((await surface.boundingBox())?.height ?? 1920) < 1920, 'the story to open fitted');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const story = await boxOf(area);
    const drawn = await boxOf(surface);
    expect(story.y + story.height).toBeLessThanOrEqual(PHONE.height);
    expect(story.height).toBeGreaterThan(story.width);
    // Scaled to fit: the whole story shows in the area, nothing to scroll to inside it.
    expect(drawn.y).toBeGreaterThanOrEqual(story.y);
    expect(drawn.y + drawn.height).toBeLessThanOrEqual(story.y + story.height);
    expect(await area.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(true);

    // 768×1024 (a tablet, beside the dashboard's menu, 496 px for the tools): they wrap into three rows at most, every
    // one shown in sight, none scrolled away sideways; Arrange and the shortcuts' help wait behind More tools. The
    // canvas starts on the first screen and the whole 1080×1080 design shows on it.
    await page.setViewportSize({ width: 768, height: 1024 });
    await openDesign('Tablet tools', POST, { width: 1080, height: 1080 });
    await layers().getByRole('button', { name: 'Box', exact: true }).waitFor({ timeout: 30_000 });
    await eventually(async () => ((await surface.boundingBox())?.width ?? 1080) < 1080, 'the design to open fitted');
    const toolRow = page.locator('[data-tool-row]');
    expect(await toolRow.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const rowBox = await boxOf(toolRow);
    const toolHeight = (await boxOf(page.getByRole('button', { name: 'Add text', exact: true }))).height;
    expect(rowBox.height).toBeGreaterThan(toolHeight);
    // Three rows of tools and the two gaps between them (8 px each), a pixel's rounding to spare.
    expect(rowBox.height).toBeLessThanOrEqual(3 * toolHeight + 2 * 8 + 2);
    expect(await page.locator('[data-more-tools]').count()).toBe(0);
    const inSight = async (names: string[]) => {
      for (const name of names) {
        const tool = await boxOf(page.getByRole('button', { name, exact: true }));
        expect(tool.x).toBeGreaterThanOrEqual(0);
        expect(tool.x + tool.width).toBeLessThanOrEqual(768);
        expect(tool.y + tool.height).toBeLessThanOrEqual(rowBox.y + rowBox.height + 1);
      }
    };
    await inSight(['Add text', 'Add rectangle', 'Image from the library', 'Undo', 'More tools', 'Zoom in', 'Fit', '100 %']);
    expect(await page.getByRole('button', { name: 'Align left' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Keyboard shortcuts' }).count()).toBe(0);
    const tablet = await boxOf(area);
    const tabletDrawn = await boxOf(surface);
    expect(tablet.y).toBeLessThan(1024 - 400);
    expect(tablet.y + tablet.height).toBeLessThanOrEqual(1024);
    expect(tabletDrawn.y + tabletDrawn.height).toBeLessThanOrEqual(tablet.y + tablet.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    // More tools, by keyboard: a disclosure opening a row of its own under it, Tab going on into it in order (Align
    // first, the selection's), Escape folding it away with focus back on its button.
    await selectLayer('Box');
    const more = page.getByRole('button', { name: 'More tools' });
    await more.focus();
    await page.keyboard.press('Enter');
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('toolbar', { name: 'Arrange' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Align left');
    const moreBox = await boxOf(more);
    const alignBox = await boxOf(page.getByRole('button', { name: 'Align left' }));
    expect(alignBox.y).toBeGreaterThan(moreBox.y + moreBox.height);
    const help = await boxOf(page.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(help.x + help.width).toBeLessThanOrEqual(768);
    // Align works from there (the Box moves to the page's left edge: its X field says 0).
    await page.keyboard.press('Enter');
    await eventually(async () => (await field('X').inputValue()) === '0', 'Align left to move the Box');
    await page.keyboard.press('Escape');
    await page.getByRole('toolbar', { name: 'Arrange' }).waitFor({ state: 'hidden' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // A 1080×1920 story opens fitted whole within the first screen at 1024×768 and 1280×800 too.
    for (const [w, h] of [
      [1024, 768],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await openDesign(`Laptop story ${w}`, POST, { width: 1080, height: 1920 });
      await layers().getByRole('button', { name: 'Box', exact: true }).waitFor({ timeout: 30_000 });
      await eventually(async () => ((await surface.boundingBox())?.height ?? 1920) < 1920, 'the story to open fitted');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const frame = await boxOf(area);
      const story = await boxOf(surface);
      expect(frame.y + frame.height).toBeLessThanOrEqual(h);
      expect(story.y).toBeGreaterThanOrEqual(frame.y);
      expect(story.y + story.height).toBeLessThanOrEqual(frame.y + frame.height);
      expect(await area.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(true);
      // Fit keeps it so; 100 % draws it full size, the area scrolling (at most the first screen's rest).
      await page.getByRole('button', { name: '100 %' }).click();
      await eventually(async () => Math.round((await surface.boundingBox())?.height ?? 0) === 1920, 'the story at 100 %');
      expect((await boxOf(area)).y + (await boxOf(area)).height).toBeLessThanOrEqual(h);
      await page.getByRole('button', { name: 'Fit' }).click();
      await eventually(async () => Math.abs(((await surface.boundingBox())?.height ?? 0) - story.height) <= 1, 'the story fitted again');
    }

    // 1280×800: the columns as on a laptop (Layers left, the canvas with its rest in the middle, Properties with its
    // rest on the right); the canvas has no gap under it however tall Properties is; Tab goes the same order.
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDesign('Laptop tab order', POST, { width: 1080, height: 1080 });
    await selectLayer('Text “{{ headline }} is here”');
    boxes = await areaBoxes();
    expect(boxes.layers!.x + boxes.layers!.width).toBeLessThanOrEqual(boxes.canvas!.x - 8);
    expect(boxes.properties!.x).toBeGreaterThanOrEqual(boxes.canvas!.x + boxes.canvas!.width + 8);
    for (const name of ['layers', 'properties'] as const) expect(Math.abs(boxes[name]!.y - boxes.canvas!.y)).toBeLessThanOrEqual(2);
    // The middle column's rest starts a gap under the canvas; the right column's under Properties.
    expect(boxes['canvas-rest']!.y - (boxes.canvas!.y + boxes.canvas!.height)).toBeLessThanOrEqual(16);
    expect(Math.abs(boxes['canvas-rest']!.x - boxes.canvas!.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(boxes['side-rest']!.x - boxes.properties!.x)).toBeLessThanOrEqual(2);
    expect(boxes['side-rest']!.y).toBeGreaterThanOrEqual(boxes.properties!.y + boxes.properties!.height);
    expect(await tabOrder()).toEqual(['tools', 'canvas', 'properties', 'layers', 'canvas-rest', 'side-rest']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    // 1024×768 (lg, two columns): Layers left; the canvas, Properties under it, then the rest in the middle.
    await page.setViewportSize({ width: 1024, height: 768 });
    await eventually(async () => {
      const b = await areaBoxes();
      return b.properties!.x === b.canvas!.x && b.properties!.y > b.canvas!.y && b.layers!.x < b.canvas!.x;
    }, 'two columns at 1024 px');
    // The design keeps 1280 px's zoom, taller than the area's first-screen bound here: the area scrolls. Fitted, it
    // does not, and it is still the one tab stop between the tools and Properties (the canvas's keyboard stop).
    await page.getByRole('button', { name: 'Fit' }).click();
    await eventually(
      () => area.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth),
      'the design fitted at 1024 px',
    );
    expect(await tabOrder()).toEqual(['tools', 'canvas', 'properties', 'layers', 'canvas-rest', 'side-rest']);
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await page.setViewportSize({ width: 1600, height: 1000 });
  }
});

test('a text’s words change from the Text property with the keyboard alone: live on the canvas, saved, one undo step', async () => {
  const uid = await openDesign('Words', POST, { width: 1080, height: 1080 });
  const original = 'Text “{{ headline }} is here”';
  // Select the text from the layers list with the keyboard, then Tab on to its Text field.
  await layers().getByRole('button', { name: original, exact: true }).focus();
  await page.keyboard.press('Enter');
  await properties().getByText(original, { exact: true }).waitFor();
  for (let i = 0; i < 120 && (await focusedName(page)) !== 'Text'; i++) await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Text');
  expect(await field('Text').inputValue()).toBe('{{ headline }} is here');
  await page.keyboard.press('Control+a');
  // Typed with a pause longer than the undo history's merge window: still one undo step.
  await page.keyboard.type('Hello ');
  await page.waitForTimeout(1_000);
  await page.keyboard.type('{{ name }}');
  // Live: the layer's name (which quotes its words) follows each key, before the field is left.
  await layers().getByRole('button', { name: 'Text “Hello {{ name }}”', exact: true }).waitFor();
  await page.keyboard.press('Tab');
  const saved = await saveAndRead(uid);
  expect(saved.find((o) => o.type === 'Textbox').text).toBe('Hello {{ name }}');

  await page.getByRole('toolbar', { name: 'History' }).getByRole('button', { name: 'Undo' }).click();
  await layers().getByRole('button', { name: original, exact: true }).waitFor();
  const undone = await saveAndRead(uid);
  expect(undone.find((o) => o.type === 'Textbox').text).toBe('{{ headline }} is here');
});

test('Ctrl+S saves with focus in the Text field, as Save does; behind the shortcuts dialog it saves nothing', async () => {
  const uid = await openDesign('Saved by keys', POST, { width: 1080, height: 1080 });
  const puts: string[] = [];
  const countPuts = (request: { method: () => string; url: () => string }) =>
    void (request.method() === 'PUT' && new URL(request.url()).pathname === `/templates/${uid}` && puts.push(request.url()));
  page.on('request', countPuts);
  expect(await page.getByRole('button', { name: 'Save template' }).getAttribute('aria-keyshortcuts')).toBe('Control+S Meta+S');
  await selectLayer('Text “{{ headline }} is here”');
  await field('Text').fill('Saved by keys');
  await page.getByText('Unsaved changes.').waitFor();
  // The shortcuts list names it; with the dialog open the browser's dialog is still kept away, and nothing is saved.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.getByText('Ctrl+S', { exact: true }).waitFor();
  expect(await pressSaveShortcut(page)).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await field('Text').focus();
  expect(await pressSaveShortcut(page)).toBe(true);
  await page.getByText('Saved.', { exact: true }).waitFor();
  await expectFocusOn(page, 'Text');
  const saved = (await call('GET', `/templates/${uid}`)).template.fabricJSData.objects as any[];
  expect(saved.find((o) => o.type === 'Textbox').text).toBe('Saved by keys');
  expect(puts).toHaveLength(1);
  page.off('request', countPuts);
});

test('the library dialog: arrows only choose an image, "Add image" adds the chosen one, Cancel adds nothing', async () => {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'pressroom_csrf')!.value;
  const urls: Record<string, string> = {};
  for (const [name, rgb] of [
    ['first-red.png', [255, 0, 0]],
    ['second-blue.png', [0, 0, 255]],
  ] as const) {
    const png = await pngOf({ width: 20, height: 20, channels: 3, data: new Uint8Array(20 * 20 * 3).map((_, i) => rgb[i % 3]!) });
    const res = await page.request.fetch(`${rig.stack.baseUrl}/assets?name=${name}`, {
      method: 'POST',
      data: png,
      headers: { 'content-type': 'application/octet-stream', 'x-csrf-token': csrf, origin: rig.stack.baseUrl },
    });
    expect(res.status()).toBe(201);
  }
  for (const asset of (await call('GET', '/assets?kind=image')).assets as Array<{ name: string; url: string }>)
    urls[asset.name] = asset.url;
  const uid = await openDesign('Library', [rect('Paper', 0, 0, 300, 100, '#ffffff')]);
  // By its element: while the modal dialog is open, the page behind it is hidden from the accessibility tree.
  const rows = () => page.locator('section[aria-label="Layers"] li').count();
  await layers().getByRole('button', { name: 'Paper', exact: true }).waitFor();
  expect(await rows()).toBe(1);

  const opener = page.getByRole('button', { name: 'Image from the library' });
  const dialog = page.getByRole('dialog', { name: 'Image from the library' });
  const radio = (name: string) => dialog.getByRole('radio', { name });
  await opener.focus();
  await page.keyboard.press('Enter');
  await radio('second-blue.png').waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  // Into the list, then browse: each arrow moves the choice, nothing is added and the dialog stays.
  await radio('first-red.png').focus();
  await page.keyboard.press('ArrowRight');
  expect(await radio('second-blue.png').isChecked()).toBe(true);
  await page.keyboard.press('ArrowLeft');
  expect(await radio('first-red.png').isChecked()).toBe(true);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  expect([await dialog.isVisible(), await rows()]).toEqual([true, 1]);
  // Cancel: closed, nothing added, focus back on the button that opened it. (After the list: the upload field.)
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Upload an image');
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Cancel');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  expect(await rows()).toBe(1);
  await expectFocusOn(page, 'Image from the library');

  // Again: choose the second image and add it.
  await page.keyboard.press('Enter');
  await radio('first-red.png').focus();
  await page.keyboard.press('ArrowRight');
  await dialog.getByRole('button', { name: 'Add image' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await rows()).toBe(2);
  const saved = await saveAndRead(uid);
  expect(saved.map((o) => o.type)).toEqual(['Rect', 'Image']);
  expect(saved[1].src).toBe(urls['second-blue.png']);
});

test('each added object lands in view where it overlaps none added before: every one shows whole', async () => {
  const uid = await openDesign('Cascade', [], { width: 800, height: 600 });
  const buttons = ['Add rectangle', 'Add rectangle', 'Add circle', 'Add text'];
  for (const [i, button] of buttons.entries()) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await eventually(async () => (await layers().locator('li').count()) === i + 1, `layer ${i + 1}`);
  }
  const saved = await saveAndRead(uid);
  expect(saved.map((o) => o.type)).toEqual(['Rect', 'Rect', 'Circle', 'Textbox']);
  // Each one's box clear of every box added before it (new-object-place.ts: the nearest free spot to the middle in view).
  const boxes = saved.map((o) => {
    const [width, height] =
      o.type === 'Circle'
        ? [o.radius * 2 * (o.scaleX ?? 1), o.radius * 2 * (o.scaleY ?? 1)]
        : [o.width * (o.scaleX ?? 1), o.height * (o.scaleY ?? 1)];
    return { left: o.left as number, top: o.top as number, right: o.left + width, bottom: o.top + height };
  });
  for (let i = 1; i < boxes.length; i++) {
    for (let j = 0; j < i; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect({ added: i, earlier: j, overlap }).toEqual({ added: i, earlier: j, overlap: false });
    }
  }
  const centres = boxes.map((b) => [(b.left + b.right) / 2, (b.top + b.bottom) / 2] as const);
  // Seen on the canvas: each rectangle's top-left corner shows its fill, the circle's centre its own.
  const canvasBox = (await page.locator('canvas.lower-canvas').boundingBox())!;
  const zoom = canvasBox.width / 800;
  const shown = (x: number, y: number) => editorCanvasPixel(page, x * zoom, y * zoom);
  const INDIGO = [79, 70, 229];
  expect(near(await shown(saved[0].left + 4, saved[0].top + 4), INDIGO)).toBe(true);
  expect(near(await shown(saved[1].left + 4, saved[1].top + 4), INDIGO)).toBe(true);
  expect(near(await shown(centres[2]![0], centres[2]![1]), [245, 158, 11])).toBe(true);
  // …and all of it within the canvas area on screen.
  const area = (await page.locator('[data-canvas-scroller]').boundingBox())!;
  for (const [x, y] of centres) {
    expect(canvasBox.x + x * zoom).toBeGreaterThan(area.x);
    expect(canvasBox.x + x * zoom).toBeLessThan(area.x + area.width);
    expect(canvasBox.y + y * zoom).toBeGreaterThan(area.y);
    expect(canvasBox.y + y * zoom).toBeLessThan(area.y + area.height);
  }
});

test('a first hour’s details: sizes as made, the stroke switch, text layers named by their words, bindings shown, Render before Layouts', async () => {
  const uid = await openDesign('First hour', [], { width: 400, height: 300 });
  // New objects have no stroke and no stroke width: Properties reads the size they were made at, not one pixel more.
  await page.getByRole('button', { name: 'Add rectangle', exact: true }).click();
  await expect(field('Width').inputValue()).resolves.toBe('200');
  await expect(field('Height').inputValue()).resolves.toBe('120');
  await page.getByRole('button', { name: 'Add circle', exact: true }).click();
  await properties().getByText('Circle', { exact: true }).waitFor();
  await expect(field('Width').inputValue()).resolves.toBe('160');

  // A text's layer is named by its words, and follows them.
  await page.getByRole('button', { name: 'Add text', exact: true }).click();
  await layers().getByRole('button', { name: 'Text “Your text”', exact: true }).waitFor();
  await field('Text').fill('Launch day');
  await field('Text').blur();
  await layers().getByRole('button', { name: 'Text “Launch day”', exact: true }).waitFor();

  // The stroke is off until switched on: no colour nor width that would draw nothing.
  await selectLayer('Rectangle');
  const stroke = field('Stroke');
  expect(await stroke.isChecked()).toBe(false);
  expect(await field('Stroke width').count()).toBe(0);
  await setFields({ X: 20, Y: 20 });
  await stroke.check();
  await expect(field('Stroke width').inputValue()).resolves.toBe('2');
  await setFields({ 'Stroke width': 12, 'Stroke colour': '#ff0000' });
  // Drawn: the rectangle's top-left edge is red on the canvas (the canvas is at 100 %: 400×300 fits).
  const canvasBox = (await page.locator('canvas.lower-canvas').boundingBox())!;
  const zoom = canvasBox.width / 400;
  await eventually(async () => near(await editorCanvasPixel(page, 20 * zoom, 60 * zoom), RED), 'the stroke drawn');
  // Off again: no stroke, no width, the fill back at the edge.
  await stroke.uncheck();
  expect(await field('Stroke colour').count()).toBe(0);
  await eventually(async () => near(await editorCanvasPixel(page, 24 * zoom, 60 * zoom), [79, 70, 229]), 'the stroke gone');
  await stroke.check();
  await setFields({ 'Stroke width': 6, 'Stroke colour': '#00ff00' });

  // A bound object says so in its row (its button keeps the layer's name).
  await page.getByRole('region', { name: 'Variables' }).getByLabel('Variable name').fill('accent');
  await page.getByRole('button', { name: 'Bind fill colour' }).click();
  const row = layers().locator('li[data-layer="Rectangle"]');
  await expect(row.getByText('Bound to accent', { exact: true }).isVisible()).resolves.toBe(true);
  await layers().getByRole('button', { name: 'Rectangle', exact: true }).waitFor();

  const saved = await saveAndRead(uid);
  const [rectangle, circle, text] = saved;
  expect(rectangle).toMatchObject({ type: 'Rect', width: 200, height: 120, stroke: '#00ff00', strokeWidth: 6 });
  expect(rectangle.variableBindings).toEqual({ fill: 'accent' });
  expect(circle).toMatchObject({ type: 'Circle', radius: 80, stroke: null, strokeWidth: 0 });
  expect(text).toMatchObject({ type: 'Textbox', text: 'Launch day', stroke: null, strokeWidth: 0 });
  expect(text.name).toBeUndefined();

  // Render comes before Layouts, right under the canvas's background.
  const renderTop = (await page.getByRole('heading', { name: 'Render', exact: true }).boundingBox())!.y;
  const layoutsTop = (await page.getByRole('heading', { name: 'Layouts', exact: true }).boundingBox())!.y;
  expect(renderTop).toBeLessThan(layoutsTop);

  // An image URL's error is about the URL tried: editing the URL takes it away.
  const imageUrl = page.getByLabel('Image URL', { exact: true });
  await imageUrl.fill('data:image/png;base64,bm90IGFuIGltYWdl');
  await page.getByRole('button', { name: 'Add image', exact: true }).click();
  const problem = page.getByText('That image could not be loaded', { exact: false });
  await problem.waitFor();
  expect(await imageUrl.getAttribute('aria-invalid')).toBe('true');
  await imageUrl.fill(HALVES);
  expect(await problem.count()).toBe(0);
  expect(await imageUrl.getAttribute('aria-invalid')).toBeNull();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('the library dialog uploads an image from the computer and chooses it; a file that is no image is refused beside the field', async () => {
  const uid = await openDesign('Upload', [rect('Paper', 0, 0, 300, 100, '#ffffff')]);
  await layers().getByRole('button', { name: 'Paper', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Image from the library' }).click();
  const dialog = page.getByRole('dialog', { name: 'Image from the library' });
  const upload = dialog.getByLabel('Upload an image');
  // No link away to the Assets page (an empty library's own words): the upload is here.
  expect(await dialog.getByRole('link', { name: 'Upload one' }).count()).toBe(0);
  // Not an image: the server's detail beside the field, nothing chosen.
  await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await eventually(async () => (await upload.getAttribute('aria-invalid')) === 'true', 'the refusal');
  const describedBy = (await upload.getAttribute('aria-describedby'))!.split(' ');
  const refusal = await page.locator(`[id="${describedBy.at(-1)}"]`).innerText();
  expect(refusal.length).toBeGreaterThan(10);
  // An image: uploaded into the library, chosen, and added by Add image.
  const png = await pngOf({ width: 20, height: 20, channels: 3, data: new Uint8Array(20 * 20 * 3).map((_, i) => [0, 255, 0][i % 3]!) });
  await upload.setInputFiles({ name: 'green-logo.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  await dialog.getByRole('radio', { name: 'green-logo.png' }).waitFor({ timeout: 20_000 });
  await eventually(async () => (await dialog.getByRole('radio', { name: 'green-logo.png' }).isChecked()) === true, 'the upload chosen');
  await dialog.getByText('Uploaded green-logo.png: chosen above.', { exact: false }).waitFor();
  expect(await upload.getAttribute('aria-invalid')).toBeNull();
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Add image' }).click();
  await dialog.waitFor({ state: 'detached' });
  const library = (await call('GET', '/assets?kind=image')).assets as Array<{ name: string; url: string }>;
  const logo = library.find((a) => a.name === 'green-logo.png')!;
  const saved = await saveAndRead(uid);
  expect(saved.map((o) => o.type)).toEqual(['Rect', 'Image']);
  expect(saved[1].src).toBe(logo.url);
});

test('the library dialog refuses a font before uploading it (nothing stored), and a refused file among several does not stop the rest', async () => {
  await openDesign('Upload refusals', [rect('Paper', 0, 0, 300, 100, '#ffffff')]);
  await layers().getByRole('button', { name: 'Paper', exact: true }).waitFor();
  const before = ((await call('GET', '/assets')).assets as unknown[]).length;
  await page.getByRole('button', { name: 'Image from the library' }).click();
  const dialog = page.getByRole('dialog', { name: 'Image from the library' });
  const upload = dialog.getByLabel('Upload an image');
  const refusal = dialog.getByTestId('asset-drop-zone').getByRole('alert');
  // A font (a real TTF, which the library would take as a font): refused beside the field in plain words, not sent.
  await upload.setInputFiles({
    name: 'Brand.ttf',
    mimeType: 'font/ttf',
    buffer: readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf'),
  });
  await refusal.getByText('Not uploaded: Brand.ttf: this is a font, not an image.', { exact: false }).waitFor();
  expect(await upload.getAttribute('aria-invalid')).toBe('true');
  expect(await dialog.getByRole('radio', { checked: true }).count()).toBe(0);
  expect(((await call('GET', '/assets')).assets as unknown[]).length).toBe(before);
  // The same font renamed .png is still a font (its first bytes say so).
  await upload.setInputFiles({
    name: 'sneaky.png',
    mimeType: 'image/png',
    buffer: readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf'),
  });
  await refusal.getByText('Not uploaded: sneaky.png: this is a font, not an image.', { exact: false }).waitFor();
  expect(((await call('GET', '/assets')).assets as unknown[]).length).toBe(before);
  // Several files, the first refused by the server (an SVG with a script): the image after it is uploaded all the same
  // and chosen, as on the Assets page.
  const png = await pngOf({ width: 4, height: 4, channels: 3, data: new Uint8Array(4 * 4 * 3).fill(200) });
  await upload.setInputFiles([
    {
      name: 'scripted.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
    },
    { name: 'after-refusal.png', mimeType: 'image/png', buffer: Buffer.from(png) },
  ]);
  await eventually(
    async () => (await dialog.getByRole('radio', { name: 'after-refusal.png' }).isChecked()) === true,
    'the second file chosen',
    20_000,
  );
  await refusal.getByText(/^Not uploaded: scripted\.svg: /).waitFor();
  await dialog.getByText('Uploaded after-refusal.png: chosen above.', { exact: false }).waitFor();
  const names = ((await call('GET', '/assets')).assets as Array<{ name: string }>).map((a) => a.name);
  expect(names).toContain('after-refusal.png');
  expect(names).not.toContain('scripted.svg');
  expect(names).not.toContain('Brand.ttf');
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('the font choice is the renderer’s fonts; new text is Liberation Sans (the renderer’s sans-serif); an old design’s family is kept and named as its own', async () => {
  await openDesign(
    'Fonts',
    [{ type: 'Textbox', originX: 'left', originY: 'top', left: 10, top: 10, width: 200, text: 'Old', fontFamily: 'Georgia', fontSize: 30 }],
    {
      width: 400,
      height: 300,
    },
  );
  await page.getByRole('button', { name: 'Add text', exact: true }).click();
  await layers().getByRole('button', { name: 'Text “Your text”', exact: true }).waitFor();
  await expect(field('Font family').inputValue()).resolves.toBe('Liberation Sans');
  const options = await field('Font family').locator('option').allTextContents();
  expect(options).toEqual([
    'Noto Sans',
    'Noto Serif',
    'Liberation Sans',
    'Liberation Serif',
    'Liberation Mono',
    'DejaVu Sans',
    'DejaVu Serif',
    'DejaVu Sans Mono',
  ]);
  await selectLayer('Text “Old”');
  await expect(field('Font family').inputValue()).resolves.toBe('Georgia');
  expect(await field('Font family').locator('option').allTextContents()).toContain('Georgia (this design’s)');
});
