import type { BrowserContext, Page, Response as PageResponse } from 'playwright-core';
import { startTestS3Server, TEST_S3_CREDENTIALS, type TestS3Server } from '@pressroom/testing/s3';
import { ALLOWED_HOST } from '../../../deploy/embedded/test/harness.js';
import { sessionRequest, signUpInBrowser, startDashboardRig, watchConsoleProblems, type DashboardRig } from './browser.js';

// Settings → Signed URLs and Settings → Storage for a workspace with nothing set: the pages ask with ?ifNone=empty
// and get a 200 {configured: false} (ADR 0076), so loading them leaves no failed request and no console error.
// Once both are set, the same pages show them, still without either.

let rig: DashboardRig;
let context: BrowserContext;
let page: Page;
let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startTestS3Server({ buckets: ['quiet-bucket'] });
  rig = await startDashboardRig({
    // The local S3 server listens on 127.0.0.1: the instance's allow-list admits it, as an operator would for MinIO.
    stack: { allowPrivateHosts: [`${ALLOWED_HOST}/32`, '127.0.0.1/32'], secretKey: 'settings-not-set-browser-key-0123456789' },
  });
  context = await rig.newContext();
  page = await context.newPage();
  await signUpInBrowser(page, rig, { email: 'nothing-set@example.com', password: 'nothing set passphrase' });
  await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 30_000 });
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
  await s3?.close();
});

/** The settings pages, what each asks for, and what it shows with nothing set and once set. */
const PAGES = [
  {
    path: 'settings/signed-urls',
    heading: 'Signed URLs',
    asks: '/account/url-signing-secret',
    none: () => page.getByText('This workspace has no URL-signing secret: create one to sign links.'),
    noneAlso: () => page.getByRole('heading', { name: 'Create a secret' }),
    set: () => page.getByRole('heading', { name: 'Current secret' }),
    setAlso: () => page.getByText('0 of 7', { exact: true }),
  },
  {
    path: 'settings/storage',
    heading: 'Custom storage',
    asks: '/custom-storage',
    none: () => page.getByRole('heading', { name: 'Set up storage' }),
    noneAlso: () => page.getByRole('button', { name: 'Test and save' }),
    set: () => page.getByRole('heading', { name: 'Current storage' }),
    setAlso: () => page.getByText('quiet-bucket', { exact: true }),
  },
] as const;

/** Loads a page from scratch, waiting for its answer to `asks` and for what it shows; the problems seen meanwhile. */
async function load(entry: (typeof PAGES)[number], shown: 'none' | 'set'): Promise<{ problems: string[]; answer: PageResponse }> {
  const stop = watchConsoleProblems(page);
  const answer = page.waitForResponse((res) => new URL(res.url()).pathname === entry.asks && res.request().method() === 'GET', {
    timeout: 30_000,
  });
  await page.goto(rig.url(entry.path));
  await page.getByRole('heading', { name: entry.heading, level: 1 }).waitFor({ timeout: 30_000 });
  await (shown === 'none' ? entry.none() : entry.set()).waitFor({ timeout: 30_000 });
  await (shown === 'none' ? entry.noneAlso() : entry.setAlso()).waitFor({ timeout: 30_000 });
  return { answer: await answer, problems: await stop() };
}

test('with nothing set, both settings pages load without a failed request or console error', async () => {
  for (const entry of PAGES) {
    const { answer, problems } = await load(entry, 'none');
    expect({ page: entry.path, problems }).toEqual({ page: entry.path, problems: [] });
    // The page asked the way that answers "none" with a 200, not the API's default 404.
    expect(new URL(answer.url()).searchParams.get('ifNone')).toBe('empty');
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ configured: false });
  }
  // Nothing was refused either: the workspace's refused-requests log is still empty.
  const refused = await sessionRequest(context, rig.stack.baseUrl, { method: 'GET', path: '/account/refused-requests' });
  expect(((await refused.json()) as { items: unknown[] }).items).toEqual([]);
});

test('once both are set, the same pages show them, still without a failed request or console error', async () => {
  const secret = await sessionRequest(context, rig.stack.baseUrl, {
    method: 'POST',
    path: '/account/url-signing-secret',
    data: { maxRenders: 7 },
  });
  expect(secret.status()).toBe(201);
  const storage = await sessionRequest(context, rig.stack.baseUrl, {
    method: 'PUT',
    path: '/custom-storage',
    data: { endpoint: s3.endpoint, bucket: 'quiet-bucket', forcePathStyle: true, ...TEST_S3_CREDENTIALS },
  });
  expect(storage.status()).toBe(200);

  for (const entry of PAGES) {
    const { answer, problems } = await load(entry, 'set');
    expect({ page: entry.path, problems }).toEqual({ page: entry.path, problems: [] });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ configured: true });
  }
  const { id } = (await secret.json()) as { id: string };
  await page.goto(rig.url('settings/signed-urls'));
  await page.getByText(id, { exact: true }).waitFor({ timeout: 30_000 });
  await page.getByRole('heading', { name: 'Rotate the secret' }).waitFor();
});
