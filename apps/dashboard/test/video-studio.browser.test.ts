// The timeline studio (issue 19): a timeline template is built by clicking, dragging and typing, played in
// Remotion's player (the renderer's own composition) and rendered by the real video service (Remotion,
// Chromium, ffmpeg); the saved JSON, the player's pixels and the downloaded file are checked.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { frameAt, near, pixel, probeStreams } from '@pressroom/testing/media';
import {
  accessibilityViolations,
  brightestInMiddleRow,
  DESKTOP,
  eventually,
  expectFocusOn,
  focusedName,
  ONE_DATE_FORMAT,
  screenshot,
  sessionRequest,
  startSignedInRig,
  type DashboardRig,
  nextAnswer,
  pressSaveShortcut,
  waitShowing,
  watchConsoleProblems,
} from './browser.js';
import { NOT_A_NUMBER } from '../src/kit/not-a-number.js';
import { starterTimeline } from '../src/pages/video/starter-designs.js';

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;
let close: (() => Promise<void>) | undefined;

type RGB = [number, number, number];
const RED: RGB = [255, 0, 0];
const BLUE: RGB = [0, 0, 255];
const GREEN: RGB = [0, 255, 0];

interface SavedClip {
  type: string;
  from: number;
  durationInFrames: number;
  color?: string;
  style?: Record<string, unknown>;
}

beforeAll(async () => {
  ({ rig, context, page, close } = await startSignedInRig({
    email: 'studio@example.com',
    plan: 'business',
    // A 1 s wait makes the render answer 202, so the studio's polling of GET /video/renders/{id} is what finishes it.
    rig: { stack: { withVideoService: true, video: { timeoutMs: 240_000 }, gateway: { videoWaitMs: 1_000 } } },
    timeoutMs: 20_000,
  }));
}, 120_000);

afterAll(async () => {
  await close?.();
}, 120_000);

/** The template as the API stores it (read with the session cookie). */
async function saved(uid: string): Promise<{
  projectJson: { width: number; height: number; tracks: Array<{ clips: SavedClip[] }> };
  variableDefinitions: Array<{ name: string; type: string }>;
}> {
  const res = await context.request.get(`${rig.stack.baseUrl}/video/templates/${uid}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { template: never }).template;
}

/**
 * A video template made through the session (POST /video/templates: a name with a timeline's `projectJson` and its
 * `variableDefinitions`, or a code template's `tsx`); answers its uid.
 */
async function createVideoTemplate(data: {
  name: string;
  projectJson?: unknown;
  variableDefinitions?: unknown[];
  tsx?: string;
}): Promise<string> {
  const created = await sessionRequest(context, rig.stack.baseUrl, { method: 'POST', path: '/video/templates', data });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { template: { uid: string } }).template.uid;
}

/**
 * A new timeline template made through the session from the starter design at `size`, named `name`, opened in its
 * studio; answers its uid.
 */
async function openNewTimeline(name: string, size: { width: number; height: number }): Promise<string> {
  const uid = await createVideoTemplate({ name, projectJson: starterTimeline(size) });
  await page.goto(rig.url(`video/templates/${uid}/timeline`));
  return uid;
}

/** The colour the player shows near its top-left corner (a screenshot of the player, decoded). */
async function playerPixel(): Promise<RGB> {
  const shot = await page.getByTestId('player').screenshot();
  return pixel(shot, 8, 8);
}

/** The hint under a studio field (the first description it points to). */
async function hintOf(field: Locator): Promise<string | null> {
  const id = (await field.getAttribute('aria-describedby'))!.split(' ')[0]!;
  return page.locator(`[id="${id}"]`).textContent();
}

const clip = (name: RegExp) => page.getByRole('region', { name: 'Timeline' }).getByRole('button', { name });

/** Where a clip block is on screen (scrolled into view first: the mouse only reaches what is in the viewport). */
async function box(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

/** Whether a select shows its chosen option's whole text (a select cuts it off without any overflow to measure). */
async function textFits(select: Locator): Promise<boolean> {
  return select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = ctx.measureText(el.selectedOptions[0]!.text).width;
    // The room inside: padding and the arrow (about 24 px) taken off.
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
    return text <= room;
  });
}

async function saveAndWait(): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.', { exact: true }).waitFor();
}

test('a timeline template is built, dragged, trimmed, played, checked by the server, rendered and downloaded', async () => {
  // An account font: the player registers the fonts a clip names, as a render does.
  const csrf = (await context.cookies()).find((c) => c.name === 'pressroom_csrf')!.value;
  const font = await context.request.post(`${rig.stack.baseUrl}/assets?name=Brand%20Mono.ttf`, {
    data: readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf'),
    headers: { 'content-type': 'application/octet-stream', 'x-csrf-token': csrf },
  });
  expect(font.status()).toBe(201);

  // The studio's console stays clean: no errors, and no warning from Remotion's player asking for its licence to be
  // acknowledged (every Player passes acknowledgeRemotionLicense; docs/video.md, "Remotion's licence").
  const consoleProblems = watchConsoleProblems(page);
  const licenceWarnings: string[] = [];
  page.on(
    'console',
    (message) => void (/acknowledgeRemotionLicense|remotion\.dev\/license/.test(message.text()) && licenceWarnings.push(message.text())),
  );
  await page.goto(rig.url(''));
  await page.getByRole('navigation').getByRole('link', { name: 'Video', exact: true }).click();
  await page.getByRole('heading', { name: 'Video templates' }).waitFor();
  // With none yet, the page says in plain words what each kind is and which button starts one.
  await page.getByText(/^No video templates yet\. New timeline template opens the studio on a starter video/).waitFor();
  expect(await page.getByRole('main').textContent()).toContain('A timeline template is a video you arrange in the studio');

  // A code template opens the code editor's route.
  await page.getByRole('button', { name: 'New code template' }).click();
  await eventually(async () => /\/app\/video\/templates\/vtp_[^/]+\/code$/.test(page.url()), 'the code editor route');
  await page.goto(rig.url('video'));
  await page.getByRole('link', { name: 'Untitled scene' }).waitFor();
  expect(await page.getByRole('link', { name: 'Untitled scene' }).getAttribute('href')).toMatch(/\/code$/);
  // Deleting asks first, then the template is gone from the list.
  await page.getByRole('button', { name: 'Delete Untitled scene' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete template' }).click();
  await page.getByRole('link', { name: 'Untitled scene' }).waitFor({ state: 'detached' });

  // A timeline asks its name and size first (nothing is saved until Create); an empty name is refused beside the field.
  await page.getByRole('button', { name: 'New timeline template' }).click();
  const create = page.getByRole('dialog', { name: 'New timeline template' });
  expect(await focusedName(page)).toBe('Template name');
  expect(await create.getByLabel('Size').inputValue()).toBe('16:9');
  await create.getByRole('button', { name: 'Create timeline template' }).click();
  const nameField = create.getByRole('textbox', { name: 'Template name' });
  await eventually(async () => (await nameField.getAttribute('aria-invalid')) === 'true', 'the empty name to be refused');
  expect(page.url()).toMatch(/\/app\/video$/);
  await nameField.fill('Launch teaser');
  await create.getByLabel('Size').selectOption('9:16');
  await create.getByRole('button', { name: 'Create timeline template' }).click();
  await eventually(async () => /\/app\/video\/templates\/vtp_[^/]+\/timeline$/.test(page.url()), 'the studio route');
  const uid = /templates\/([^/]+)\/timeline/.exec(page.url())![1]!;
  await page.getByRole('heading', { name: 'Timeline: Launch teaser' }).waitFor();
  // The note under the player, in plain words (not "the renderer's own composition").
  await page.getByText(/^The player shows the video as a render will make it\. Video and audio clips play from their addresses/).waitFor();
  // The save state is said beside Save, not on an empty line of its own that left a gap under the heading.
  const headerRow = page.getByRole('heading', { name: 'Timeline: Launch teaser' }).locator('xpath=..');
  const nameLabel = page.getByRole('main').getByText('Template name', { exact: true });
  const rowBottom = await headerRow.evaluate((el) => el.getBoundingClientRect().bottom);
  const labelTop = await nameLabel.evaluate((el) => el.getBoundingClientRect().top);
  expect(labelTop - rowBottom).toBeLessThanOrEqual(30);
  expect(await headerRow.getByRole('status').count()).toBe(1);
  expect((await saved(uid)).projectJson).toMatchObject({ size: '9:16' });
  await page.getByRole('region', { name: 'Player' }).waitFor();
  // The new video opens on its poster frame (the middle one, as a render's poster), where the starter's headline has
  // faded in, not on frame 0 (only the dark background, the headline still transparent): its white text shows.
  await eventually(
    async () => (await page.getByTestId('frame-readout').textContent()) === '0:01 · frame 44',
    'the studio to open on frame 44',
  );
  await eventually(
    async () => (await brightestInMiddleRow(page.getByTestId('player'))) > 200,
    'the player to show the white headline when it opens',
  );
  // Focus stays with the page, as on every other page: the player (mounted with its controls by now) does not take it
  // for its Play button. The button that opened the studio is gone with its dialog, so the studio's heading has it (the
  // shell's rule for focus dropped by a page change); on a fresh load of the studio's address, nothing in the page has.
  await page.getByRole('button', { name: 'Play video' }).waitFor({ state: 'attached' });
  expect(await focusedName(page)).not.toBe('Play video');
  await eventually(async () => (await page.evaluate(() => document.activeElement?.tagName)) === 'H1', "focus on the studio's heading");
  await page.reload();
  await page.getByRole('button', { name: 'Play video' }).waitFor({ state: 'attached' });
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  // Reopened, it shows the headline again; frame 0 itself is only the dark background (the headline fades in from
  // transparent), the empty-looking frame the studio used to open on.
  await eventually(async () => (await brightestInMiddleRow(page.getByTestId('player'))) > 200, 'the reopened player to show the headline');
  await page.getByTestId('ruler').focus();
  await page.keyboard.press('Home');
  await eventually(async () => (await page.getByTestId('frame-readout').textContent()) === '0:00 · frame 0', 'Home to go to frame 0');
  await eventually(async () => (await brightestInMiddleRow(page.getByTestId('player'))) < 100, 'frame 0 to be the background only');

  // The size preset chosen on create shows whole in its select (the panel gives it the full row), not cut off.
  const properties = page.getByRole('region', { name: 'Properties' });
  const preset = properties.getByLabel('Size preset');
  expect(await preset.inputValue()).toBe('9:16');
  // The length is in frames, as saved; its hint says what empty means and how many frames make a second.
  expect(await hintOf(properties.getByLabel('Video length (frames)'))).toBe(
    'Empty: the video ends with its last clip. 30 frames make a second.',
  );
  // Setting the poster frame moves the player there (paused), so the still picture a render makes shows at once: from
  // frame 0 (the background only) to frame 60, where the headline has faded in. Emptied again, the player stays.
  const posterField = properties.getByLabel('Poster frame');
  await posterField.fill('60');
  await eventually(
    async () => (await page.getByTestId('frame-readout').textContent()) === '0:02 · frame 60',
    'the player at the poster frame',
  );
  await eventually(async () => (await brightestInMiddleRow(page.getByTestId('player'))) > 200, 'the poster frame to show the headline');
  expect(await hintOf(posterField)).toBe("The video's still picture, at 2 s; the player goes to it.");
  await posterField.fill('');
  expect(await page.getByTestId('frame-readout').textContent()).toBe('0:02 · frame 60');
  expect(await textFits(preset)).toBe(true);
  // A small project renders quickly: 320×180, a size of its own.
  await properties.getByLabel('Width (px)').fill('320');
  await properties.getByLabel('Height (px)').fill('180');
  await preset.selectOption('');
  expect(await textFits(preset)).toBe(true);

  // Edit a property: the background clip turns red.
  await clip(/^Solid colour clip/).click();
  await properties.getByLabel('Colour').fill('#ff0000');

  // Add a clip: a blue solid after it on track 1.
  await page.getByRole('button', { name: 'Track 1', exact: true }).click();
  // Clip types in plain words (the saved JSON keeps the technical `type`).
  const clipType = page.getByLabel('Clip type');
  expect(await clipType.locator('option').allTextContents()).toEqual([
    'Text',
    'Solid colour',
    'Shape',
    'Image',
    'Video',
    'Audio',
    'HTML block',
    'Captions',
  ]);
  await clipType.selectOption('solid');
  await page.getByRole('button', { name: 'Add clip to track 1' }).click();
  await properties.getByLabel('Colour').fill('#0000ff');
  // A setting counted in frames also says its seconds at the project's frame rate.
  expect(await hintOf(properties.getByLabel('Length (frames)', { exact: true }))).toBe('= 2 s at 30 frames a second');
  const blue = clip(/^Solid colour clip: #0000ff/);
  await blue.waitFor();
  const before = await box(blue);
  const perFrame = before.width / 60; // a new clip is two seconds (60 frames at 30 fps)

  // Drag its middle 40 px to the left: it starts earlier by as many frames.
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  await page.mouse.move(before.x + before.width / 2 - 20, before.y + before.height / 2, { steps: 4 });
  await page.mouse.move(before.x + before.width / 2 - 40, before.y + before.height / 2, { steps: 4 });
  await page.mouse.up();
  const moved = Math.round(-40 / perFrame);
  expect(moved).toBeLessThan(0);

  // Drag its right edge 20 px to the right: it lasts longer.
  const afterMove = await box(blue);
  expect(afterMove.x).toBeLessThan(before.x);
  await page.mouse.move(afterMove.x + afterMove.width - 2, afterMove.y + afterMove.height / 2);
  await page.mouse.down();
  await page.mouse.move(afterMove.x + afterMove.width - 2 + 20, afterMove.y + afterMove.height / 2, { steps: 5 });
  await page.mouse.up();
  const trimmed = Math.round(20 / perFrame);

  // The keyboard does the same: one frame later, then the end one frame earlier.
  await blue.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Alt+ArrowLeft');

  await saveAndWait();
  const clips = (await saved(uid)).projectJson.tracks[0]!.clips;
  expect(clips.map((c) => c.color)).toEqual(['#ff0000', '#0000ff']);
  expect(clips[1]!.from).toBe(90 + moved + 1);
  expect(clips[1]!.durationInFrames).toBe(60 + trimmed - 1);

  // Trimming the start edge moves the start and keeps the end.
  const edge = await box(blue);
  await page.mouse.move(edge.x + 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + 2 + 4 * perFrame, edge.y + edge.height / 2, { steps: 4 });
  await page.mouse.up();
  await saveAndWait();
  const startTrimmed = (await saved(uid)).projectJson.tracks[0]!.clips[1]!;
  expect(startTrimmed.from).toBe(clips[1]!.from + 4);
  expect(startTrimmed.from + startTrimmed.durationInFrames).toBe(clips[1]!.from + clips[1]!.durationInFrames);

  // A click on the time ruler moves the playhead: the frame readout and the player follow; a drag scrubs, and the
  // focused ruler steps with the arrow keys.
  const ruler = page.getByTestId('ruler');
  const readout = page.getByTestId('frame-readout');
  // The timeline scrolled back to its start (scrolling the ruler into view centres it, wider than its box as it is).
  await readout.scrollIntoViewIfNeeded();
  await ruler.evaluate((el) => el.closest('.overflow-x-auto')!.scrollTo({ left: 0 }));
  const rulerBox = (await ruler.boundingBox())!;
  await page.mouse.click(rulerBox.x + 100 * perFrame, rulerBox.y + rulerBox.height / 2);
  await eventually(async () => (await readout.textContent()) === '0:03 · frame 100', 'the readout to show frame 100');
  expect(await ruler.getAttribute('aria-valuenow')).toBe('100');
  await eventually(async () => near(await playerPixel(), BLUE, 30), 'the player to show the blue clip at frame 100');
  // Measured again, in case focusing the ruler scrolled the timeline.
  const again = (await ruler.boundingBox())!;
  await page.mouse.move(again.x + 10 * perFrame, again.y + again.height / 2);
  await page.mouse.down();
  await page.mouse.move(again.x + 40 * perFrame, again.y + again.height / 2, { steps: 4 });
  await page.mouse.up();
  await eventually(async () => (await readout.textContent()) === '0:01 · frame 40', 'the drag to leave the playhead at frame 40');
  await page.keyboard.press('ArrowRight');
  await eventually(async () => (await readout.textContent()) === '0:01 · frame 41', 'ArrowRight on the ruler to step a frame');
  await page.keyboard.press('Home');
  await eventually(async () => (await readout.textContent()) === '0:00 · frame 0', 'Home to go back to frame 0');

  // The player draws the saved design: red at the start; playing reaches the blue clip.
  await eventually(async () => near(await playerPixel(), RED, 30), 'the player to show red');
  await page.getByTestId('player').hover();
  await page.getByRole('button', { name: 'Play video' }).click();
  await eventually(async () => near(await playerPixel(), BLUE, 30), 'the player to reach the blue clip', 60_000);
  await page.getByTestId('player').hover();
  // The blue clip is the last: on a loaded machine the video can end (and offer Play again) before the pause lands.
  await page
    .getByRole('button', { name: 'Pause video' })
    .click({ timeout: 10_000 })
    .catch(() => page.getByRole('button', { name: 'Play video' }).waitFor({ timeout: 10_000 }));

  // A value the server refuses: its detail appears beside the field.
  await clip(/^Text clip/).click();
  await properties.getByLabel('Font size').fill('5000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const fontSize = properties.getByLabel('Font size');
  await eventually(async () => (await fontSize.getAttribute('aria-invalid')) === 'true', 'the font size to be marked invalid');
  const describedBy = (await fontSize.getAttribute('aria-describedby'))!;
  const message = await page.locator(`[id="${describedBy}"]`).textContent();
  expect(message).toMatch(/1000/);
  expect(await properties.getByText(message!).isVisible()).toBe(true);
  await fontSize.fill('24');
  await properties.getByLabel('Font family').fill('DejaVu Sans Mono');
  await eventually(
    () =>
      page.evaluate(() =>
        [...(document.fonts as unknown as Set<FontFace>)].some(
          (f) => f.family.replace(/"/g, '') === 'DejaVu Sans Mono' && f.status === 'loaded',
        ),
      ),
    'the account font to be loaded for the player',
  );
  await saveAndWait();
  expect((await saved(uid)).projectJson.tracks[1]!.clips[0]!.style!.fontSize).toBe(24);

  // Leaving with unsaved edits asks first; staying keeps them.
  await properties.getByLabel('Text', { exact: true }).fill('Launch day');
  await page.getByRole('link', { name: 'All video templates' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay here' }).click();
  await leave.waitFor({ state: 'detached' });
  expect(page.url()).toMatch(/\/timeline$/);
  expect(await properties.getByLabel('Text', { exact: true }).inputValue()).toBe('Launch day');

  // Variables: the red clip's colour becomes a variable; a value tried in the panel plays (and renders).
  await clip(/^Solid colour clip: #ff0000/).click();
  // The variable field does not repeat the setting's label (only one field is named Colour): its hint names it.
  expect(await properties.getByLabel('Colour').count()).toBe(1);
  const variableField = properties.getByLabel('Set by a variable', { exact: true });
  expect(await hintOf(variableField)).toBe("A variable's name: its value replaces this clip's Colour in each render.");
  await variableField.fill('background');
  const variables = page.getByRole('region', { name: 'Variables' });
  await variables.getByText('Track 1, Solid colour clip 1: Colour', { exact: true }).waitFor();
  // A bound colour is defined as a colour (checked as one by the API on render).
  expect(await variables.getByLabel('Type of background').inputValue()).toBe('color');
  await variables.getByLabel('Try background').fill('#00ff00');
  // Binding a clip setting by hand: the selected clip's settings by the names its properties show, the technical
  // name second.
  const setting = variables.getByRole('combobox', { name: 'Setting to fill' });
  const settingNames = await setting.locator('option').allTextContents();
  expect(settingNames[0]).toBe('Colour — color');
  expect(settingNames).toContain('Length (frames) — durationInFrames');
  expect(settingNames).toContain('Opacity — style.opacity');
  await ruler.focus();
  await page.keyboard.press('Home');
  await eventually(async () => near(await playerPixel(), GREEN, 30), 'the player to show the tried value');

  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'video-studio');
  // Only the refusals the test asked for (the empty name on create, the font size of 5000); the browser may also log
  // each refused answer as an error.
  const problems = await consoleProblems();
  const asked = /^(4\d\d) (POST|PUT) http:\/\/[^/]+\/video\/templates(\/vtp_[^/]+)?$/;
  const refused = problems.flatMap((p) => asked.exec(p)?.[1] ?? []);
  expect(refused.length).toBeGreaterThanOrEqual(2);
  const expected = (p: string) => asked.test(p) || refused.some((status) => p.includes(`responded with a status of ${status}`));
  expect(problems.filter((p) => !expected(p))).toEqual([]);
  expect(licenceWarnings).toEqual([]);

  // Render, poll until done, download and probe the file.
  const project = (await saved(uid)).projectJson;
  const frames = Math.max(...project.tracks.flatMap((t) => t.clips.map((c) => c.from + c.durationInFrames)));
  // The variable is not saved yet: the button says it saves first (as the template editors' render buttons do).
  await page.getByRole('button', { name: 'Save and render video', exact: true }).click();
  await page.getByRole('button', { name: 'Render video', exact: true }).waitFor();
  // The API answered 202 with the render id (its wait is 1 s here): the studio polls for it.
  await page.getByText(/^Rendering \(vid_/).waitFor({ timeout: 60_000 });
  const download = page.getByRole('link', { name: 'Download MP4' });
  await download.waitFor({ timeout: 240_000 });
  const href = (await download.getAttribute('href'))!;
  // Rendered files live on PUBLIC_BASE_URL (localhost); read them from the server's own address.
  const file = await context.request.get(href.replace('//localhost:', '//127.0.0.1:'));
  expect(file.status()).toBe(200);
  const probe = await probeStreams(Buffer.from(await file.body()));
  expect(probe.video).toMatchObject({ codec: 'h264', width: 320, height: 180, frames });
  expect(probe.duration).toBeCloseTo(frames / 30, 1);
  // The render was saved first (the new variable is defined) and used the tried value.
  expect(near(await pixel(await frameAt(Buffer.from(await file.body()), 0.1), 8, 8), GREEN, 30)).toBe(true);
  const final = await saved(uid);
  expect(final.projectJson.tracks[0]!.clips[0]).toMatchObject({ variable: 'background', color: '#ff0000' });
  expect(final.variableDefinitions).toEqual([expect.objectContaining({ name: 'background', type: 'color' })]);
  await screenshot(page, 'video-studio-rendered');

  // The render's row names the video template (as image rows do) and leads back to it, opened in the studio; its
  // preview is the render's poster frame (the tried green), not a dark box.
  await page.goto(rig.url('renders'));
  const table = page.getByRole('table', { name: 'Renders, newest first' });
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: /^vid_/ }) })
    .first();
  const renderId = (await row.getByRole('link', { name: /^vid_/ }).textContent())!;
  const preview = row.getByRole('img', { name: `Preview of ${renderId}` });
  await eventually(async () => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the poster to load');
  expect(await preview.getAttribute('src')).toMatch(/\.poster\.png$/);
  expect(near(await pixel(await preview.screenshot(), 40, 24), GREEN, 40)).toBe(true);
  expect(await row.getByRole('cell').nth(3).textContent()).toMatch(ONE_DATE_FORMAT);
  await row.getByRole('link', { name: 'Launch teaser' }).click();
  await page.waitForURL(new RegExp(`/video/templates/${uid}/timeline$`));
  await page.goto(rig.url('renders'));
  await page.getByRole('link', { name: renderId, exact: true }).click();
  // The render's page plays the video over its poster frame; the poster's address is a link.
  const video = page.getByRole('region', { name: 'Result' }).locator('video');
  const poster = (await video.getAttribute('poster'))!;
  expect(poster).toMatch(/\/vid_[^/]+\.poster\.png$/);
  const posterFile = await context.request.get(poster.replace('//localhost:', '//127.0.0.1:'));
  expect(posterFile.headers()['content-type']).toBe('image/png');
  expect(near(await pixel(Buffer.from(await posterFile.body()), 8, 8), GREEN, 30)).toBe(true);
  expect(await page.getByRole('region', { name: 'Details', exact: true }).getByRole('link', { name: poster }).count()).toBe(1);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page
    .getByRole('region', { name: 'Details', exact: true })
    .getByRole('link', { name: new RegExp(`\\(${uid}\\)$`) })
    .click();
  await page.waitForURL(new RegExp(`/video/templates/${uid}/timeline$`));
}, 600_000);

/** The message a field's aria-describedby names (its error, under it). */
async function describedText(field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

test('the New timeline template dialog checks the size as it is typed and puts each refusal beside the field that caused it', async () => {
  const creates: string[] = [];
  const countCreates = (request: { method: () => string; url: () => string }) => {
    if (request.method() === 'POST' && /\/video\/templates$/.test(request.url())) creates.push(request.url());
  };
  page.on('request', countCreates);
  await page.goto(rig.url('video'));
  await page.getByRole('button', { name: 'New timeline template' }).click();
  const dialog = page.getByRole('dialog', { name: 'New timeline template' });
  await dialog.getByLabel('Size').selectOption('custom');
  const width = dialog.getByRole('spinbutton', { name: 'Width' });
  const height = dialog.getByRole('spinbutton', { name: 'Height' });

  // An odd width is said beside it at once, in the API's words (the project schema's rule); Create sends nothing and
  // takes focus to it.
  await width.fill('1001');
  expect(await width.getAttribute('aria-invalid')).toBe('true');
  expect(await describedText(width)).toBe('Must be even (H.264 video needs even sizes).');
  await dialog.getByRole('button', { name: 'Create timeline template' }).click();
  await expectFocusOn(page, 'Width');
  // Too large and odd: both reasons at once.
  await height.fill('4001');
  expect(await describedText(height)).toBe('Must be at most 3840. Must be even (H.264 video needs even sizes).');
  await dialog.getByRole('button', { name: 'Create timeline template' }).click();
  expect(creates).toEqual([]);

  // The server's own refusals (an API whose rules the dashboard does not know yet: here the request is changed on its
  // way, and the real API refuses it) land beside the field that caused them, never as paths of the starter project.
  await width.fill('1280');
  await height.fill('720');
  let change: (project: { width: number; fps: number; tracks: Array<{ clips: Array<{ style?: { width?: number } }> }> }) => void = () => {};
  await page.route('**/video/templates', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const body = route.request().postDataJSON() as { projectJson: Parameters<typeof change>[0] };
    change(body.projectJson);
    return route.continue({ postData: JSON.stringify(body) });
  });
  const banner = dialog.getByRole('alert');
  const create = async () => {
    await dialog.getByRole('button', { name: 'Create timeline template' }).click();
    await banner.waitFor();
  };
  // The width too large (with the headline laid out to it) and no name: two fields, each with its own message.
  change = (project) => {
    project.width = 12_000;
    project.tracks[1]!.clips[0]!.style!.width = 10_500;
  };
  await create();
  await eventually(async () => (await banner.textContent()) === 'Check the 2 highlighted fields.', 'the banner to point at the fields');
  expect(await describedText(width)).toBe('Must be at most 3840.');
  expect(await dialog.getByRole('textbox', { name: 'Template name' }).getAttribute('aria-invalid')).toBe('true');
  await expectFocusOn(page, 'Template name');
  // Only the starter headline refused (its box worked out from the width): said beside the width, in plain words.
  await dialog.getByRole('textbox', { name: 'Template name' }).fill('Refused sizes');
  change = (project) => {
    project.tracks[1]!.clips[0]!.style!.width = 10_500;
  };
  await create();
  await eventually(
    async () => (await describedText(width)) === 'The starter headline cannot be laid out this wide: choose a smaller width.',
    'the headline refusal beside the width',
  );
  expect(await banner.textContent()).toBe('Check the highlighted field.');
  // What no field of the dialog can fix: one plain sentence above the form.
  change = (project) => {
    project.fps = 61;
  };
  await create();
  await eventually(async () => /^The starter design was refused/.test((await banner.textContent()) ?? ''), 'the plain sentence');
  expect(await dialog.textContent()).not.toMatch(/projectJson|Project json|›/);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.unroute('**/video/templates');

  await dialog.getByRole('button', { name: 'Create timeline template' }).click();
  await eventually(async () => /\/app\/video\/templates\/vtp_[^/]+\/timeline$/.test(page.url()), 'the studio route');
  expect(creates).toHaveLength(4);
  page.off('request', countCreates);
}, 120_000);

test('a side typed key by key in the New timeline template dialog keeps what was typed: "-4" is refused, never sent as 4; empty is refused', async () => {
  const creates: string[] = [];
  const countCreates = (request: { method: () => string; url: () => string }) => {
    if (request.method() === 'POST' && /\/video\/templates$/.test(request.url())) creates.push(request.url());
  };
  page.on('request', countCreates);
  await page.goto(rig.url('video'));
  await page.getByRole('button', { name: 'New timeline template' }).click();
  const dialog = page.getByRole('dialog', { name: 'New timeline template' });
  await dialog.getByRole('textbox', { name: 'Template name' }).fill('Typed sides');
  await dialog.getByLabel('Size').selectOption('custom');
  const width = dialog.getByRole('spinbutton', { name: 'Width' });
  // Emptied, the field stays empty and says why, rather than showing a 0 that the next keys are typed after; Create
  // refuses it there.
  await width.fill('');
  expect(await width.inputValue()).toBe('');
  expect(await describedText(width)).toBe(NOT_A_NUMBER);
  await dialog.getByRole('button', { name: 'Create timeline template' }).click();
  await expectFocusOn(page, 'Width');
  // A minus sign typed first stays: the field holds -4 (refused beside it), not 04 sent as a width of 4.
  await width.pressSequentially('-4');
  expect(await width.inputValue()).toBe('-4');
  expect(await describedText(width)).toBe('Must be at least 2.');
  await dialog.getByRole('button', { name: 'Create timeline template' }).click();
  await expectFocusOn(page, 'Width');
  // Text the browser cannot read as a number ("1e") stays as typed (it became 0) and is refused as the kit refuses it.
  await width.fill('');
  await width.pressSequentially('1e');
  expect(await width.evaluate((el: HTMLInputElement) => el.validity.badInput)).toBe(true);
  expect(await describedText(width)).toBe(NOT_A_NUMBER);
  await dialog.getByRole('button', { name: 'Create timeline template' }).click();
  await expectFocusOn(page, 'Width');
  expect(creates).toEqual([]);
  await page.keyboard.press('Escape');
  page.off('request', countCreates);
});

test('a refused save stands beside its field once: the banner only points there, the player does not repeat it', async () => {
  await openNewTimeline('Too fast', { width: 320, height: 180 });
  await page.getByRole('region', { name: 'Player' }).waitFor();
  const fps = page.getByRole('region', { name: 'Properties' }).getByLabel('Frames per second');
  await fps.fill('61');
  // Before saving, the player is the one to say why it cannot play, by the field's label.
  const playerBox = page.getByRole('alert').filter({ hasText: /^The player cannot play/ });
  await eventually(
    async () => (await playerBox.textContent()) === 'The player cannot play this project yet:Frames per second: Must be at most 60.',
    'the player to say why',
  );

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await eventually(async () => (await fps.getAttribute('aria-invalid')) === 'true', 'the fps to be marked invalid');
  expect(await describedText(fps)).toBe('Must be at most 60.');
  // Focus went to the refused field, as in the kit's forms.
  await eventually(async () => fps.evaluate((el) => el === document.activeElement), 'the fps field to have focus');
  const banner = page.getByRole('alert').filter({ hasText: /^The timeline was not saved/ });
  expect(await banner.textContent()).toBe('The timeline was not saved.Check the highlighted field.');
  expect(await playerBox.textContent()).toBe('The player cannot play this project until the refused settings are fixed.');
  // Said once on the whole page, and nowhere as `projectJson.fps`.
  const text = (await page.locator('main').textContent()) ?? '';
  expect(text.split('Must be at most 60').length - 1).toBe(1);
  expect(text).not.toMatch(/projectJson/);
  expect(await accessibilityViolations(page)).toEqual([]);

  await fps.fill('30');
  await saveAndWait();
  await page.getByRole('region', { name: 'Player' }).waitFor();
  expect(
    await page
      .getByRole('alert')
      .filter({ hasText: /^The timeline was not saved/ })
      .count(),
  ).toBe(0);
}, 120_000);

test('a refused trim names the other trim in the studio’s words, not as the API’s trimBefore', async () => {
  // The API's message, for readers of the raw problem: "trimAfter must be later than trimBefore.". Beside Stop at source
  // frame neither name is the studio's (besideItsField, docs/dashboard.md "Refused forms").
  const project = starterTimeline({ width: 320, height: 180 });
  const video = { type: 'video', src: 'https://example.com/clip.mp4', from: 0, durationInFrames: 30, trimBefore: 10 };
  const uid = await createVideoTemplate({ name: 'Trimmed', projectJson: { ...project, tracks: [...project.tracks, { clips: [video] }] } });
  await page.goto(rig.url(`video/templates/${uid}/timeline`));
  await clip(/^Video clip/).click();
  const stop = page.getByRole('region', { name: 'Properties' }).getByLabel('Stop at source frame', { exact: true });
  await stop.fill('5');
  await stop.press('Tab');
  const refused = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/video/templates/${uid}`));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const problem = (await (await refused).json()) as { errors: { field: string; message: string }[] };
  expect(problem.errors).toContainEqual(
    expect.objectContaining({ field: 'projectJson.tracks.2.clips.0.trimAfter', message: 'trimAfter must be later than trimBefore.' }),
  );
  await eventually(async () => (await stop.getAttribute('aria-invalid')) === 'true', 'Stop at source frame to be marked invalid');
  expect(await describedText(stop)).toContain('Must be later than the frames skipped at start.');
  const text = (await page.locator('main').textContent()) ?? '';
  expect(text.split('Must be later than the frames skipped at start.').length - 1).toBe(1);
  // (The Variables panel's choice of a setting to bind names each with its path, `Stop at source frame — trimAfter`.)
  expect((await page.getByRole('region', { name: 'Properties' }).textContent()) ?? '').not.toMatch(/trimBefore|trimAfter/);
  expect(
    await page
      .getByRole('alert')
      .filter({ hasText: /^The timeline was not saved/ })
      .textContent(),
  ).toBe('The timeline was not saved.Check the highlighted field.');
}, 120_000);

test('a clip’s length typed in seconds is saved as frames at the project’s frame rate; other text is refused beside it', async () => {
  const uid = await openNewTimeline('In seconds', { width: 320, height: 180 });
  await page.getByRole('region', { name: 'Player' }).waitFor();
  await clip(/^Solid colour clip/).click();
  const length = page.getByRole('region', { name: 'Properties' }).getByLabel('Length (frames)', { exact: true });
  // The value in seconds, then (once) what the field takes.
  expect(await describedText(length)).toBe('= 3 s at 30 frames a second Frames, or seconds: 2.5s');

  await length.fill('2s');
  await length.press('Enter');
  await eventually(async () => (await length.inputValue()) === '60', 'the length to show 60 frames');
  expect(await hintOf(length)).toBe('= 2 s at 30 frames a second');
  await saveAndWait();
  expect((await saved(uid)).projectJson.tracks[0]!.clips[0]!.durationInFrames).toBe(60);
  // Passing through a frames field changes nothing: still saved.
  await page.getByRole('region', { name: 'Properties' }).getByLabel('Start frame').focus();
  await page.keyboard.press('Tab');
  await expectFocusOn(page, 'Length (frames)');
  expect(await page.getByText('Saved.', { exact: true }).isVisible()).toBe(true);

  await length.fill('abc');
  await length.press('Tab');
  await eventually(async () => (await length.getAttribute('aria-invalid')) === 'true', 'the length to be marked invalid');
  expect(await describedText(length)).toBe(
    '= 2 s at 30 frames a second Frames, or seconds: 2.5s Type a number of frames (60) or of seconds (2.5s or 0:02).',
  );
  // Nothing applied: the text stays for correcting, the clip keeps its 60 frames.
  expect(await length.inputValue()).toBe('abc');
  expect(await hintOf(length)).toBe('= 2 s at 30 frames a second');

  // Minutes and seconds, applied on leaving the field, and the refusal goes.
  await length.fill('0:01');
  await length.press('Tab');
  await eventually(async () => (await length.inputValue()) === '30', 'the length to show 30 frames');
  expect(await length.getAttribute('aria-invalid')).toBeNull();
  expect(await hintOf(length)).toBe('= 1 s at 30 frames a second');
}, 120_000);

test('Save applies what a field holds as typed, and saves nothing while a field holds text it refused', async () => {
  const uid = await createVideoTemplate({ name: 'Typed then saved', projectJson: starterTimeline({ width: 320, height: 180 }) });
  const puts: string[] = [];
  const countPuts = (request: { method: () => string; url: () => string }) => {
    if (request.method() === 'PUT' && request.url().includes(`/video/templates/${uid}`)) puts.push(request.url());
  };
  page.on('request', countPuts);
  await page.goto(rig.url(`video/templates/${uid}/timeline`));
  await page.getByRole('region', { name: 'Player' }).waitFor();
  const saveButton = page.getByRole('button', { name: 'Save', exact: true });
  const held = page.getByText('The timeline was not saved: check the highlighted field.', { exact: true });
  const properties = page.getByRole('region', { name: 'Properties' });

  // Text a clip's length refuses: Save clicked, nothing written, the reason beside Save, focus back on the field.
  await clip(/^Solid colour clip/).click();
  const length = properties.getByLabel('Length (frames)', { exact: true });
  await length.fill('abc');
  await saveButton.click();
  await held.waitFor();
  await expectFocusOn(page, 'Length (frames)');
  expect(await length.getAttribute('aria-invalid')).toBe('true');
  expect(await describedText(length)).toBe(
    '= 3 s at 30 frames a second Frames, or seconds: 2.5s Type a number of frames (60) or of seconds (2.5s or 0:02).',
  );
  expect(await length.inputValue()).toBe('abc');
  expect(puts).toEqual([]);
  expect((await saved(uid)).projectJson.tracks[0]!.clips[0]!.durationInFrames).toBe(90);
  // Read again from the server, the studio shows the old length.
  await page.reload();
  await page.getByRole('region', { name: 'Player' }).waitFor();
  await clip(/^Solid colour clip/).click();
  expect(await length.inputValue()).toBe('90');

  // Seconds typed and Save activated without leaving the field (as a screen reader's activation does: no blur, so
  // only Save itself applies them): 2 s at 30 fps is saved as 60 frames, and the field shows it.
  await length.fill('2s');
  await saveButton.evaluate((button: HTMLButtonElement) => button.click());
  await page.getByText('Saved.', { exact: true }).waitFor();
  await expectFocusOn(page, 'Length (frames)');
  expect((await saved(uid)).projectJson.tracks[0]!.clips[0]!.durationInFrames).toBe(60);
  expect(await length.inputValue()).toBe('60');
  expect(await held.count()).toBe(0);

  // Clicked with the pointer (the field is left first): the same, 1 s is 30 frames.
  await length.fill('1s');
  await saveButton.click();
  await eventually(async () => (await saved(uid)).projectJson.tracks[0]!.clips[0]!.durationInFrames === 30, '1 s saved as 30 frames');
  expect(puts).toHaveLength(2);

  // A number field holding text that is not a number ("1e": the input hands the page an empty value) is not read as
  // empty, which removed the setting: Save refuses it beside the field, as a count of frames' text.
  await properties.getByRole('button', { name: 'Show project' }).click();
  const width = properties.getByLabel('Width (px)');
  await width.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('1e');
  await saveButton.click();
  await held.waitFor();
  await expectFocusOn(page, 'Width (px)');
  expect(await width.getAttribute('aria-invalid')).toBe('true');
  expect(await describedText(width)).toBe('Type a number (12 or 0.5).');
  expect(puts).toHaveLength(2);
  expect((await saved(uid)).projectJson.width).toBe(320);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('320');
  // Typing again takes back what Save said; the field's own refusal goes too.
  await eventually(async () => !(await held.isVisible()), 'the refusal beside Save to go');
  expect(await width.getAttribute('aria-invalid')).toBeNull();

  await saveButton.click();
  await eventually(async () => puts.length === 3, 'the width saved');
  await page.getByText('Saved.', { exact: true }).waitFor();
  expect((await saved(uid)).projectJson.width).toBe(320);
  page.off('request', countPuts);
}, 120_000);

test('Ctrl+S with focus in a frames field applies its typed text and saves, as Save does', async () => {
  const uid = await openNewTimeline('Saved by keys', { width: 320, height: 180 });
  await page.getByRole('region', { name: 'Player' }).waitFor();
  expect(await page.getByRole('button', { name: 'Save', exact: true }).getAttribute('aria-keyshortcuts')).toBe('Control+S Meta+S');
  await clip(/^Solid colour clip/).click();
  const length = page.getByRole('region', { name: 'Properties' }).getByLabel('Length (frames)', { exact: true });
  // Typed and not applied (the field is not left): the shortcut applies it first, as Save does; 2 s at 30 fps.
  await length.fill('2s');
  expect(await pressSaveShortcut(page)).toBe(true);
  await page.getByText('Saved.', { exact: true }).waitFor();
  await expectFocusOn(page, 'Length (frames)');
  expect((await saved(uid)).projectJson.tracks[0]!.clips[0]!.durationInFrames).toBe(60);
  expect(await length.inputValue()).toBe('60');
}, 120_000);

test('a code template whose render outlives the API wait says it is still running, in a status that is announced', async () => {
  // 2 s at 320×180: longer to render than the 1 s this suite's render endpoint waits, so it answers 202.
  const tsx = `import { AbsoluteFill } from 'remotion';

export const meta = { width: 320, height: 180, fps: 30, durationInFrames: 60, defaultProps: { color: '#2050d0' } };

export default function Scene({ color }: { color: string }) {
  return <AbsoluteFill style={{ backgroundColor: color }}></AbsoluteFill>;
}
`;
  const uid = await createVideoTemplate({ name: 'Slow sting', tsx });
  await page.goto(rig.url(`video/templates/${uid}/code`));
  await page.getByRole('heading', { name: 'Slow sting', level: 1 }).waitFor();
  // As a person would, once the page has drawn: the editor and the preview load their own code first.
  await page.getByRole('textbox', { name: 'Scene (TSX)' }).waitFor({ timeout: 30_000 });
  await page.getByTitle('Scene preview').waitFor({ timeout: 30_000 });
  const answer = nextAnswer(page, (url, method) => method === 'POST' && url.endsWith('/render'));
  await page.getByRole('button', { name: 'Render video', exact: true }).click();
  // The answer to the click is news: a live status, not a note read only in passing.
  const running = page.getByRole('status').filter({ hasText: /^The render is still running \(id vid_/ });
  // Failed in loaded CI runs and never alone (the page still showed its Render video button, nothing else): a
  // failure says whether the render request went out and what the page showed.
  await waitShowing(running, page.locator('main'), { what: '"still running" status', timeout: 60_000, note: answer });
  // The 202 carries no file yet (its url is null): nothing to download, no made-up size.
  expect(await page.getByRole('link', { name: /^Download / }).count()).toBe(0);
  expect(await page.getByText(/^Rendered /).count()).toBe(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  const id = /\(id (vid_[^)]+)\)/.exec((await running.textContent()) ?? '')![1]!;
  // Left to finish, so the suite ends with the renderer idle.
  await eventually(
    async () => {
      const render = await context.request.get(`${rig.stack.baseUrl}/video/renders/${id}`);
      return ['done', 'failed'].includes(((await render.json()) as { status: string }).status);
    },
    'the render to finish',
    240_000,
  );
}, 360_000);

test('a failed timeline render’s Render again opens the studio with the values that render used as its try values', async () => {
  // A picture from the metadata address fails the render once it reaches that clip (the egress proxy refuses it). The
  // clip starts at frame 5, so the studio's player, on frame 0, never asks for it.
  const uid = await createVideoTemplate({
    name: 'Blocked teaser',
    projectJson: {
      width: 320,
      height: 180,
      fps: 10,
      tracks: [
        { clips: [{ type: 'solid', color: '#ff0000', variable: 'background', from: 0, durationInFrames: 10 }] },
        {
          clips: [
            {
              type: 'text',
              text: 'Launch',
              variable: 'headline',
              from: 0,
              durationInFrames: 10,
              style: { x: 20, y: 110, fontSize: 24, color: '#ffffff' },
            },
          ],
        },
        { clips: [{ type: 'image', src: 'http://169.254.169.254/latest/meta-data/logo.png', from: 5, durationInFrames: 5 }] },
      ],
    },
    variableDefinitions: [
      { name: 'background', type: 'color', defaultValue: '#ff0000' },
      { name: 'headline', type: 'text' },
    ],
  });
  const asked = await sessionRequest(context, rig.stack.baseUrl, {
    method: 'POST',
    path: `/video/templates/${uid}/render`,
    data: { variables: { background: '#0000ff', headline: 'Spring teaser' } },
  });
  // 202 past this suite's 1 s wait, or 422 when it failed within it.
  expect([202, 422]).toContain(asked.status());
  let failedId = '';
  await eventually(
    async () => {
      const list = await context.request.get(`${rig.stack.baseUrl}/renders?status=failed&kind=video`);
      const items = ((await list.json()) as { items: { id: string; templateUid: string | null }[] }).items;
      failedId = items.find((item) => item.templateUid === uid)?.id ?? '';
      return failedId !== '';
    },
    'the failed timeline render in the failures',
    240_000,
  );

  await page.goto(rig.url(`renders/${failedId}`));
  await page.getByRole('heading', { name: `Render ${failedId}` }).waitFor({ timeout: 30_000 });
  await page.getByText('Opens the template’s editor with the values this render used').waitFor({ timeout: 30_000 });
  // It failed for the picture, as meant, and kept the values it was asked with.
  expect(await page.getByRole('alert').textContent()).toContain('169.254.169.254');
  expect(await page.getByRole('region', { name: 'Details', exact: true }).textContent()).toContain('Spring teaser');
  await page.getByRole('link', { name: 'Render again', exact: true }).click();

  // The studio, not the code editor: the template page sends a timeline there with what the link carried.
  await page.getByRole('heading', { name: 'Timeline: Blocked teaser' }).waitFor({ timeout: 30_000 });
  expect(new URL(page.url()).pathname).toMatch(new RegExp(`/video/templates/${uid}/timeline$`));
  await page
    .getByRole('status')
    .filter({ hasText: 'Opened with the values the render used: they are the try values under Variables, to change or render again.' })
    .waitFor({ timeout: 30_000 });
  const variables = page.getByRole('region', { name: 'Variables' });
  await eventually(
    async () => (await variables.getByLabel('Try headline', { exact: true }).inputValue()) === 'Spring teaser',
    'the headline the render used',
  );
  expect(await variables.getByLabel('Try background', { exact: true }).inputValue()).toBe('#0000ff');
  // The player draws the design with them: the render's blue, not the template's red.
  await eventually(async () => near(await playerPixel(), BLUE, 40), 'the player to show the blue the render used', 60_000);
  expect(await accessibilityViolations(page)).toEqual([]);
}, 360_000);

test('Bind to selected clip with no variable name says so beside Variable name and binds nothing', async () => {
  await openNewTimeline('Unnamed binding', { width: 320, height: 180 });
  await clip(/^Text clip/).click();
  const binding = page.getByRole('group', { name: 'Bind a property of the selected clip' });
  const variableName = binding.getByLabel('Variable name', { exact: true });
  const bind = binding.getByRole('button', { name: 'Bind to selected clip' });

  // Empty, then only spaces: refused beside the field, which gets focus; the project is unchanged.
  for (const typed of ['', '   ']) {
    await variableName.fill(typed);
    await bind.click();
    await eventually(async () => (await variableName.getAttribute('aria-invalid')) === 'true', 'the empty name refused beside its field');
    expect(await describedText(variableName)).toBe('Type the name of the variable that fills this setting.');
    await expectFocusOn(page, 'Variable name');
  }
  expect(await page.getByText('Unsaved changes.').count()).toBe(0);
  expect(await page.getByRole('listitem', { name: /^Variable / }).count()).toBe(0);
  expect(await accessibilityViolations(page, 'main')).toEqual([]);

  // Typing takes the refusal away; a name binds the setting, listed under Variables.
  await variableName.fill('headline');
  expect(await variableName.getAttribute('aria-invalid')).toBeNull();
  await bind.click();
  await page.getByRole('listitem', { name: 'Variable headline' }).waitFor();
  await page.getByText('Unsaved changes.').waitFor();
}, 120_000);

test('a tall, narrow template keeps the player within the window at 375 and 1280 px wide, whole and centred', async () => {
  // The API's narrowest side is 2 px (even, for H.264) and its longest TIMELINE_LIMITS.maxSide (3840).
  const uid = await createVideoTemplate({ name: 'Ribbon', projectJson: starterTimeline({ width: 2, height: 3840 }) });
  try {
    for (const viewport of [
      { width: 375, height: 667 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(rig.url(`video/templates/${uid}/timeline`));
      const player = page.getByRole('region', { name: 'Player' });
      await player.waitFor();
      await eventually(async () => ((await player.boundingBox())?.height ?? 0) > 0, 'the player to be drawn');
      const drawn = (await player.locator('> div').first().boundingBox())!;
      // Whole within the window's height (at most 70% of it), in the project's shape, centred in its box.
      expect(drawn.height).toBeGreaterThan(0);
      expect(drawn.height).toBeLessThanOrEqual(viewport.height);
      const region = (await player.boundingBox())!;
      expect(Math.abs(drawn.x + drawn.width / 2 - (region.x + region.width / 2))).toBeLessThan(2);
      // Before, the player took the column's width (about 340 px at 375) and so 1920 times that in height.
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(pageHeight).toBeLessThan(viewport.height * 6);
    }
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}, 120_000);

test('Bind to selected clip refuses a variable name longer than the API takes beside Variable name, and binds nothing', async () => {
  const uid = await openNewTimeline('Long binding', { width: 320, height: 180 });
  await clip(/^Text clip/).click();
  const binding = page.getByRole('group', { name: 'Bind a property of the selected clip' });
  const variableName = binding.getByLabel('Variable name', { exact: true });
  const bind = binding.getByRole('button', { name: 'Bind to selected clip' });

  // 201 characters, one over the API's limit (VARIABLE_NAME_MAX_LENGTH): refused where it is typed, in Save's words.
  await variableName.fill(`h${'x'.repeat(200)}`);
  await bind.click();
  await eventually(async () => (await variableName.getAttribute('aria-invalid')) === 'true', 'the long name refused beside its field');
  expect(await describedText(variableName)).toBe('Must be at most 200 characters long.');
  await expectFocusOn(page, 'Variable name');
  expect(await page.getByText('Unsaved changes.').count()).toBe(0);
  expect(await page.getByRole('listitem', { name: /^Variable / }).count()).toBe(0);

  // 200 characters bind, and the API saves them.
  const longest = `h${'x'.repeat(199)}`;
  await variableName.fill(longest);
  expect(await variableName.getAttribute('aria-invalid')).toBeNull();
  await bind.click();
  await page.getByRole('listitem', { name: `Variable ${longest}` }).waitFor();
  await saveAndWait();
  expect((await saved(uid)).variableDefinitions.map((d) => d.name)).toEqual([longest]);
}, 120_000);
