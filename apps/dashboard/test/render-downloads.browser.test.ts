import { readFile } from 'node:fs/promises';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { sessionRequest, startSignedInRig, type DashboardRig } from './browser.js';

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ rig, context, page, close } = await startSignedInRig({ email: 'downloads@example.com', plan: 'pro' }));
  // What makes a plain `download` link fail: the dashboard at 127.0.0.1, the files' public URLs at localhost.
  expect(new URL(rig.origin).origin).not.toBe(new URL(rig.stack.publicBaseUrl).origin);
}, 120_000);

afterAll(async () => {
  await close?.();
});

/** Clicks `link` and waits for the browser to save a file: the download, or a failure saying what happened instead. */
async function saveBy(link: ReturnType<Page['getByRole']>): Promise<{ name: string; bytes: Buffer }> {
  const saved: Promise<Download> = page.waitForEvent('download', { timeout: 15_000 });
  await link.click();
  const download = await saved.catch(() => {
    throw new Error(`clicking ${String(link)} saved nothing; the tab shows ${page.url()}`);
  });
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

/** The PNG decoded by the browser: its size and its top-left pixel. */
async function decodedPng(bytes: Buffer): Promise<{ width: number; height: number; pixel: number[] }> {
  return page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context2d = canvas.getContext('2d')!;
    context2d.drawImage(bitmap, 0, 0);
    return { width: bitmap.width, height: bitmap.height, pixel: [...context2d.getImageData(0, 0, 1, 1).data.slice(0, 3)] };
  }, bytes.toString('base64'));
}

test('playground: Download saves the render as <id>.png, the dashboard on another origin than the public URL', async () => {
  await page.goto(rig.url('playground'));
  await page.getByRole('textbox', { name: 'HTML' }).fill('<body style="margin:0;background:#ff0000"></body>');
  await page.getByRole('spinbutton', { name: 'Width' }).fill('40');
  await page.getByRole('spinbutton', { name: 'Height' }).fill('20');
  await page.getByRole('button', { name: 'Render' }).click();
  const openPage = page.getByRole('link', { name: "Open this render's page" });
  await openPage.waitFor({ timeout: 30_000 });
  const id = decodeURIComponent((await openPage.getAttribute('href'))!.split('/').pop()!);
  expect(id).toMatch(/^img_/);

  const file = await saveBy(page.getByRole('link', { name: 'Download', exact: true }));
  expect(file.name).toBe(`${id}.png`);
  expect(file.bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(await decodedPng(file.bytes)).toEqual({ width: 40, height: 20, pixel: [255, 0, 0] });
  // Still on the playground: the file was saved, not opened in the tab.
  expect(page.url()).toBe(rig.url('playground'));
}, 90_000);

test('a template render’s page and the Renders list: Download saves <template name>-<id>.png', async () => {
  const call = (method: 'POST' | 'GET', path: string, data?: unknown) => sessionRequest(context, rig.stack.baseUrl, { method, path, data });
  const created = await call('POST', '/templates', {
    name: 'Zoë’s badge',
    html: '<body style="margin:0;background:#0000ff"></body>',
    width: 30,
    height: 10,
  });
  expect(created.status()).toBe(200);
  const uid = ((await created.json()) as { template: { uid: string } }).template.uid;
  const rendered = await call('POST', `/templates/${uid}/render`, { format: 'png' });
  expect(rendered.status()).toBe(200);
  const id = ((await rendered.json()) as { id: string }).id;

  await page.goto(rig.url(`renders/${id}`));
  const fromPage = await saveBy(page.getByRole('link', { name: 'Download', exact: true }));
  expect(fromPage.name).toBe(`Zoë’s badge-${id}.png`);
  expect(await decodedPng(fromPage.bytes)).toEqual({ width: 30, height: 10, pixel: [0, 0, 255] });

  await page.goto(rig.url('renders'));
  const fromList = await saveBy(page.getByRole('table', { name: 'Renders, newest first' }).getByRole('link', { name: `Download ${id}` }));
  expect(fromList.name).toBe(`Zoë’s badge-${id}.png`);
  expect(fromList.bytes.equals(fromPage.bytes)).toBe(true);
}, 90_000);
