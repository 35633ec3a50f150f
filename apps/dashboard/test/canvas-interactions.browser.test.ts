import type { APIResponse, BrowserContext, Page } from 'playwright-core';
import { decode } from '../../../deploy/embedded/test/harness.js';
import {
  accessibilityViolations,
  eventually,
  expectFocusOn,
  near,
  startSignedInRig,
  type DashboardRig,
  sessionRequest,
} from './browser.js';

/**
 * Issue 15, the editor's interactions: the real canvas driven with playwright's mouse and keyboard, the result
 * read back from the saved template (PUT /templates/{uid}) and, where it matters, from a render's pixels.
 */

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;
let close: (() => Promise<void>) | undefined;

const WIDTH = 400;
const HEIGHT = 300;
const RED = [255, 0, 0];
const GREEN = [0, 170, 0];
const BLUE = [0, 0, 255];
const WHITE = [255, 255, 255];
const GUIDE = [219, 39, 119];

interface SavedObject {
  type: string;
  name?: string;
  left: number;
  top: number;
  fill?: string;
}

const rect = (name: string, left: number, top: number, fill: string) => ({
  type: 'Rect',
  name,
  originX: 'left',
  originY: 'top',
  left,
  top,
  width: 50,
  height: 50,
  fill,
  strokeWidth: 0,
});

/** The design every test starts from: three 50×50 squares far from each other's lines and from the centre lines. */
const DESIGN = {
  version: '7.4.0',
  background: '#ffffff',
  objects: [rect('Red', 20, 20, '#ff0000'), rect('Green', 60, 220, '#00aa00'), rect('Blue', 300, 40, '#0000ff')],
};

/** The API as the signed-in browser calls it: session cookie plus the CSRF double-submit header. */
async function call(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<APIResponse> {
  return sessionRequest(context, rig.stack.baseUrl, { method, path, data });
}

/** A fresh canvas template holding DESIGN, opened in the visual editor. */
async function openEditor(): Promise<string> {
  const res = await call('POST', '/templates', { name: 'Interactions', width: WIDTH, height: HEIGHT, fabricJSData: DESIGN });
  expect(res.status()).toBe(200);
  const uid = ((await res.json()) as { template: { uid: string } }).template.uid;
  await page.goto(rig.url(`templates/${uid}/canvas`));
  await page.getByRole('button', { name: 'Save template' }).waitFor();
  await eventually(
    async () => (await page.getByRole('button', { name: 'Save template' }).isEnabled()) && (await zoomOf()) > 0,
    'the design to load',
  );
  return uid;
}

/** The on-screen zoom: the canvas element's width over the design's. */
/** A template of DESIGN plus a Title text box reading `{{title}}` (a variable to try values of), opened in the editor. */
async function openWithVariable(name: string): Promise<string> {
  const title = {
    type: 'Textbox',
    name: 'Title',
    originX: 'left',
    originY: 'top',
    left: 20,
    top: 120,
    width: 200,
    text: '{{title}}',
    fontSize: 20,
  };
  const res = await call('POST', '/templates', {
    name,
    width: WIDTH,
    height: HEIGHT,
    fabricJSData: { ...DESIGN, objects: [...DESIGN.objects, title] },
  });
  expect(res.status()).toBe(200);
  const uid = ((await res.json()) as { template: { uid: string } }).template.uid;
  await page.goto(rig.url(`templates/${uid}/canvas`));
  return uid;
}

async function zoomOf(): Promise<number> {
  const box = await page.locator('canvas.lower-canvas').boundingBox();
  return box ? box.width / WIDTH : 0;
}

/** Where a design point is on the screen (the canvas may be zoomed and scrolled). */
async function screenOf(x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await page.locator('canvas.lower-canvas').boundingBox())!;
  const zoom = box.width / WIDTH;
  return { x: box.x + x * zoom, y: box.y + y * zoom };
}

/** Clicks a design point on the canvas (with Shift held: adds to the selection). */
async function clickAt(x: number, y: number, options: { shift?: boolean } = {}): Promise<void> {
  const at = await screenOf(x, y);
  if (options.shift) await page.keyboard.down('Shift');
  await page.mouse.click(at.x, at.y);
  if (options.shift) await page.keyboard.up('Shift');
}

/** Saves through the editor's button (a real PUT) and answers the saved design's objects. */
async function saveAndRead(uid: string): Promise<SavedObject[]> {
  await page
    .locator('body')
    .click({ position: { x: 2, y: 2 } })
    .catch(() => {});
  const [put] = await Promise.all([
    // The template's own PUT, not the thumbnail the previous save is still uploading (/templates/{uid}/versions/…).
    page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/templates/${uid}`),
    page.getByRole('button', { name: 'Save template' }).click(),
  ]);
  expect(put.status()).toBe(200);
  const res = await call('GET', `/templates/${uid}`);
  const saved = ((await res.json()) as { template: { fabricJSData: Record<string, unknown> } }).template.fabricJSData;
  return saved.objects as SavedObject[];
}

const positions = (objects: SavedObject[]) => objects.map((o) => [o.name, Math.round(o.left), Math.round(o.top)]);

/** One pixel of the editor's own on-screen canvas, at a design point. */
async function screenPixel(x: number, y: number): Promise<number[]> {
  return page.locator('canvas.lower-canvas').evaluate(
    (canvas: HTMLCanvasElement, [px, py, width]) => {
      const scale = canvas.width / width!;
      const data = canvas.getContext('2d')!.getImageData(Math.round(px! * scale), Math.round(py! * scale), 1, 1).data;
      return Array.from(data.slice(0, 3));
    },
    [x, y, WIDTH],
  );
}

/** Renders the saved template through the API and answers its decoded image. */
async function render(uid: string) {
  const res = await call('POST', `/templates/${uid}/render`, {});
  expect(res.status()).toBe(200);
  const { url } = (await res.json()) as { url: string };
  return decode(url.replace('//localhost:', '//127.0.0.1:'));
}

const CANVAS_NAME = `Design canvas, ${WIDTH} by ${HEIGHT}`;

/** The page's live regions as read out (the no-break space that makes the same words a change dropped). */
async function said(): Promise<string[]> {
  return (await page.locator('[aria-live]').allTextContents()).map((t) => t.replace(/\u00a0/g, '').trim());
}

/** Waits until a live region says these words. */
async function hears(words: string): Promise<void> {
  await eventually(async () => (await said()).includes(words), `“${words}” said`);
}

/** Presses a key and waits until a live region says these words anew (the same words again included). */
async function pressAndHear(key: string, words: string): Promise<void> {
  const raw = async () => (await page.locator('[aria-live]').allTextContents()).join('|');
  const before = await raw();
  await page.keyboard.press(key);
  await eventually(async () => (await raw()) !== before && (await said()).includes(words), `“${words}” said after ${key}`);
}

/** From the last tool of the row, one Tab: the canvas is the next stop, before Properties. */
async function tabToCanvas(): Promise<void> {
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).focus();
  await page.keyboard.press('Tab');
  await expectFocusOn(page, CANVAS_NAME);
}

/** Chooses a layer by its row's button in Layers, with the keyboard; Properties then shows it. */
async function chooseLayer(name: string): Promise<void> {
  await page.getByRole('region', { name: 'Layers' }).getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('region', { name: 'Properties' }).getByText(name, { exact: true }).waitFor();
}

beforeAll(async () => {
  // The editor saves and re-reads faster than a person clicks: a plan whose per-minute limit the test cannot reach.
  ({ rig, context, page, close } = await startSignedInRig({ email: 'interactions@example.com', name: 'Designer', plan: 'business' }));
}, 120_000);

afterAll(async () => {
  await close?.();
});

test('a drag snaps onto the page centre with a guide drawn meanwhile; the save and the render put it there; undo and redo restore', async () => {
  const uid = await openEditor();
  // Drag the red square by its middle to 3 px right of and 2 px above the page centre (at 100 % zoom: the
  // pull is 6 screen pixels), in small steps as a hand would.
  await page.getByRole('button', { name: '100 %' }).click();
  const from = await screenOf(45, 45);
  const to = await screenOf(WIDTH / 2 + 3, HEIGHT / 2 - 2);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  // While the button is held, the guides are drawn on the screen canvas: the vertical centre line, above the square.
  await eventually(async () => near(await screenPixel(WIDTH / 2, 40), GUIDE, 60), 'the vertical centre guide');
  await page.mouse.up();
  // The guides go with the drag; the square sits with its centre on the page's centre.
  await eventually(async () => near(await screenPixel(WIDTH / 2, 40), WHITE), 'the guide to be gone');

  const saved = await saveAndRead(uid);
  // Exactly the three squares: nothing of the guides reached the saved design.
  expect(positions(saved)).toEqual([
    ['Red', 175, 125],
    ['Green', 60, 220],
    ['Blue', 300, 40],
  ]);
  const image = await render(uid);
  expect(near(image.pixel(200, 150), RED)).toBe(true);
  expect(near(image.pixel(45, 45), WHITE)).toBe(true);

  // Undo takes the whole drag back in one step; redo brings it again.
  await page.keyboard.press('Control+z');
  expect(positions(await saveAndRead(uid))[0]).toEqual(['Red', 20, 20]);
  await page.keyboard.press('Control+Shift+Z');
  expect(positions(await saveAndRead(uid))[0]).toEqual(['Red', 175, 125]);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+y');
  expect(positions(await saveAndRead(uid))[0]).toEqual(['Red', 175, 125]);
});

test('copy and paste duplicate the selection offset from the original; Ctrl+D duplicates; Delete removes; undo brings it back', async () => {
  const uid = await openEditor();
  await clickAt(325, 65); // the blue square
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await page.keyboard.press('Control+v');
  let saved = await saveAndRead(uid);
  expect(positions(saved)).toEqual([
    ['Red', 20, 20],
    ['Green', 60, 220],
    ['Blue', 300, 40],
    ['Blue', 320, 60],
    ['Blue', 340, 80],
  ]);
  expect(saved.slice(3).every((o) => o.fill === '#0000ff' && o.type === 'Rect')).toBe(true);

  // Ctrl+D duplicates the selection (the second paste) one step further.
  await page.keyboard.press('Control+d');
  saved = await saveAndRead(uid);
  expect(positions(saved).at(-1)).toEqual(['Blue', 360, 100]);

  // Delete removes the selection (the duplicate); undo brings it back.
  await clickAt(385, 125);
  await page.keyboard.press('Delete');
  expect(await saveAndRead(uid)).toHaveLength(5);
  await page.keyboard.press('Control+z');
  expect(positions(await saveAndRead(uid)).at(-1)).toEqual(['Blue', 360, 100]);

  // The pasted squares are in the render, where the saved design says.
  const image = await render(uid);
  expect(near(image.pixel(395, 145), BLUE)).toBe(true);
  expect(near(image.pixel(345, 85), BLUE)).toBe(true);
});

test('multi-select (Ctrl+A, Shift+click): align and distribute move the objects; arrows nudge as one undo step; typing in a field is left alone', async () => {
  const uid = await openEditor();
  await clickAt(45, 45);
  await page.keyboard.press('Control+a');
  await page.getByRole('button', { name: 'Align top' }).click();
  expect(positions(await saveAndRead(uid))).toEqual([
    ['Red', 20, 20],
    ['Green', 60, 20],
    ['Blue', 300, 20],
  ]);
  await page.getByRole('button', { name: 'Distribute horizontally' }).click();
  // Outer squares stay (20 and 300, spanning 20…350); the gaps are (330 − 3×50) / 2 = 90, green at 20 + 50 + 90.
  expect(positions(await saveAndRead(uid))).toEqual([
    ['Red', 20, 20],
    ['Green', 160, 20],
    ['Blue', 300, 20],
  ]);

  // Shift+click builds a selection of two; Align right lines them up on the right of their bounds.
  await page.keyboard.press('Escape');
  await clickAt(45, 45);
  await clickAt(185, 45, { shift: true });
  await page.getByRole('button', { name: 'Align right' }).click();
  expect(positions(await saveAndRead(uid)).slice(0, 2)).toEqual([
    ['Red', 160, 20],
    ['Green', 160, 20],
  ]);

  // Arrows move the selection 1 px, Shift+arrow 10 px; holding them is one step of undo.
  await page.keyboard.press('Escape');
  await clickAt(325, 45);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  expect(positions(await saveAndRead(uid))[2]).toEqual(['Blue', 303, 30]);
  await page.keyboard.press('Control+z');
  expect(positions(await saveAndRead(uid))[2]).toEqual(['Blue', 300, 20]);

  // With a text field focused, Backspace and arrows edit the field, not the design.
  await clickAt(325, 45);
  const widthField = page.getByRole('spinbutton', { name: 'Template width' });
  await widthField.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('ArrowLeft');
  expect(await widthField.inputValue()).toBe('40');
  await widthField.fill(String(WIDTH));
  const afterTyping = await saveAndRead(uid);
  expect(afterTyping).toHaveLength(3);
  expect(positions(afterTyping)[2]).toEqual(['Blue', 300, 20]);

  const image = await render(uid);
  expect(near(image.pixel(185, 45), GREEN)).toBe(true);
  expect(near(image.pixel(325, 45), BLUE)).toBe(true);
});

test('zoom (buttons, Ctrl+wheel, fit, 100 %) and Space+drag pan change the view only, never the saved design', async () => {
  const uid = await openEditor();
  const before = await saveAndRead(uid);
  const viewTools = page.getByRole('toolbar', { name: 'View' });
  // The page's live regions: the zoom is said only when the person changes it (not on the fit at load).
  const liveTexts = () => page.locator('[aria-live]').allTextContents();
  expect((await liveTexts()).filter((t) => t.includes('Zoom'))).toEqual([]);
  expect(await viewTools.textContent()).toMatch(/Zoom \d+ %/);

  await page.getByRole('button', { name: '100 %' }).click();
  expect(await zoomOf()).toBeCloseTo(1, 2);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  expect(await zoomOf()).toBeCloseTo(1.5, 2);
  expect(await viewTools.textContent()).toContain('150 %');
  await eventually(async () => (await liveTexts()).includes('Zoom 150 %.'), 'the zoom said once changed with the buttons');

  // At 150 % a click still lands on the object under the pointer: select blue and nudge it to prove it.
  await clickAt(325, 65);
  await page.keyboard.press('ArrowLeft');
  const nudged = await saveAndRead(uid);
  expect(positions(nudged)[2]).toEqual(['Blue', 299, 40]);
  await page.keyboard.press('Control+z');

  // Ctrl+wheel zooms out around the pointer.
  const centre = await screenOf(200, 150);
  await page.mouse.move(centre.x, centre.y);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, 300);
  await page.keyboard.up('Control');
  await eventually(async () => (await zoomOf()) < 1.2, 'Ctrl+wheel to zoom out');
  // The wheel's many small steps are not said: the live region still holds the last zoom asked for with a button.
  expect((await liveTexts()).filter((t) => t.includes('Zoom'))).toEqual(['Zoom 150 %.']);
  // A zoom key is asked for like a button: said.
  await page.keyboard.press('Control+0');
  await eventually(async () => (await liveTexts()).includes('Zoom 100 %.'), 'the zoom said after Ctrl+0');

  // Space+drag pans the scroller around the canvas (zoomed in far enough to scroll).
  await page.getByRole('button', { name: '100 %' }).click();
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
  const scroller = page.locator('canvas.lower-canvas').locator('xpath=ancestor::*[@data-canvas-scroller]');
  const grab = await screenOf(200, 150);
  await page.mouse.move(grab.x, grab.y);
  const scrollBefore = await scroller.evaluate((el) => [el.scrollLeft, el.scrollTop]);
  await page.keyboard.down('Space');
  await page.mouse.down();
  await page.mouse.move(grab.x - 120, grab.y - 60, { steps: 6 });
  await page.mouse.up();
  await page.keyboard.up('Space');
  const scrollAfter = await scroller.evaluate((el) => [el.scrollLeft, el.scrollTop]);
  expect(scrollAfter[0]! - scrollBefore[0]!).toBeGreaterThan(60);

  // Fit shows the whole design again.
  await page.getByRole('button', { name: 'Fit' }).click();
  const fitted = (await page.locator('canvas.lower-canvas').boundingBox())!;
  const view = (await scroller.boundingBox())!;
  expect(fitted.width).toBeLessThanOrEqual(view.width);
  expect(fitted.height).toBeLessThanOrEqual(view.height);
  // …centred across a plain pasteboard; the transparency checkerboard is behind the design only.
  expect(Math.abs(fitted.x - view.x - (view.x + view.width - fitted.x - fitted.width))).toBeLessThanOrEqual(4);
  expect(await scroller.evaluate((el) => getComputedStyle(el).backgroundImage)).toBe('none');
  expect(await page.getByTestId('editor-canvas').evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/conic-gradient/);

  // None of it is in the design: same objects, same places, no viewport transform, at any zoom.
  const after = await saveAndRead(uid);
  expect(after).toEqual(before);
  const saved = (
    (await (await call('GET', `/templates/${uid}`)).json()) as { template: { fabricJSData: Record<string, unknown>; width: number } }
  ).template;
  expect(saved.fabricJSData).not.toHaveProperty('viewportTransform');
  expect(saved.width).toBe(WIDTH);
  const image = await render(uid);
  expect([image.width, image.height]).toEqual([WIDTH, HEIGHT]);
  expect(near(image.pixel(45, 45), RED)).toBe(true);
});

test('the shortcuts dialog opens with "?" and its button, lists every shortcut, passes axe, closes on Escape and gives focus back', async () => {
  await openEditor();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.waitFor();
  for (const keys of [
    'Ctrl+Z',
    'Ctrl+Shift+Z',
    'Ctrl+Y',
    'Ctrl+C',
    'Ctrl+V',
    'Ctrl+D',
    'Delete',
    'Backspace',
    'Ctrl+A',
    'Escape',
    // Where [ and ] need AltGr (German: AltGr+8 and 9), the dialog says they work typed so.
    'AltGr+[',
    'AltGr+]',
    'Shift+←',
  ]) {
    await expect(dialog.getByText(keys, { exact: true }).count()).resolves.toBeGreaterThan(0);
  }
  expect(await accessibilityViolations(page, '[role="dialog"]')).toEqual([]);
  // Escape inside the dialog closes it (and does not reach the canvas).
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  const opener = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await opener.focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expectFocusOn(page, 'Keyboard shortcuts');
  for (const toolbar of ['History', 'Arrange', 'View']) {
    expect(await accessibilityViolations(page, `[role="toolbar"][aria-label="${toolbar}"]`)).toEqual([]);
  }
});

test('the editor is quiet: no request while idle or while dragging; a save costs a handful', async () => {
  const uid = await openEditor();
  await saveAndRead(uid); // a first version, whose thumbnail upload must settle before counting
  const seen: string[] = [];
  const count = (request: { method(): string; url(): string }) => void seen.push(`${request.method()} ${new URL(request.url()).pathname}`);
  page.on('request', count);
  try {
    // Settled: a second of silence (the first save's thumbnail and re-reads done).
    let before = -1;
    await eventually(
      async () => {
        const now = seen.length;
        const quiet = now === before;
        before = now;
        await new Promise((r) => setTimeout(r, 1000));
        return quiet && seen.length === now;
      },
      'the first save to settle',
      30_000,
    );
    seen.length = 0;
    // Idle for five seconds, then a long drag: each drag step is an editor revision, and none may reach the network.
    await new Promise((r) => setTimeout(r, 5000));
    await page.getByRole('button', { name: '100 %' }).click();
    const from = await screenOf(45, 45);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 120, from.y + 60, { steps: 40 });
    await page.mouse.up();
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen).toEqual([]);
    // A save is the PUT, the version list re-read, the new version's thumbnail and the reads that follow it.
    await saveAndRead(uid);
    await new Promise((r) => setTimeout(r, 3000));
    expect(seen.filter((r) => r.startsWith('PUT ') && r.endsWith(`/templates/${uid}`))).toHaveLength(1);
    expect(seen.length).toBeLessThanOrEqual(12);
  } finally {
    page.off('request', count);
  }
});

test('undo and redo keep the selection: the object changed (or moved in the stack) stays selected, its properties shown', async () => {
  await openEditor();
  const properties = page.getByRole('region', { name: 'Properties' });
  const layers = page.getByRole('region', { name: 'Layers' });
  const shows = (name: string) => properties.getByText(name, { exact: true }).waitFor();
  await clickAt(45, 45); // the red square
  await shows('Red');
  await properties.getByLabel('Fill colour').fill('#ffff00');
  await eventually(async () => near(await screenPixel(45, 45), [255, 255, 0]), 'the new fill drawn');
  // Undo brings the red back, and Red is still the one selected: its properties, its old colour.
  await page.keyboard.press('Control+z');
  await eventually(async () => near(await screenPixel(45, 45), RED), 'the fill undone');
  await shows('Red');
  await expect(properties.getByLabel('Fill colour').inputValue()).resolves.toBe('#ff0000');
  await page.keyboard.press('Control+Shift+z');
  await eventually(async () => (await properties.getByLabel('Fill colour').inputValue()) === '#ffff00', 'the fill redone, Red selected');

  // A layer order undone with the button: the object is found at its old place, still selected.
  await layers.getByRole('button', { name: 'Up: bring Red forward' }).click();
  expect(await layers.locator('li').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-layer')))).toEqual(['Blue', 'Red', 'Green']);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await eventually(
    async () =>
      (await layers.locator('li').first().getAttribute('data-layer')) === 'Blue' &&
      (await layers.locator('li').last().getAttribute('data-layer')) === 'Red',
    'the order undone',
  );
  await shows('Red');
  expect(await layers.getByRole('button', { name: 'Red', exact: true }).getAttribute('aria-pressed')).toBe('true');
  // Nudged with the keyboard right after the undo: the selection is live, not only shown.
  await page.keyboard.press('Shift+ArrowRight');
  await eventually(async () => (await properties.getByLabel('X', { exact: true }).inputValue()) === '30', 'Red nudged');
});

test('keyboard only: when Ctrl+Z, Delete or Escape takes away the control in focus, focus goes to its panel’s heading, not the page’s start', async () => {
  const uid = await openEditor();
  const properties = page.getByRole('region', { name: 'Properties' });
  const layers = page.getByRole('region', { name: 'Layers' });
  // A layer picked from its row, nudged, the nudge undone: the step made every row anew, the focused one included.
  await layers.getByRole('button', { name: 'Red', exact: true }).focus();
  await page.keyboard.press('Enter');
  await properties.getByText('Red', { exact: true }).waitFor();
  await page.keyboard.press('ArrowRight');
  await eventually(async () => (await properties.getByLabel('X', { exact: true }).inputValue()) === '21', 'Red nudged');
  await page.keyboard.press('Control+z');
  await eventually(async () => (await properties.getByLabel('X', { exact: true }).inputValue()) === '20', 'the nudge undone');
  await expectFocusOn(page, 'Layers');
  // …from where the next Tab goes on into the layers, front first (it went to "Skip to content").
  await page.keyboard.press('Tab');
  await expectFocusOn(page, 'Blue');

  // Delete pressed on the selected layer's own row: the row goes with it.
  await layers.getByRole('button', { name: 'Red', exact: true }).click();
  await layers.getByRole('button', { name: 'Lock Red' }).focus();
  await page.keyboard.press('Delete');
  await layers.getByRole('button', { name: 'Red', exact: true }).waitFor({ state: 'detached' });
  await expectFocusOn(page, 'Layers');

  // Escape with focus on a property (the Shadow switch): the selection cleared, its fields gone.
  await layers.getByRole('button', { name: 'Green', exact: true }).click();
  await properties.getByLabel('Shadow', { exact: true }).focus();
  await page.keyboard.press('Escape');
  await properties.getByText('Select an object on the canvas or in the layers list.').waitFor();
  await expectFocusOn(page, 'Properties');

  // A pointer elsewhere is left alone: a click on the canvas after a layer's button keeps focus off the panels.
  await layers.getByRole('button', { name: 'Green', exact: true }).click();
  await clickAt(200, 150);
  await properties.getByText('Select an object on the canvas or in the layers list.').waitFor();
  expect(await page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-label') ?? null)).toBeNull();
  expect((await saveAndRead(uid)).map((o) => o.name)).toEqual(['Green', 'Blue']);
});

test('keyboard only: a tool its own press turns off passes focus to the nearest one still on (Redo after the last Undo, Zoom out after Delete)', async () => {
  await openEditor();
  const layers = page.getByRole('region', { name: 'Layers' });
  await page.getByRole('button', { name: 'Add rectangle', exact: true }).focus();
  await page.keyboard.press('Enter');
  await layers.getByLabel('Name of layer Rectangle').waitFor();
  // The one step undone: Undo is off, and focus was on the page (no ring, nothing said).
  await page.getByRole('button', { name: 'Undo', exact: true }).focus();
  await page.keyboard.press('Enter');
  await layers.getByLabel('Name of layer Rectangle').waitFor({ state: 'detached' });
  await expectFocusOn(page, 'Redo');
  expect(await page.getByRole('button', { name: 'Undo', exact: true }).isDisabled()).toBe(true);

  // Delete with the selection gone turns off Arrange's buttons: focus goes on to the next tool on, Zoom out.
  await layers.getByRole('button', { name: 'Red', exact: true }).click();
  await page.getByRole('toolbar', { name: 'Arrange' }).getByRole('button', { name: 'Delete', exact: true }).focus();
  await page.keyboard.press('Enter');
  await layers.getByRole('button', { name: 'Red', exact: true }).waitFor({ state: 'detached' });
  await expectFocusOn(page, 'Zoom out');
});

test('keyboard only: a tool turned off with the whole row (tried values shown) passes focus to Back to the design', async () => {
  await openWithVariable('Tried');
  const variables = page.getByRole('region', { name: 'Variables' });
  const tryButton = variables.getByRole('button', { name: 'Try values on canvas' });
  await eventually(async () => tryButton.isEnabled(), 'Try values on canvas to be on');
  await page.getByRole('button', { name: 'Zoom out', exact: true }).focus();
  // Pressed without moving focus (as a script or a switch device may): the row turns off under Zoom out, every tool
  // with it, so no neighbour is left on (focus fell to the page's body).
  await tryButton.dispatchEvent('click');
  await eventually(async () => page.getByRole('button', { name: 'Zoom out', exact: true }).isDisabled(), 'the row to turn off');
  const note = page.getByRole('status').filter({ hasText: 'Showing tried values: go back to the design to edit it.' });
  await expectFocusOn(page, 'Back to the design');
  expect(await note.getByRole('button', { name: 'Back to the design' }).evaluate((b) => b === document.activeElement)).toBe(true);
  // It leads back: the row is on again.
  await page.keyboard.press('Enter');
  await eventually(async () => page.getByRole('button', { name: 'Zoom out', exact: true }).isEnabled(), 'the row to turn on');
});

test('keyboard only: the canvas is a Tab stop named with its size and keys; arrows move the layer chosen in Layers, Delete removes one, Escape clears, [ and ] choose, each said; the save has it', async () => {
  const uid = await openEditor();
  const layers = page.getByRole('region', { name: 'Layers' });
  const properties = page.getByRole('region', { name: 'Properties' });
  const area = page.getByRole('application', { name: CANVAS_NAME });

  await tabToCanvas();
  const description = await area.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
  expect(description).toContain(
    'Arrow keys move the selected layer by 1 px (Shift: 10 px); Delete removes it; Escape clears the selection.',
  );
  // The ring a keyboard user sees (the dashboard's :focus-visible outline).
  expect(await area.evaluate((el) => [el.matches(':focus-visible'), getComputedStyle(el).outlineStyle])).toEqual([true, 'solid']);
  // Nothing selected yet: an arrow says how to choose a layer.
  await page.keyboard.press('ArrowRight');
  await hears('No layer selected: press [ or ] to choose one, or choose it in Layers.');

  // Red chosen in Layers, then back on the canvas: 3 × → and Shift+↓ move it, said, shown in X and Y, unsaved.
  await chooseLayer('Red');
  await tabToCanvas();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await hears('Red: X 23, Y 30.');
  expect([
    await properties.getByLabel('X', { exact: true }).inputValue(),
    await properties.getByLabel('Y', { exact: true }).inputValue(),
  ]).toEqual(['23', '30']);
  await page.getByText('Unsaved changes.', { exact: true }).waitFor();
  await expectFocusOn(page, `Design canvas, ${WIDTH} by ${HEIGHT}`);

  // Escape clears the selection, said; focus stays on the canvas.
  await page.keyboard.press('Escape');
  await hears('Selection cleared.');
  await properties.getByText('Select an object on the canvas or in the layers list.').waitFor();
  await expectFocusOn(page, `Design canvas, ${WIDTH} by ${HEIGHT}`);

  // Green chosen, Delete on the canvas: gone from Layers, said, focus still on the canvas.
  await chooseLayer('Green');
  await tabToCanvas();
  await page.keyboard.press('Delete');
  await layers.getByRole('button', { name: 'Green', exact: true }).waitFor({ state: 'detached' });
  await hears('Deleted Green. Ctrl+Z brings it back.');
  await expectFocusOn(page, `Design canvas, ${WIDTH} by ${HEIGHT}`);

  // [ and ] choose a layer without leaving the canvas: none selected, [ takes the front one, then the one behind; ]
  // goes forward again. Each said with its place and position; Properties shows it.
  await page.keyboard.press('[');
  await hears('Selected Blue: 1 of 2, front to back. X 300, Y 40.');
  await page.keyboard.press('[');
  await hears('Selected Red: 2 of 2, front to back. X 23, Y 30.');
  await properties.getByText('Red', { exact: true }).waitFor();
  await page.keyboard.press(']');
  await hears('Selected Blue: 1 of 2, front to back. X 300, Y 40.');
  await properties.getByText('Blue', { exact: true }).waitFor();
  await expectFocusOn(page, `Design canvas, ${WIDTH} by ${HEIGHT}`);
  expect(await accessibilityViolations(page)).toEqual([]);

  // Saved (the real PUT, read back with GET /templates/{uid}): Red where the keys put it, Green gone.
  expect(positions(await saveAndRead(uid))).toEqual([
    ['Red', 23, 30],
    ['Blue', 300, 40],
  ]);
});

test('keyboard only: align, distribute, paste, duplicate, undo and redo are each said, and so is nothing to undo or redo', async () => {
  const uid = await openEditor();
  await tabToCanvas();
  // Nothing done yet: Ctrl+Z and Ctrl+Y say so instead of nothing.
  await pressAndHear('Control+z', 'Nothing to undo.');
  await pressAndHear('Control+y', 'Nothing to redo.');

  // Paste and duplicate say what was added and where it landed (20 px further each).
  await chooseLayer('Blue');
  await tabToCanvas();
  await page.keyboard.press('Control+c');
  await pressAndHear('Control+v', 'Pasted Blue: X 320, Y 60.');
  await pressAndHear('Control+d', 'Duplicated Blue: X 340, Y 80.');
  // Undo and redo say the step by what it changed (the history knows the designs before and after it).
  await pressAndHear('Control+z', 'Undid: added Blue.');
  await pressAndHear('Control+Shift+z', 'Redid: added Blue.');
  await pressAndHear('Control+z', 'Undid: added Blue.');
  await pressAndHear('Control+z', 'Undid: added Blue.');
  await pressAndHear('Control+z', 'Nothing to undo.');

  // Align and distribute (Arrange's buttons, by Enter) say what moved where.
  await page.keyboard.press('Control+a');
  const arrange = page.getByRole('toolbar', { name: 'Arrange' });
  await arrange.getByRole('button', { name: 'Align top' }).focus();
  await pressAndHear('Enter', 'Aligned 3 layers to the top.');
  await pressAndHear('Enter', '3 layers are already aligned to the top.');
  await arrange.getByRole('button', { name: 'Distribute horizontally' }).focus();
  await pressAndHear('Enter', 'Distributed 3 layers horizontally.');
  expect(positions(await saveAndRead(uid))).toEqual([
    ['Red', 20, 20],
    ['Green', 160, 20],
    ['Blue', 300, 20],
  ]);
  // Undo names the layers the step moved: distribute moved Green only; align moved Green and Blue.
  await tabToCanvas();
  await pressAndHear('Control+z', 'Undid: moved Green.');
  await pressAndHear('Control+z', 'Undid: moved 2 layers.');
  await pressAndHear('Control+Shift+z', 'Redid: moved 2 layers.');
  // The Undo button says it too.
  await page.getByRole('button', { name: 'Undo', exact: true }).focus();
  await pressAndHear('Enter', 'Undid: moved 2 layers.');
  expect(positions(await saveAndRead(uid))).toEqual([
    ['Red', 20, 20],
    ['Green', 60, 220],
    ['Blue', 300, 40],
  ]);
});

test('keyboard only: while tried values are shown, an arrow or Delete on the canvas says editing is off and how to get back, once a press', async () => {
  const uid = await openWithVariable('Tried keys');
  const variables = page.getByRole('region', { name: 'Variables' });
  const tryButton = variables.getByRole('button', { name: 'Try values on canvas' });
  const back = variables.getByRole('button', { name: 'Back to the design' });
  await eventually(async () => tryButton.isEnabled(), 'Try values on canvas to be on');
  await chooseLayer('Red');
  await tryButton.click();
  await back.waitFor();
  await page.getByRole('application', { name: CANVAS_NAME }).focus();
  const off = 'Editing is off while tried values are shown: choose Back to the design to edit.';
  await pressAndHear('ArrowRight', off);
  // Each press says it again (the same words, still a change of the live region), Delete too.
  await pressAndHear('ArrowRight', off);
  await pressAndHear('Delete', off);
  // Nothing changed: Red is still there, where it was.
  await back.click();
  await page.getByRole('region', { name: 'Layers' }).getByRole('button', { name: 'Red', exact: true }).waitFor();
  expect(positions(await saveAndRead(uid))[0]).toEqual(['Red', 20, 20]);
});

test('keyboard only: [ and ] typed with AltGr (a German keyboard’s AltGr+8 and 9) choose a layer too', async () => {
  await openEditor();
  await tabToCanvas();
  // On Windows AltGr reports Ctrl and Alt held with the key's character.
  await page.keyboard.down('Control');
  await page.keyboard.down('Alt');
  await page.keyboard.press('[');
  await page.keyboard.up('Alt');
  await page.keyboard.up('Control');
  await hears('Selected Blue: 1 of 3, front to back. X 300, Y 40.');
  // Elsewhere the browser reports the AltGraph modifier itself.
  const altGraph = (key: string) =>
    page.getByRole('application', { name: CANVAS_NAME }).evaluate((el, k) => {
      el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, modifierAltGraph: true }));
    }, key);
  await altGraph('[');
  await hears('Selected Green: 2 of 3, front to back. X 60, Y 220.');
  await page.getByRole('region', { name: 'Properties' }).getByText('Green', { exact: true }).waitFor();
  await altGraph(']');
  await hears('Selected Blue: 1 of 3, front to back. X 300, Y 40.');
  await expectFocusOn(page, CANVAS_NAME);
});
