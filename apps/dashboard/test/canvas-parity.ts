import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { bytesOfDataUrl, comparePixels, rgbOverWhite, writeDiffPicture, type PixelDiff } from '@pressroom/testing/pixel-diff';
import { sessionRequest, type DashboardRig } from './browser.js';

/** The API as the signed-in browser calls it (test/browser.ts sessionRequest), with the rig's address. */
export function callAsSession(rig: DashboardRig, context: BrowserContext, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  return sessionRequest(context, rig.stack.baseUrl, { method, path, data });
}

/** The PNG the canvas page offers: fabric's own `toDataURL` at multiplier 1, after the template was loaded. */
export async function editorExport(page: Page): Promise<Buffer> {
  const link = page.getByRole('link', { name: 'Download the canvas as PNG' });
  await link.waitFor({ timeout: 30_000 });
  return bytesOfDataUrl((await link.getAttribute('href'))!);
}

/** Pressroom's render of the saved template (POST /templates/{uid}/render), as PNG bytes. */
export async function renderOfTemplate(rig: DashboardRig, context: BrowserContext, uid: string): Promise<Buffer> {
  const res = await callAsSession(rig, context, 'POST', `/templates/${uid}/render`, { format: 'png' });
  if (res.status() !== 200) throw new Error(`render of ${uid} answered ${res.status()}: ${await res.text()}`);
  const { url } = (await res.json()) as { url: string };
  // Rendered files live on PUBLIC_BASE_URL (localhost); the stack listens on 127.0.0.1.
  const file = await fetch(url.replace('//localhost:', '//127.0.0.1:'));
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
}

/**
 * Compares the editor's export with the render; when they differ, writes the two and their difference side
 * by side under the system's temp directory (named in the returned diff) to see why.
 */
export async function parityOf(name: string, editor: Buffer, render: Buffer): Promise<PixelDiff & { picture: string }> {
  const a = await rgbOverWhite(editor);
  const b = await rgbOverWhite(render);
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  const diff = comparePixels(a, b);
  const dir = join(tmpdir(), 'pressroom-canvas-parity');
  mkdirSync(dir, { recursive: true });
  const picture = join(dir, `${name}.png`);
  if (diff.differing > 0) await writeDiffPicture(a, b, picture);
  return { ...diff, picture };
}
