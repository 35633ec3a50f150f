import type { Page } from 'playwright-core';
import { startPageServer } from '../../../deploy/embedded/test/harness.js';
import { accessibilityViolations, screenshot, signUpInBrowser, startDashboardRig, type DashboardRig } from './browser.js';

let rig: DashboardRig;
let page: Page;
let receiver: Awaited<ReturnType<typeof startPageServer>>;
const hits: string[] = [];

beforeAll(async () => {
  rig = await startDashboardRig();
  receiver = await startPageServer({
    '/hook': (req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        hits.push(body);
        res.writeHead(200).end('ok');
      });
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
