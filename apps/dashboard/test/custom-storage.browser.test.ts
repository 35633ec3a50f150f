import type { Page } from 'playwright-core';
import { startTestS3Server, TEST_S3_CREDENTIALS, type TestS3Server } from '@pressroom/testing/s3';
import { ALLOWED_HOST, decode } from '../../../deploy/embedded/test/harness.js';
import {
  accessibilityViolations,
  expectFocusOn,
  screenshot,
  signUpInBrowser,
  startDashboardRig,
  walkWithKeyboard,
  type DashboardRig,
} from './browser.js';

// Settings → Storage against a real S3-protocol server (s3rver): a refused test write shows the store's reason
// beside the field to fix, working settings are saved (the secret never comes back), and a render made from
// the dashboard is copied there, its userStorageUrl shown in the render's detail.

let rig: DashboardRig;
let page: Page;
let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startTestS3Server({ buckets: ['customer'] });
  rig = await startDashboardRig({
    // The local S3 server listens on 127.0.0.1: the instance's allow-list admits it, as an operator would for MinIO.
    stack: { allowPrivateHosts: [`${ALLOWED_HOST}/32`, '127.0.0.1/32'], secretKey: 'custom-storage-browser-key-0123456789' },
  });
  page = await (await rig.newContext()).newPage();
  await signUpInBrowser(page, rig, { email: 'storage@example.com', password: 'storage passphrase' });
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
  await s3?.close();
});

/** The text of what a field's aria-describedby points at: its hint and the API's message beside it. */
const descriptionOf = (label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
const invalid = async (label: string) => (await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid')) === 'true';

test('set up with the keyboard: a refused test write is explained beside its field, then saved; a render is copied there', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Storage', exact: true }).click();
  await page.getByRole('heading', { name: 'Custom storage', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Set up storage' }).waitFor();
  await page.getByLabel('Endpoint').focus();

  // Keyboard only, in reading order; the region keeps its default, Space ticks path-style, Enter submits.
  const steps = [
    { name: 'Endpoint', type: s3.endpoint },
    { name: 'Region' },
    { name: 'Bucket', type: 'customer' },
    { name: 'Path-style URLs', type: ' ' },
    { name: 'Key prefix', type: 'pressroom/' },
    { name: 'Public base URL' },
    { name: 'Access key ID', type: TEST_S3_CREDENTIALS.accessKeyId },
    { name: 'Secret access key', type: 'not-the-secret' },
    { name: 'Test and save' },
  ];
  expect(await walkWithKeyboard(page, steps)).toEqual(steps.map((s) => s.name));
  expect(await page.getByLabel('Path-style URLs').isChecked()).toBe(true);
  await page.keyboard.press('Enter');

  // The store refused the signature: the reason sits beside the secret, and nothing was saved.
  await page.getByRole('alert').filter({ hasText: 'The settings were not saved' }).waitFor();
  expect(await invalid('Secret access key')).toBe(true);
  expect(await descriptionOf('Secret access key')).toMatch(/SignatureDoesNotMatch \(HTTP 403\)/);
  expect(await invalid('Bucket')).toBe(false);
  expect(await accessibilityViolations(page)).toEqual([]);

  // A missing bucket is the bucket's fault.
  await page.getByLabel('Secret access key').fill(TEST_S3_CREDENTIALS.secretAccessKey);
  await page.getByLabel('Bucket').fill('no-such-bucket');
  await page.getByRole('button', { name: 'Test and save' }).click();
  await page.getByRole('alert').filter({ hasText: 'NoSuchBucket' }).first().waitFor();
  expect(await invalid('Bucket')).toBe(true);
  expect(await descriptionOf('Bucket')).toMatch(/NoSuchBucket/);
  expect(await invalid('Secret access key')).toBe(false);
  expect((await page.request.get(`${rig.origin}/custom-storage`)).status()).toBe(404);

  await page.getByLabel('Bucket').fill('customer');
  await page.getByLabel('Bucket').press('Enter');
  await page.getByRole('status').filter({ hasText: 'The test write to customer worked' }).waitFor();
  // The form was replaced by the saved one: focus is on the confirmation, not lost to the page.
  expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/The test write to customer worked/);
  const current = page.getByRole('region', { name: 'Current storage' });
  expect(await current.textContent()).toContain(s3.endpoint);
  expect(await current.textContent()).toContain('saved, hidden');
  // Write-only: the form never gets the secret back, after the save nor after a reload.
  expect(await page.getByLabel('Secret access key').inputValue()).toBe('');
  await page.reload();
  await page.getByRole('heading', { name: 'Change storage' }).waitFor();
  expect(await page.getByLabel('Bucket').inputValue()).toBe('customer');
  expect(await page.getByLabel('Secret access key').inputValue()).toBe('');
  const saved = (await (await page.request.get(`${rig.origin}/custom-storage`)).json()) as { customStorage: Record<string, unknown> };
  expect(saved.customStorage.secretAccessKey).toBe('********');
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'custom-storage');

  // A render from the playground is copied to the bucket; its detail in the history links the copy.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playground' }).click();
  await page.getByRole('spinbutton', { name: 'Width' }).fill('64');
  await page.getByRole('spinbutton', { name: 'Height' }).fill('64');
  await page.getByRole('button', { name: 'Render' }).click();
  // The copy is part of the render: each S3 request may take its 10 s and a failed one is retried once, so on a
  // loaded machine (CI runs two suites at once) the answer can come after 20 s.
  await page.getByRole('img', { name: 'Rendered result' }).waitFor({ timeout: 60_000 });
  await page.goto(rig.url('renders'));
  const first = page.getByRole('table', { name: 'Renders, newest first' }).getByRole('link', { name: /^img_/ }).first();
  const id = (await first.textContent())!;
  await first.click();
  await page.getByRole('heading', { name: `Render ${id}` }).waitFor();
  const copy = page.getByRole('region', { name: 'Custom storage' }).getByRole('link');
  const userStorageUrl = (await copy.getAttribute('href'))!;
  expect(userStorageUrl).toMatch(new RegExp(`^${s3.endpoint}/customer/pressroom/renders/${id}\\.\\w+$`));
  // The copy itself, read back from the bucket (s3rver serves unsigned reads): the 64×64 render.
  const copied = await decode(userStorageUrl);
  expect([copied.width, copied.height]).toEqual([64, 64]);
  expect(await accessibilityViolations(page)).toEqual([]);
}, 120_000);

test("a team has its own storage: the team workspace starts without one, and the personal one's is still there", async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
  await page.getByRole('textbox', { name: 'Team name' }).fill('Archive');
  await page.getByRole('textbox', { name: 'Team name' }).press('Enter');
  await page.getByRole('heading', { name: /Archive \(you are owner\)/ }).waitFor();

  await page.getByLabel('Workspace').selectOption({ label: 'Archive' });
  await page.goto(rig.url('settings/storage'));
  await page.getByRole('heading', { name: 'Set up storage' }).waitFor();
  expect(await page.getByRole('region', { name: 'Current storage' }).count()).toBe(0);

  await page.getByLabel('Workspace').selectOption({ index: 0 });
  await page.getByRole('heading', { name: 'Change storage' }).waitFor();
  expect(await page.getByRole('region', { name: 'Current storage' }).textContent()).toContain('customer');
});

test('remove: confirmed in a dialog, then the page offers a new setup and the API has none', async () => {
  await page.goto(rig.url('settings/storage'));
  await page.getByRole('button', { name: 'Remove storage' }).click();
  await page.getByRole('alertdialog', { name: 'Remove the custom storage?' }).getByRole('button', { name: 'Remove storage' }).click();
  await page.getByRole('heading', { name: 'Set up storage' }).waitFor();
  expect(await page.getByRole('region', { name: 'Current storage' }).count()).toBe(0);
  expect((await page.request.get(`${rig.origin}/custom-storage`)).status()).toBe(404);
});

test('a one-letter bucket: the bucket rule stands beside the Bucket field, once, and the banner points at one field', async () => {
  const rule = 'bucket is 3–63 lower-case letters, digits, dots and dashes (S3 bucket naming).';
  await page.goto(rig.url('settings/storage'));
  const form = page.getByRole('form', { name: 'Custom storage settings' });
  await form.waitFor();
  await page.getByLabel('Endpoint').fill(s3.endpoint);
  await page.getByLabel('Access key ID').fill(TEST_S3_CREDENTIALS.accessKeyId);
  await page.getByLabel('Secret access key').fill(TEST_S3_CREDENTIALS.secretAccessKey);
  await page.getByLabel('Bucket').fill('');
  await page.getByLabel('Bucket').pressSequentially('b');
  await page.getByLabel('Bucket').press('Enter');

  // The API refuses "b" twice (too short, not a bucket name), both times with the rule: one field, one sentence.
  await form.getByRole('alert').waitFor();
  await expectFocusOn(page, 'Bucket');
  expect(await form.getByRole('alert').textContent()).toBe('Check the highlighted field.');
  expect(await invalid('Bucket')).toBe(true);
  expect(await descriptionOf('Bucket')).toContain(rule);
  expect(await descriptionOf('Bucket')).not.toMatch(/at least 3 characters/);
  expect((await form.textContent())!.split(rule).length).toBe(2); // shown exactly once
  expect(await invalid('Region')).toBe(false);
  expect(await invalid('Secret access key')).toBe(false);
  expect((await page.request.get(`${rig.origin}/custom-storage`)).status()).toBe(404);
  expect(await accessibilityViolations(page)).toEqual([]);
});
