import type { Page } from 'playwright-core';
import { startPageServer } from '../../../deploy/embedded/test/harness.js';
import { accessibilityViolations, screenshot, screenshotPath, signUpInBrowser, startDashboardRig, type DashboardRig } from './browser.js';

let rig: DashboardRig;
let page: Page;
let receiver: Awaited<ReturnType<typeof startPageServer>>;
const hits: string[] = [];
/** While true, /flaky answers 500: enough failed attempts trip the disable rule. */
let failing = true;

beforeAll(async () => {
  // One retry 300 ms after the first attempt: a delivery fails for good in about a second.
  rig = await startDashboardRig({ stack: { webhooks: { retryScheduleMs: [300], pollMs: 200 } } });
  receiver = await startPageServer({
    '/hook': (req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        hits.push(body);
        res.writeHead(200).end('ok');
      });
    },
    '/flaky': (req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(failing ? 500 : 200).end(failing ? 'down' : 'ok'));
    },
  });
  page = await (await rig.newContext()).newPage();
  await signUpInBrowser(page, rig, { email: 'hooks@example.com', password: 'webhooks passphrase' });
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await rig?.dispose();
});

test('webhooks: create (secret once), test event, delivery log, redeliver, pause/resume (dashboard only), edit filters', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();

  await page.getByLabel('Event').selectOption('render.completed');
  await page.getByLabel('Render type').selectOption('image');
  await page.getByRole('textbox', { name: 'Target URL' }).fill(receiver.url('/hook'));
  await page.getByRole('textbox', { name: 'Target URL' }).press('Enter');
  const secretField = page.getByRole('dialog').getByRole('textbox', { name: 'Signing secret' });
  await secretField.waitFor();
  expect((await secretField.inputValue()).length).toBeGreaterThan(16);
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

  const card = page.getByRole('listitem', { name: /render\.completed to / });
  await card.getByText('active', { exact: true }).waitFor();
  expect(await card.textContent()).toContain('type = image');

  await card.getByRole('button', { name: 'Send test event' }).click();
  const log = card.getByRole('table', { name: /Deliveries of/ });
  await log.getByRole('cell', { name: '200' }).first().waitFor({ timeout: 20_000 });
  expect(hits.length).toBeGreaterThanOrEqual(1);
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'webhooks');

  await log
    .getByRole('button', { name: /^Redeliver / })
    .first()
    .click();
  await log.getByRole('cell', { name: '200' }).nth(1).waitFor({ timeout: 20_000 });

  await card.getByRole('button', { name: 'Pause' }).click();
  await card.getByText('paused', { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Resume' }).click();
  await card.getByText('active', { exact: true }).waitFor();

  await card.getByRole('button', { name: 'Edit filters' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Render type').selectOption('pdf');
  await dialog.getByRole('button', { name: 'Save filters' }).click();
  await card.getByText(/type = pdf/).waitFor();

  // Delete asks first; Cancel keeps it, then it is gone from the list and from the API.
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: /^Delete the render\.\w+ webhook\?$/ });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  await card.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete webhook' }).click();
  await card.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  await page.getByRole('region', { name: 'Subscriptions' }).waitFor();
  expect(await page.getByText(receiver.url('/hook'), { exact: true }).count()).toBe(0);
});

test('pause is refused to an API key (dashboard only)', async () => {
  const { key } = await rig.stack.newAccount();
  const created = await rig.stack.api('/webhook-subscriptions', {
    key,
    method: 'POST',
    json: { event: 'render.failed', targetUrl: receiver.url('/hook') },
  });
  expect(created.status).toBe(201);
  const { subscription } = (await created.json()) as { subscription: { uid: string } };
  const pause = await rig.stack.api(`/webhook-subscriptions/${subscription.uid}/pause`, { key, method: 'POST' });
  expect(pause.status).toBe(403);
});

test('a subscription disabled after failed deliveries shows why, is re-enabled, and the next delivery succeeds', async () => {
  failing = true;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
  await page.getByLabel('Event').selectOption('batch.completed');
  await page.getByRole('textbox', { name: 'Target URL' }).fill(receiver.url('/flaky'));
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

  const card = page.getByRole('listitem', { name: /^batch\.completed to .*\/flaky$/ });
  await card.getByText('active', { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Send test event' }).click();
  // Both attempts answer 500: the dispatcher disables the subscription; the list shows it without a reload.
  await card.getByText(/failed all 2 attempts \(last: the endpoint answered HTTP 500\)/).waitFor({ timeout: 20_000 });
  expect(await card.textContent()).toMatch(/^failedbatch\.completed/);
  const log = card.getByRole('table', { name: /Deliveries of/ });
  await log.getByRole('cell', { name: '500' }).first().waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await card.screenshot({ path: screenshotPath('webhook-disabled') });

  failing = false;
  await card.getByRole('button', { name: 'Re-enable' }).click();
  await card.getByText('active', { exact: true }).waitFor();
  expect(await card.textContent()).not.toContain('Disabled on');
  await card.getByRole('button', { name: 'Send test event' }).click();
  await log.getByRole('cell', { name: '200' }).first().waitFor({ timeout: 20_000 });
  expect(await card.getByText('active', { exact: true }).count()).toBe(1);
});

test('re-enabling is dashboard only: an API key gets 403 and the subscription stays failed', async () => {
  failing = true;
  const { key } = await rig.stack.newAccount();
  const created = await rig.stack.api('/webhook-subscriptions', {
    key,
    method: 'POST',
    json: { event: 'render.failed', targetUrl: receiver.url('/flaky') },
  });
  const { subscription } = (await created.json()) as { subscription: { uid: string } };
  expect((await rig.stack.api(`/webhook-subscriptions/${subscription.uid}/test`, { key, method: 'POST' })).status).toBe(202);
  const statusOf = async () =>
    ((await (await rig.stack.api(`/webhook-subscriptions/${subscription.uid}`, { key })).json()) as { subscription: { status: string } })
      .subscription.status;
  for (let i = 0; i < 100 && (await statusOf()) !== 'failed'; i++) await new Promise((r) => setTimeout(r, 200));
  expect(await statusOf()).toBe('failed');

  const resume = await rig.stack.api(`/webhook-subscriptions/${subscription.uid}/resume`, { key, method: 'POST' });
  expect(resume.status).toBe(403);
  expect(resume.headers.get('content-type')).toContain('application/problem+json');
  const put = await rig.stack.api(`/webhook-subscriptions/${subscription.uid}`, { key, method: 'PUT', json: { status: 'active' } });
  expect(put.status).toBe(400);
  expect(await statusOf()).toBe('failed');
});
