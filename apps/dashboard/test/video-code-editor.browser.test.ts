import type { BrowserContext, Page } from 'playwright-core';
import { pixel, probeStreams } from '@pressroom/testing/media';
import {
  accessibilityViolations,
  brightestInMiddleRow,
  eventually,
  expectFocusOn,
  near,
  pressSaveShortcut,
  replaceCode,
  screenshot,
  sessionRequest,
  startSignedInRig,
  type DashboardRig,
} from './browser.js';

/** A 160×90 scene, 10 fps, 1 s, filled with its `color` prop; `closing` is the tag that closes the fill (line 7). */
const scene = (color: string, closing = 'AbsoluteFill') => `import { AbsoluteFill } from 'remotion';

export const meta = { width: 160, height: 90, fps: 10, durationInFrames: 10, defaultProps: { color: '${color}' } };

export default function Scene({ color }: { color: string }) {
  const shade = color;
  return <AbsoluteFill style={{ backgroundColor: shade }}></${closing}>;
}
`;
const RED = [208, 32, 32];
const GREEN = [0, 160, 80];

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ rig, context, page, close } = await startSignedInRig({
    email: 'scenes@example.com',
    plan: 'business',
    rig: { stack: { withVideoService: true } },
    timeoutMs: 20_000,
  }));
}, 120_000);

afterAll(async () => {
  await close?.();
});

const call = (method: 'GET' | 'POST', path: string, data?: unknown) => sessionRequest(context, rig.stack.baseUrl, { method, path, data });

const replaceScene = (tsx: string) => replaceCode(page, 'Scene (TSX)', tsx);

/** RGB at a quarter of the way into the player frame (clear of the player's controls at the bottom). */
async function playerPixel(): Promise<number[]> {
  const frame = page.locator('iframe[title="Scene preview"]');
  const box = (await frame.boundingBox())!;
  return pixel(await frame.screenshot(), Math.floor(box.width / 4), Math.floor(box.height / 4));
}

/** The 1-based editor lines that carry an inline error (CodeMirror's lint underline). */
const linesWithErrors = () =>
  page
    .locator('.cm-content')
    .evaluate((content) =>
      Array.from(content.querySelectorAll(':scope > .cm-line')).flatMap((line, i) =>
        line.querySelector('.cm-lintRange-error') ? [i + 1] : [],
      ),
    );

/** The text of the editor line holding the cursor. */
const cursorLine = () =>
  page.evaluate(() => {
    const node = window.getSelection()?.anchorNode;
    const element = node instanceof Element ? node : node?.parentElement;
    return element?.closest('.cm-line')?.textContent ?? '';
  });

test('code template: a broken scene shows the compiler error at its line and in the list; fixed, it plays, renders and downloads', async () => {
  const created = await call('POST', '/video/templates', { name: 'Brand sting', tsx: scene('#d02020') });
  expect(created.status()).toBe(201);
  const uid = ((await created.json()) as { template: { uid: string } }).template.uid;

  await page.goto(rig.url(`video/templates/${uid}/code`));
  await page.getByRole('heading', { name: 'Brand sting', level: 1 }).waitFor();
  // The saved scene plays in the sandboxed player: its red fill.
  await eventually(async () => near(await playerPixel(), RED), 'the player to show the red scene', 60_000);

  // Break it: a closing tag that does not match (line 7), and save.
  await replaceScene(scene('#00a050', 'AbsoluteFil'));
  await page.getByRole('button', { name: 'Save and compile' }).click();
  const list = page.getByRole('region', { name: 'Compile errors' });
  await list.getByRole('button', { name: /^Line 7, column \d+: Unexpected closing "AbsoluteFil" tag/ }).waitFor();
  await eventually(async () => (await linesWithErrors()).join() === '7', 'the inline error on line 7');
  expect(await linesWithErrors()).toEqual([7]);
  // The underline covers the wrong name; the gutter marks the line.
  expect(await page.locator('.cm-lintRange-error').first().textContent()).toBe('AbsoluteFil');
  expect(await page.locator('.cm-gutter-lint .cm-lint-marker-error').count()).toBe(1);
  // The list's entry moves the cursor to the error.
  await list.getByRole('button', { name: /^Line 7/ }).click();
  await eventually(async () => (await cursorLine()).includes('</AbsoluteFil>'), 'the cursor on the error line');
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'video-code-editor-errors');

  // The player still shows the saved (red) scene; a failed save changed nothing.
  expect(near(await playerPixel(), RED)).toBe(true);
  // Rendering unsaved work saves first: refused, so nothing is rendered.
  await page.getByRole('button', { name: 'Save and render video', exact: true }).click();
  // Said in a polite live region, as the template editors' render panels say it: announced, not only shown.
  await page
    .locator('[aria-live="polite"]')
    .filter({ hasText: /^Not rendered: the scene could not be saved\.$/ })
    .waitFor();
  expect(await page.getByRole('link', { name: /^Download / }).count()).toBe(0);

  // A meta the renderer refuses (an odd width: H.264 needs even sizes) is placed at its key too, not only listed.
  await replaceScene(scene('#00a050').replace('width: 160', 'width: 161'));
  await page.getByRole('button', { name: 'Save and compile' }).click();
  await list.getByRole('button', { name: /^Line 3, column 23: meta\.width must be even/ }).waitFor();
  await eventually(async () => (await linesWithErrors()).join() === '3', 'the inline error on the meta line');

  // Fix it and save: the errors go, and the player previews the new (green) scene.
  await replaceScene(scene('#00a050'));
  await page.getByRole('button', { name: 'Save and compile' }).click();
  await page.getByRole('status').getByText('Saved and compiled.').waitFor();
  expect(await list.count()).toBe(0);
  expect(await linesWithErrors()).toEqual([]);
  await eventually(async () => near(await playerPixel(), GREEN), 'the player to show the green scene', 60_000);

  // Render and download.
  await page.getByRole('button', { name: 'Render video', exact: true }).click();
  const download = page.getByRole('link', { name: 'Download MP4' });
  await download.waitFor({ timeout: 300_000 });
  const href = (await download.getAttribute('href'))!;
  // The API's copy of the file, on the dashboard's origin: read with the session cookie, as the browser saves it.
  expect(href).toMatch(/^\/renders\/vid_\w+\/file$/);
  const file = await context.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="vid_\w+\.mp4"/);
  const probe = await probeStreams(Buffer.from(await file.body()));
  expect(probe.video).toMatchObject({ codec: 'h264', width: 160, height: 90, fps: 10, frames: 10 });
  expect(probe.duration).toBeCloseTo(1, 1);

  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'video-code-editor');
}, 600_000);

test('a new code template starts from the starter scene and opens in the editor', async () => {
  await page.goto(rig.url('video/templates/new/code'));
  await page.getByRole('heading', { name: 'New code template', level: 1 }).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: 'Name' }).fill('Launch teaser');
  await page.getByRole('button', { name: 'Create and open the editor' }).click();
  await page.getByRole('heading', { name: 'Launch teaser', level: 1 }).waitFor();
  await page.waitForURL(/\/app\/video\/templates\/vtp_[^/]+\/code$/);
  // The same starter as the Video page's New code template (starter-designs.ts STARTER_TSX): one scene to learn from.
  expect(await page.locator('.cm-content').textContent()).toContain("defaultProps: { title: 'Hello', color: '#1e293b' }");
  // With the cursor in it, the editor's box shows the focus ring (CodeMirror's own dotted outline is clipped by the box).
  // The editor may still be settling its first content when the page shows it (the focus can land on a view that is
  // then replaced), so focus and read again until the ring shows.
  await eventually(async () => {
    await page.locator('.cm-content').focus();
    return (await page.locator('div:has(> .cm-editor)').evaluate((box) => getComputedStyle(box).outlineStyle)) === 'solid';
  }, 'the code box to show the focus ring with the cursor in it');
  // The starter's slate fill (#1e293b) in the player.
  await eventually(async () => near(await playerPixel(), [30, 41, 59]), 'the player to show the starter scene', 60_000);
  // It opens on the middle frame (the render's poster frame), where the title has faded in: its white text shows, not
  // frame 0's empty blue.
  await eventually(
    async () => (await brightestInMiddleRow(page.locator('iframe[title="Scene preview"]'))) > 240,
    'the player to show the starter title when it opens',
  );
}, 300_000);

test('a scene that compiles but throws while drawing shows its error under the player', async () => {
  const tsx = `export const meta = { width: 160, height: 90, fps: 10, durationInFrames: 10, defaultProps: {} };

export default function Scene() {
  throw new Error('no frame for you');
}
`;
  const created = await call('POST', '/video/templates', { name: 'Throws', tsx });
  expect(created.status()).toBe(201);
  const uid = ((await created.json()) as { template: { uid: string } }).template.uid;
  await page.goto(rig.url(`video/templates/${uid}/code`));
  await page.getByRole('alert').getByText('The scene failed in the preview: no frame for you').waitFor({ timeout: 60_000 });
  expect(await accessibilityViolations(page)).toEqual([]);
  // A page that starts listening after the frame said it was ready asks again, and the frame answers.
  const answered = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Scene preview"]')!;
        window.addEventListener('message', (event) => {
          if (event.source === frame.contentWindow && (event.data as { type?: string }).type === 'player-ready') resolve(true);
        });
        frame.contentWindow!.postMessage({ type: 'player-hello' }, '*');
        setTimeout(() => resolve(false), 10_000);
      }),
  );
  expect(answered).toBe(true);
}, 300_000);

test('the player page is sandboxed and its scripts load from an opaque origin', async () => {
  const res = await fetch(`${rig.stack.baseUrl}/app/video-player.html`);
  expect(res.headers.get('content-security-policy')).toBe('sandbox allow-scripts');
  const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(await res.text())![1]!;
  const asset = await fetch(`${rig.stack.baseUrl}${script}`, { headers: { origin: 'null' } });
  expect(asset.headers.get('access-control-allow-origin')).toBe('*');
});

test('leaving the code editor with unsaved changes asks first; after saving it does not', async () => {
  const created = await call('POST', '/video/templates', { name: 'Guarded', tsx: scene('#d02020') });
  const uid = ((await created.json()) as { template: { uid: string } }).template.uid;
  await page.goto(rig.url(`video/templates/${uid}/code`));
  await page.getByRole('heading', { name: 'Guarded', level: 1 }).waitFor();
  await replaceScene(scene('#2020d0'));
  // The page says the scene is unsaved (and only then does leaving ask).
  await page.getByText('Unsaved changes.').waitFor();
  const overview = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' });
  await overview.click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await ask.getByRole('button', { name: 'Stay here' }).click();
  expect(page.url()).toMatch(/\/code$/);
  await page.getByRole('button', { name: 'Save and compile' }).click();
  await page.getByText('Unsaved changes.').waitFor({ state: 'detached' });
  await eventually(async () => near(await playerPixel(), [32, 32, 208]), 'the saved blue scene', 60_000);
  await overview.click();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
}, 300_000);

test('Ctrl+S in the code editor saves and compiles, as the button does; pressed in the preview frame too', async () => {
  const created = await call('POST', '/video/templates', { name: 'Saved by keys', tsx: scene('#d02020') });
  const uid = ((await created.json()) as { template: { uid: string } }).template.uid;
  const tsxSaved = async () =>
    ((await (await call('GET', `/video/templates/${uid}`)).json()) as { template: { tsx: string } }).template.tsx;
  await page.goto(rig.url(`video/templates/${uid}/code`));
  expect(await page.getByRole('button', { name: 'Save and compile' }).getAttribute('aria-keyshortcuts')).toBe('Control+S Meta+S');
  await eventually(async () => near(await playerPixel(), RED), 'the saved red scene');
  await replaceScene(scene('#2020d0'));
  await page.getByText('Unsaved changes.').waitFor();
  // Focus is in CodeMirror: its keymap does not keep the keys from the page.
  expect(await pressSaveShortcut(page)).toBe(true);
  await page.getByText('Saved and compiled.').waitFor({ timeout: 60_000 });
  expect(await tsxSaved()).toContain("color: '#2020d0'");

  await eventually(async () => near(await playerPixel(), [32, 32, 208]), 'the saved blue scene', 60_000);
  // The compiled scene playing did not take focus out of the editor (Remotion's player focuses its Play button when
  // playback starts unless told not to): the person types on where they were.
  expect(await page.evaluate(() => document.activeElement?.closest('.cm-editor') !== null)).toBe(true);
  await page.keyboard.type('// still here');
  await page.getByText('Unsaved changes.').waitFor();
  expect(await page.locator('.cm-content').textContent()).toContain('// still here');

  // With focus in the sandboxed preview frame, the frame keeps the keys from the browser and the page saves.
  await replaceScene(scene('#00a050'));
  await page.getByText('Unsaved changes.').waitFor();
  await page.locator('iframe[title="Scene preview"]').focus();
  await page.keyboard.press('Control+S');
  await page.getByText('Saved and compiled.').waitFor({ timeout: 60_000 });
  expect(await tsxSaved()).toContain("color: '#00a050'");
}, 120_000);

test('a code template is renamed in its editor; an empty or overlong name is refused beside the field and nothing is saved', async () => {
  const created = await call('POST', '/video/templates', { name: 'Untitled scene', tsx: scene('#d02020') });
  const uid = ((await created.json()) as { template: { uid: string } }).template.uid;
  const savedName = async () =>
    ((await (await call('GET', `/video/templates/${uid}`)).json()) as { template: { name: string } }).template.name;
  await page.goto(rig.url(`video/templates/${uid}/code`));
  await page.getByRole('heading', { name: 'Untitled scene', level: 1 }).waitFor();
  const name = page.getByRole('textbox', { name: 'Template name' });
  expect(await name.inputValue()).toBe('Untitled scene');
  const save = page.getByRole('button', { name: 'Save and compile' });
  const describedBy = async () => page.locator(`[id="${await name.getAttribute('aria-describedby')}"]`).textContent();

  // Emptied: the API's refusal stands beside the field, which gets focus; no alert repeats it, nothing is saved.
  await name.fill('');
  await page.getByText('Unsaved changes.').waitFor();
  await save.click();
  await eventually(async () => (await name.getAttribute('aria-invalid')) === 'true', 'the name refused beside its field');
  expect(await describedBy()).toBe('Must not be empty.');
  await expectFocusOn(page, 'Template name');
  expect(await page.getByRole('alert').filter({ hasText: 'name' }).count()).toBe(0);
  // Too long: said the same way.
  await name.fill('x'.repeat(201));
  await save.click();
  await eventually(async () => (await describedBy()) === 'Must be at most 200 characters long.', 'the length refused');
  expect(await savedName()).toBe('Untitled scene');
  expect(await accessibilityViolations(page)).toEqual([]);

  // A name it takes is saved with the scene: the heading and the list say it.
  await name.fill('Product teaser');
  await save.click();
  await page.getByText('Saved and compiled.').waitFor({ timeout: 60_000 });
  expect(await name.getAttribute('aria-invalid')).toBeNull();
  await page.getByRole('heading', { name: 'Product teaser', level: 1 }).waitFor();
  expect(await savedName()).toBe('Product teaser');
  await page.goto(rig.url('video'));
  await page.getByRole('link', { name: 'Product teaser' }).waitFor();
}, 120_000);
