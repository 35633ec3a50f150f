import type { APIResponse, BrowserContext, Page } from 'playwright-core';
import { accessibilityViolations, eventually, expectFocusOn, startDashboardRig, sessionRequest, type DashboardRig } from './browser.js';

/**
 * Two people (here one account signed in twice) editing one template: the later save is refused and says so beside
 * Save, instead of silently replacing the earlier one (docs/templates.md#conditional-saves).
 */
let rig: DashboardRig;
let ana: BrowserContext;
let ben: BrowserContext;
const user = { email: 'conflict@example.com', password: 'correct horse battery staple' };

async function call(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<APIResponse> {
  return sessionRequest(ana, rig.stack.baseUrl, { method, path, data });
}

async function templateOf(uid: string): Promise<{ name: string; html: string }> {
  return ((await (await call('GET', `/templates/${uid}`)).json()) as { template: { name: string; html: string } }).template;
}

async function versionCount(uid: string): Promise<number> {
  return ((await (await call('GET', `/templates/${uid}/versions`)).json()) as { versions: unknown[] }).versions.length;
}

async function openEditor(context: BrowserContext, uid: string, name: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(rig.url(`templates/${uid}`));
  await page.getByLabel('Template name').waitFor();
  await expect(page.getByLabel('Template name').inputValue()).resolves.toBe(name);
  return page;
}

async function rename(page: Page, name: string): Promise<void> {
  await page.getByLabel('Template name').fill(name);
  await page.getByRole('button', { name: 'Save template' }).click();
}

beforeAll(async () => {
  rig = await startDashboardRig();
  ana = await rig.newContext();
  const signUp = await ana.request.post(`${rig.stack.baseUrl}/auth/sign-up`, { data: { ...user, name: 'Conflict' } });
  expect(signUp.status()).toBe(201);
  ben = await rig.newContext();
  const signIn = await ben.request.post(`${rig.stack.baseUrl}/auth/sign-in`, { data: user });
  expect(signIn.ok()).toBe(true);
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
});

test('HTML editor: a save over a newer save is refused with who saved when; "Save mine anyway" saves; "Load their version" reloads', async () => {
  const created = await call('POST', '/templates', { name: 'Shared card', html: '<p>{{ title }}</p>', width: 120, height: 60 });
  const uid = ((await created.json()) as { template: { uid: string } }).template.uid;
  const anaPage = await openEditor(ana, uid, 'Shared card');
  const benPage = await openEditor(ben, uid, 'Shared card');

  await rename(anaPage, 'Ana’s name');
  await anaPage.getByText('Saved.').waitFor();
  const versionsAfterAna = await versionCount(uid);

  await rename(benPage, 'Ben’s name');
  const alert = benPage.getByRole('alert').filter({ hasText: 'Someone else saved this template' });
  await alert.waitFor();
  expect(await alert.locator('p').innerText()).toMatch(
    /^Someone else saved this template since you opened it \(conflict@example\.com at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M\)\.$/u,
  );
  // Nothing of Ben's was written: Ana's save stands, and no version was added.
  expect((await templateOf(uid)).name).toBe('Ana’s name');
  expect(await versionCount(uid)).toBe(versionsAfterAna);
  expect(await benPage.getByLabel('Template name').inputValue()).toBe('Ben’s name');

  await alert.getByRole('button', { name: 'Save mine anyway' }).click();
  await benPage.getByText('Saved.').waitFor();
  await alert.waitFor({ state: 'detached' });
  expect((await templateOf(uid)).name).toBe('Ben’s name');
  // Ana's save stays in the history, below Ben's.
  expect(await versionCount(uid)).toBe(versionsAfterAna + 1);

  // Ana's editor still holds the revision she saved: her next save is refused in turn; she takes Ben's instead.
  await rename(anaPage, 'Ana again');
  const anaAlert = anaPage.getByRole('alert').filter({ hasText: 'Someone else saved this template' });
  await anaAlert.getByRole('button', { name: 'Load their version' }).click();
  await anaPage.getByRole('alertdialog').getByRole('button', { name: 'Discard mine and load theirs' }).click();
  await anaAlert.waitFor({ state: 'detached' });
  await expect(anaPage.getByLabel('Template name').inputValue()).resolves.toBe('Ben’s name');
  // Loaded at the current revision: her next save goes through without a conflict.
  await rename(anaPage, 'Ana after loading');
  await anaPage.getByText('Saved.').waitFor();
  expect((await templateOf(uid)).name).toBe('Ana after loading');
}, 180_000);

type Shape = { name: string; fill: string };
const shapesOf = async (uid: string) =>
  (
    (await (await call('GET', `/templates/${uid}`)).json()) as { template: { fabricJSData: { objects: Shape[] } } }
  ).template.fabricJSData.objects.map(({ name, fill }) => ({ name, fill }));

async function openCanvas(context: BrowserContext, uid: string, name = 'Shared canvas'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(rig.url(`templates/${uid}/canvas`));
  // The editor's chunk (fabric) loads on first use: give it longer on a busy machine.
  await page.getByRole('heading', { name: `Edit ${name}` }).waitFor({ timeout: 30_000 });
  return page;
}

/** Selects the layer `name` and sets its fill: an unsaved change. */
async function paint(page: Page, name: string, fill: string): Promise<void> {
  await page.getByRole('region', { name: 'Layers' }).getByRole('button', { name, exact: true }).click();
  const properties = page.getByRole('region', { name: 'Properties' });
  await properties.getByText(name, { exact: true }).waitFor();
  await properties.getByLabel('Fill colour', { exact: true }).fill(fill);
  await page.getByText('Unsaved changes.').waitFor();
}

async function fillShown(page: Page, name: string): Promise<string> {
  await page.getByRole('region', { name: 'Layers' }).getByRole('button', { name, exact: true }).click();
  const properties = page.getByRole('region', { name: 'Properties' });
  await properties.getByText(name, { exact: true }).waitFor();
  return properties.getByLabel('Fill colour', { exact: true }).inputValue();
}

async function saveCanvas(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Saved.').waitFor();
  expect(await conflictAlert(page).count()).toBe(0);
}

const conflictAlert = (page: Page) => page.getByRole('alert').filter({ hasText: 'Someone else saved this template' });
const rect = (name: string, left: number, fill: string) => ({
  type: 'Rect',
  name,
  originX: 'left',
  originY: 'top',
  left,
  top: 0,
  width: 50,
  height: 50,
  fill,
  strokeWidth: 0,
});

test('canvas editor: its own saves, a restore and a rename do not conflict; a save over a newer one is refused; "Save mine anyway" and "Load their version"', async () => {
  const created = await call('POST', '/templates', {
    name: 'Shared canvas',
    fabricJSData: { version: '7.4.0', background: '#ffffff', objects: [rect('Box', 0, '#ff0000'), rect('Bar', 100, '#0000ff')] },
    width: 200,
    height: 50,
  });
  const uid = ((await created.json()) as { template: { uid: string } }).template.uid;
  const anaPage = await openCanvas(ana, uid);
  const benPage = await openCanvas(ben, uid);

  // Ana saves twice in a row: each save moves her revision on, so the second is not refused as stale.
  await paint(anaPage, 'Box', '#00ff00');
  await saveCanvas(anaPage);
  await paint(anaPage, 'Box', '#008000');
  await saveCanvas(anaPage);
  const versionsAfterAna = await versionCount(uid);

  // Ben opened the template before Ana's saves: his save is refused, and nothing of his is written.
  await paint(benPage, 'Bar', '#ffff00');
  await benPage.getByRole('button', { name: 'Save template' }).click();
  const alert = conflictAlert(benPage);
  await alert.waitFor();
  expect(await alert.locator('p').innerText()).toMatch(
    /^Someone else saved this template since you opened it \(conflict@example\.com at .+\)\.$/u,
  );
  expect(await shapesOf(uid)).toEqual([
    { name: 'Box', fill: '#008000' },
    { name: 'Bar', fill: '#0000ff' },
  ]);
  expect(await versionCount(uid)).toBe(versionsAfterAna);

  // Saved over Ana's on purpose: Ben's whole design is the template now (hers stays in Versions).
  await alert.getByRole('button', { name: 'Save mine anyway' }).click();
  await benPage.getByText('Saved.').waitFor();
  await alert.waitFor({ state: 'detached' });
  expect(await shapesOf(uid)).toEqual([
    { name: 'Box', fill: '#ff0000' },
    { name: 'Bar', fill: '#ffff00' },
  ]);
  expect(await versionCount(uid)).toBe(versionsAfterAna + 1);

  // Ana's next save is refused in turn; she loads Ben's design instead of hers.
  await paint(anaPage, 'Bar', '#000000');
  await anaPage.getByRole('button', { name: 'Save template' }).click();
  const anaAlert = conflictAlert(anaPage);
  await anaAlert.getByRole('button', { name: 'Load their version' }).click();
  await anaPage.getByRole('alertdialog').getByRole('button', { name: 'Discard mine and load theirs' }).click();
  await anaAlert.waitFor({ state: 'detached' });
  await anaPage.getByText('Unsaved changes.').waitFor({ state: 'detached' });
  expect([await fillShown(anaPage, 'Box'), await fillShown(anaPage, 'Bar')]).toEqual(['#ff0000', '#ffff00']);
  // Loaded at the current revision: her next save goes through.
  await paint(anaPage, 'Box', '#ff00ff');
  await saveCanvas(anaPage);
  expect(await shapesOf(uid)).toEqual([
    { name: 'Box', fill: '#ff00ff' },
    { name: 'Bar', fill: '#ffff00' },
  ]);

  // A restore is a save: the next save starts from the revision it made.
  const versions = anaPage.getByRole('region', { name: 'Versions' });
  await versions.getByRole('button', { name: 'Restore version 1' }).click();
  await versions.getByText('Restored version 1.').waitFor();
  expect(await fillShown(anaPage, 'Bar')).toBe('#0000ff');
  await paint(anaPage, 'Box', '#00ffff');
  await saveCanvas(anaPage);
  expect(await shapesOf(uid)).toEqual([
    { name: 'Box', fill: '#00ffff' },
    { name: 'Bar', fill: '#0000ff' },
  ]);

  // So is a rename.
  await anaPage.getByRole('button', { name: 'Rename template' }).click();
  const dialog = anaPage.getByRole('dialog', { name: 'Rename the template' });
  await dialog.getByLabel('Template name').fill('Shared canvas 2');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await anaPage.getByRole('heading', { name: 'Edit Shared canvas 2' }).waitFor();
  await paint(anaPage, 'Bar', '#123456');
  await saveCanvas(anaPage);
  expect(await shapesOf(uid)).toEqual([
    { name: 'Box', fill: '#00ffff' },
    { name: 'Bar', fill: '#123456' },
  ]);

  // Ben's editor is still at his own save, before all of Ana's: a rename from it is refused too (said in its dialog),
  // rather than taking a revision that would let his next Save replace her work unasked.
  await benPage.getByRole('button', { name: 'Rename template' }).click();
  const benDialog = benPage.getByRole('dialog', { name: 'Rename the template' });
  await benDialog.getByLabel('Template name').fill('Ben’s canvas');
  await benDialog.getByRole('button', { name: 'Rename' }).click();
  // In the editor's words (the API's detail, for API users, speaks of GET and ETag), and nothing else in the banner.
  const renameRefusal = benDialog.getByRole('alert');
  await renameRefusal.waitFor();
  expect(await renameRefusal.locator('p').innerText()).toMatch(STALE_CHANGE);
  expect(await accessibilityViolations(benPage, '[role="dialog"]')).toEqual([]);
  expect(await benDialog.innerText()).not.toMatch(/ETag|GET /u);
  const named = await call('GET', `/templates/${uid}`);
  expect(((await named.json()) as { template: { name: string } }).template.name).toBe('Shared canvas 2');
  await benDialog.getByRole('button', { name: 'Cancel' }).click();
  await paint(benPage, 'Box', '#111111');
  await benPage.getByRole('button', { name: 'Save template' }).click();
  await conflictAlert(benPage).waitFor();

  // From the dialog he loads Ana's version (the dialog stays, with the name he typed) and renames on top of it.
  await benPage.getByRole('button', { name: 'Rename template' }).click();
  await benDialog.getByLabel('Template name').fill('Ben’s canvas');
  await benDialog.getByRole('button', { name: 'Rename' }).click();
  await loadTheirs(benPage, renameRefusal);
  expect(await benDialog.getByLabel('Template name').inputValue()).toBe('Ben’s canvas');
  // Focus is back on the name (the button it was on went with the refusal), to rename again from the keyboard.
  await benPage.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') && document.activeElement.tagName === 'INPUT');
  await benDialog.getByRole('button', { name: 'Rename' }).click();
  await benPage.getByRole('heading', { name: 'Edit Ben’s canvas' }).waitFor();
  // Ana's design is what the editor shows now; the refusal beside Save went with his version.
  expect(await conflictAlert(benPage).count()).toBe(0);
  expect([await fillShown(benPage, 'Box'), await fillShown(benPage, 'Bar')]).toEqual(['#00ffff', '#123456']);
  await paint(benPage, 'Box', '#111111');
  await saveCanvas(benPage);
  expect(await canvasOf(uid)).toMatchObject({ name: 'Ben’s canvas' });
  expect(await shapesOf(uid)).toEqual([
    { name: 'Box', fill: '#111111' },
    { name: 'Bar', fill: '#123456' },
  ]);
}, 240_000);

/** The refusal of a change other than Save (a rename, a layout or page change): the editor's words, not the API's detail. */
const STALE_CHANGE =
  /^Someone else saved this template since you opened it \(conflict@example\.com at .+\)\. Load their version, then try again\.$/u;

async function loadTheirs(page: Page, alert: ReturnType<Page['getByRole']>): Promise<void> {
  await alert.getByRole('button', { name: 'Load their version' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard mine and load theirs' }).click();
  await alert.waitFor({ state: 'detached' });
  await page.getByText('Unsaved changes.').waitFor({ state: 'detached' });
}

type CanvasTemplate = {
  name: string;
  fabricJSData: { objects: Shape[] };
  layouts: Record<string, { width: number; height: number; fabricJSData: { objects: Shape[] } }>;
  pages?: Array<{ pageNumber: number; id?: string; name: string; fabricJSData: { objects: Shape[] } }>;
};
const canvasOf = async (uid: string) => ((await (await call('GET', `/templates/${uid}`)).json()) as { template: CanvasTemplate }).template;
const fills = (design: { objects: Shape[] } | undefined) => design?.objects.map(({ name, fill }) => ({ name, fill }));

test('canvas editor: a layout change hands its revision to Save; one after someone else’s save is refused in the Layouts panel, losing nothing; "Load their version" reloads the open layout as they saved it; "Save mine anyway" from a layout keeps their new layout', async () => {
  const created = await call('POST', '/templates', {
    name: 'Layout canvas',
    fabricJSData: { version: '7.4.0', background: '#ffffff', objects: [rect('Box', 0, '#ff0000'), rect('Bar', 100, '#0000ff')] },
    width: 200,
    height: 50,
  });
  const uid = ((await created.json()) as { template: { uid: string } }).template.uid;
  const anaPage = await openCanvas(ana, uid, 'Layout canvas');
  const benPage = await openCanvas(ben, uid, 'Layout canvas');
  const layoutsOf = (page: Page) => page.getByRole('region', { name: 'Layouts and pages' });
  const addLayout = async (page: Page, key: string, width: number, height: number) => {
    const layouts = layoutsOf(page);
    await layouts.getByRole('textbox', { name: 'Layout key' }).fill(key);
    await layouts.getByRole('spinbutton', { name: 'Layout width' }).fill(String(width));
    await layouts.getByRole('spinbutton', { name: 'Layout height' }).fill(String(height));
    await layouts.getByRole('button', { name: 'Copy to new layout' }).click();
  };
  const opened = (page: Page, name: string) => layoutsOf(page).getByRole('button', { name, pressed: true });

  // (a) One editor: a new layout is a save, and Save then goes on from the revision it made (no conflict with itself).
  await addLayout(anaPage, 'story', 100, 200);
  await opened(anaPage, 'story · 100×200').waitFor();
  await paint(anaPage, 'Box', '#00ff00');
  await saveCanvas(anaPage);
  expect(fills((await canvasOf(uid)).layouts.story?.fabricJSData)).toEqual([
    { name: 'Box', fill: '#00ff00' },
    { name: 'Bar', fill: '#0000ff' },
  ]);
  // The template's own design is as it was: Save wrote the open layout.
  expect(await shapesOf(uid)).toEqual([
    { name: 'Box', fill: '#ff0000' },
    { name: 'Bar', fill: '#0000ff' },
  ]);
  const versionsAfterAna = await versionCount(uid);

  // (b) Ben opened the template before Ana's layout: his own layout is refused, said in the Layouts panel in the
  // editor's words, and nothing is written or lost (his unsaved change, the key he typed).
  await paint(benPage, 'Bar', '#ffff00');
  await addLayout(benPage, 'square', 60, 60);
  const refusal = layoutsOf(benPage).getByRole('alert');
  await refusal.waitFor();
  expect(await refusal.locator('p').innerText()).toMatch(STALE_CHANGE);
  expect(await accessibilityViolations(benPage, 'section[aria-label="Layouts and pages"]')).toEqual([]);
  expect(Object.keys((await canvasOf(uid)).layouts)).toEqual(['story']);
  expect(await versionCount(uid)).toBe(versionsAfterAna);
  expect(
    await layoutsOf(benPage)
      .getByRole('button', { name: /^square/u })
      .count(),
  ).toBe(0);
  await opened(benPage, 'default · 200×50').waitFor();
  expect(await layoutsOf(benPage).getByRole('textbox', { name: 'Layout key' }).inputValue()).toBe('square');
  await benPage.getByText('Unsaved changes.').waitFor();
  expect(await fillShown(benPage, 'Bar')).toBe('#ffff00');
  // He loads Ana's version from there (his unsaved change goes, as the confirm says) and tries again: it goes through.
  // Focus, once the alert is gone, is on the open layout's button (what was loaded), not lost to the page.
  await loadTheirs(benPage, refusal);
  await expectFocusOn(benPage, 'default · 200×50');
  await layoutsOf(benPage).getByRole('button', { name: 'story · 100×200' }).waitFor();
  expect(await fillShown(benPage, 'Bar')).toBe('#0000ff');
  await layoutsOf(benPage).getByRole('button', { name: 'Copy to new layout' }).click();
  await opened(benPage, 'square · 60×60').waitFor();
  expect(await refusal.count()).toBe(0);
  expect(Object.keys((await canvasOf(uid)).layouts).sort()).toEqual(['square', 'story']);

  // (c) Ben changes the story layout (its size and a fill) and saves; Ana, with the story layout still open, saves
  // over it, is refused, and loads his version: the story layout as he saved it, at his size.
  await layoutsOf(benPage).getByRole('button', { name: 'story · 100×200' }).click();
  await opened(benPage, 'story · 100×200').waitFor();
  await paint(benPage, 'Box', '#abcdef');
  await benPage.getByRole('spinbutton', { name: 'Template width' }).fill('120');
  await saveCanvas(benPage);
  const story = (await canvasOf(uid)).layouts.story!;
  expect([story.width, story.height, fills(story.fabricJSData)]).toEqual([
    120,
    200,
    [
      { name: 'Box', fill: '#abcdef' },
      { name: 'Bar', fill: '#0000ff' },
    ],
  ]);

  await paint(anaPage, 'Bar', '#222222');
  await anaPage.getByRole('button', { name: 'Save template' }).click();
  const anaAlert = conflictAlert(anaPage);
  await anaAlert.waitFor();
  await loadTheirs(anaPage, anaAlert);
  await opened(anaPage, 'story · 120×200').waitFor();
  await layoutsOf(anaPage).getByRole('button', { name: 'square · 60×60' }).waitFor();
  expect(await anaPage.getByRole('spinbutton', { name: 'Template width' }).inputValue()).toBe('120');
  expect([await fillShown(anaPage, 'Box'), await fillShown(anaPage, 'Bar')]).toEqual(['#abcdef', '#0000ff']);
  // At his revision now: her next save (into the story layout) goes through.
  await paint(anaPage, 'Bar', '#333333');
  await saveCanvas(anaPage);
  expect(fills((await canvasOf(uid)).layouts.story?.fabricJSData)).toEqual([
    { name: 'Box', fill: '#abcdef' },
    { name: 'Bar', fill: '#333333' },
  ]);

  // Ana adds another layout. Ben, with the story layout open from before her saves, saves his story over hers on
  // purpose: his story replaces hers, and her new layout stays (only the open layout is his to replace).
  await addLayout(anaPage, 'wide', 300, 100);
  await opened(anaPage, 'wide · 300×100').waitFor();
  await paint(benPage, 'Box', '#444444');
  await benPage.getByRole('button', { name: 'Save template' }).click();
  const benAlert = conflictAlert(benPage);
  await benAlert.getByRole('button', { name: 'Save mine anyway' }).click();
  await benPage.getByText('Saved.').waitFor();
  await benAlert.waitFor({ state: 'detached' });
  const layouts = (await canvasOf(uid)).layouts;
  expect(Object.keys(layouts).sort()).toEqual(['square', 'story', 'wide']);
  expect(fills(layouts.story?.fabricJSData)).toEqual([
    { name: 'Box', fill: '#444444' },
    { name: 'Bar', fill: '#0000ff' },
  ]);
  expect([layouts.story?.width, layouts.story?.height]).toEqual([120, 200]);
  await layoutsOf(benPage).getByRole('button', { name: 'wide · 300×100' }).waitFor();
  await opened(benPage, 'story · 120×200').waitFor();
}, 240_000);

test('canvas editor, a PDF template’s pages: a new page hands its revision to Save; a page change after someone else’s save is refused; "Load their version" reloads the open page as they saved it', async () => {
  const created = await call('POST', '/templates', {
    name: 'Paged canvas',
    fabricJSData: { version: '7.4.0', background: '#ffffff', objects: [rect('Box', 0, '#ff0000'), rect('Bar', 100, '#0000ff')] },
    width: 200,
    height: 50,
    outputFormat: 'pdf',
    pages: [
      {
        pageNumber: 1,
        name: 'Front',
        fabricJSData: { version: '7.4.0', background: '#ffffff', objects: [rect('Box', 0, '#ff0000'), rect('Bar', 100, '#0000ff')] },
      },
    ],
  });
  const uid = ((await created.json()) as { template: { uid: string } }).template.uid;
  const anaPage = await openCanvas(ana, uid, 'Paged canvas');
  const benPage = await openCanvas(ben, uid, 'Paged canvas');
  const pagesOf = (page: Page) => page.getByRole('region', { name: 'Layouts and pages' });
  const opened = (page: Page, name: string) =>
    pagesOf(page).getByRole('list', { name: 'Pages' }).getByRole('button', { name, exact: true, pressed: true });
  const pageFills = async (index: number) => fills((await canvasOf(uid)).pages?.[index]?.fabricJSData);

  // (a) A new page (a copy of the canvas) is a save; Save then writes that page, from the revision it made.
  await pagesOf(anaPage).getByRole('button', { name: 'Add page (copy of the canvas)' }).click();
  await opened(anaPage, 'Page 2').waitFor();
  await paint(anaPage, 'Box', '#00ff00');
  await saveCanvas(anaPage);
  expect(await pageFills(1)).toEqual([
    { name: 'Box', fill: '#00ff00' },
    { name: 'Bar', fill: '#0000ff' },
  ]);
  const versionsAfterAna = await versionCount(uid);

  // (b) Ben's editor is from before: his page change is refused in the panel, and nothing is written or lost.
  await paint(benPage, 'Bar', '#ffff00');
  await pagesOf(benPage).getByRole('button', { name: 'Add page (copy of the canvas)' }).click();
  const refusal = pagesOf(benPage).getByRole('alert');
  await refusal.waitFor();
  expect(await refusal.locator('p').innerText()).toMatch(STALE_CHANGE);
  expect((await canvasOf(uid)).pages?.map((p) => p.name)).toEqual(['Front', 'Page 2']);
  expect(await versionCount(uid)).toBe(versionsAfterAna);
  await benPage.getByText('Unsaved changes.').waitFor();
  expect(await fillShown(benPage, 'Bar')).toBe('#ffff00');
  await loadTheirs(benPage, refusal);
  await expectFocusOn(benPage, 'default · 200×50');

  // (c) Ben changes page 2 and saves; Ana, with page 2 still open, is refused and loads his version of it.
  await pagesOf(benPage).getByRole('button', { name: 'Page 2', exact: true }).click();
  await opened(benPage, 'Page 2').waitFor();
  await paint(benPage, 'Bar', '#abcdef');
  await saveCanvas(benPage);
  expect(await pageFills(1)).toEqual([
    { name: 'Box', fill: '#00ff00' },
    { name: 'Bar', fill: '#abcdef' },
  ]);
  await paint(anaPage, 'Box', '#222222');
  await anaPage.getByRole('button', { name: 'Save template' }).click();
  const anaAlert = conflictAlert(anaPage);
  await anaAlert.waitFor();
  await loadTheirs(anaPage, anaAlert);
  await opened(anaPage, 'Page 2').waitFor();
  expect([await fillShown(anaPage, 'Box'), await fillShown(anaPage, 'Bar')]).toEqual(['#00ff00', '#abcdef']);
  await paint(anaPage, 'Box', '#333333');
  await saveCanvas(anaPage);
  expect(await pageFills(1)).toEqual([
    { name: 'Box', fill: '#333333' },
    { name: 'Bar', fill: '#abcdef' },
  ]);
  // The front page and the template's own design are as they were.
  expect(await pageFills(0)).toEqual([
    { name: 'Box', fill: '#ff0000' },
    { name: 'Bar', fill: '#0000ff' },
  ]);
}, 240_000);

test('canvas editor, a PDF template’s pages: "Save mine anyway" with a page open keeps the page someone else added and their change to another page, and replaces only the open page', async () => {
  const twoShapes = (box: string, bar: string) => ({
    version: '7.4.0',
    background: '#ffffff',
    objects: [rect('Box', 0, box), rect('Bar', 100, bar)],
  });
  const created = await call('POST', '/templates', {
    name: 'Two-page canvas',
    fabricJSData: twoShapes('#ff0000', '#0000ff'),
    width: 200,
    height: 50,
    outputFormat: 'pdf',
    pages: [
      { pageNumber: 1, name: 'Front', fabricJSData: twoShapes('#ff0000', '#0000ff') },
      { pageNumber: 2, name: 'Back', fabricJSData: twoShapes('#ff0000', '#0000ff') },
    ],
  });
  const uid = ((await created.json()) as { template: { uid: string } }).template.uid;
  // Each page was given an id when saved (the one rule that finds the open page among someone else's).
  const ids = (await canvasOf(uid)).pages!.map((p) => p.id);
  expect(ids).toEqual([expect.stringMatching(/^pg_/u), expect.stringMatching(/^pg_/u)]);
  const anaPage = await openCanvas(ana, uid, 'Two-page canvas');
  const benPage = await openCanvas(ben, uid, 'Two-page canvas');
  const panelOf = (page: Page) => page.getByRole('region', { name: 'Layouts and pages' });
  const pagesOf = (page: Page) => panelOf(page).getByRole('list', { name: 'Pages' });
  const openPage = async (page: Page, name: string) => {
    await pagesOf(page).getByRole('button', { name, exact: true }).click();
    await pagesOf(page).getByRole('button', { name, exact: true, pressed: true }).waitFor();
  };
  const pagesSaved = async () => (await canvasOf(uid)).pages!.map((p) => [p.pageNumber, p.name, p.id, fills(p.fabricJSData)] as const);
  const namesSaved = (names: string[]) =>
    eventually(
      async () => JSON.stringify((await pagesSaved()).map(([, name]) => name)) === JSON.stringify(names),
      `pages ${names.join(', ')}`,
    );

  // Ana opens the front page and changes it, unsaved.
  await openPage(anaPage, 'Front');
  await paint(anaPage, 'Box', '#222222');
  // Meanwhile Ben changes the back page and saves, adds a page and moves it first: Ana's front page is second now.
  await openPage(benPage, 'Back');
  await paint(benPage, 'Bar', '#abcdef');
  await saveCanvas(benPage);
  await panelOf(benPage).getByRole('button', { name: 'Add page (copy of the canvas)' }).click();
  await pagesOf(benPage).getByRole('button', { name: 'Page 3', exact: true, pressed: true }).waitFor();
  await pagesOf(benPage).getByRole('button', { name: 'Move page 3 up' }).click();
  await namesSaved(['Front', 'Page 3', 'Back']);
  await pagesOf(benPage).getByRole('button', { name: 'Move page 2 up' }).click();
  await namesSaved(['Page 3', 'Front', 'Back']);

  // Ana saves: refused; she saves hers anyway. Only her open page is replaced, found wherever Ben moved it.
  await anaPage.getByRole('button', { name: 'Save template' }).click();
  const alert = conflictAlert(anaPage);
  await alert.getByRole('button', { name: 'Save mine anyway' }).click();
  await anaPage.getByText('Saved.').waitFor();
  await alert.waitFor({ state: 'detached' });
  const added = (await pagesSaved())[0]![2];
  expect(await pagesSaved()).toEqual([
    [
      1,
      'Page 3',
      added,
      [
        { name: 'Box', fill: '#ff0000' },
        { name: 'Bar', fill: '#abcdef' },
      ],
    ],
    [
      2,
      'Front',
      ids[0],
      [
        { name: 'Box', fill: '#222222' },
        { name: 'Bar', fill: '#0000ff' },
      ],
    ],
    [
      3,
      'Back',
      ids[1],
      [
        { name: 'Box', fill: '#ff0000' },
        { name: 'Bar', fill: '#abcdef' },
      ],
    ],
  ]);
  expect(added).toMatch(/^pg_/u);
  // Her editor shows Ben's page too and still has her front page open (at its new place): her next save goes there.
  await pagesOf(anaPage).getByRole('button', { name: 'Front', exact: true, pressed: true }).waitFor();
  expect(
    await pagesOf(anaPage)
      .getByRole('button', { name: /^(Front|Back|Page 3)$/u })
      .allInnerTexts(),
  ).toEqual(['Page 3', 'Front', 'Back']);
  await paint(anaPage, 'Bar', '#333333');
  await saveCanvas(anaPage);
  expect((await pagesSaved()).map(([, name, , shapes]) => [name, shapes])).toEqual([
    [
      'Page 3',
      [
        { name: 'Box', fill: '#ff0000' },
        { name: 'Bar', fill: '#abcdef' },
      ],
    ],
    [
      'Front',
      [
        { name: 'Box', fill: '#222222' },
        { name: 'Bar', fill: '#333333' },
      ],
    ],
    [
      'Back',
      [
        { name: 'Box', fill: '#ff0000' },
        { name: 'Bar', fill: '#abcdef' },
      ],
    ],
  ]);
}, 240_000);
