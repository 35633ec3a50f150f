import type { APIRequestContext, Page } from 'playwright-core';
import { startPageServer } from '../../../deploy/embedded/test/harness.js';
import { accessibilityViolations, PHONE, screenshot, signUpInBrowser, startDashboardRig, type DashboardRig } from './browser.js';

// The read-only pages at a 390 px phone width: no sideways scrolling of the page or of any box in it,
// nothing cut off at the right edge, text no smaller than 12 px, and axe still clean.

let rig: DashboardRig;
let page: Page;
let receiver: Awaited<ReturnType<typeof startPageServer>>;

/** A state-changing call with the page's session, as the dashboard makes it (CSRF token echoed). */
async function post(request: APIRequestContext, path: string, data: unknown): Promise<Record<string, any>> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'pressroom_csrf')!.value;
  const res = await request.post(`${rig.stack.baseUrl}${path}`, { headers: { 'x-csrf-token': csrf }, data });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Record<string, any>;
}

beforeAll(async () => {
  rig = await startDashboardRig();
  receiver = await startPageServer({
    '/a/rather/long/path/for/the/webhook/receiver/of/this/test': (req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
    },
    '/data.json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ title: 'Hi' })),
  });
  page = await (await rig.newContext(PHONE)).newPage();
  await signUpInBrowser(page, rig, { email: 'phone-user-with-a-long-address@example.com', password: 'phone passphrase' });
  await page.getByRole('heading', { name: 'Overview' }).waitFor();

  // Something on every page: a key, a webhook with a delivery, a binding.
  await post(page.request, '/account/keys', { name: 'Mobile app production key' });
  const { subscription } = await post(page.request, '/webhook-subscriptions', {
    event: 'render.completed',
    targetUrl: receiver.url('/a/rather/long/path/for/the/webhook/receiver/of/this/test'),
    filters: { type: 'image' },
  });
  await post(page.request, `/webhook-subscriptions/${subscription.uid}/test`, {});
  const { template } = await post(page.request, '/templates', {
    name: 'Phone card',
    html: '<h1>{{ title }}</h1>',
    width: 200,
    height: 100,
  });
  await post(page.request, '/bindings', {
    name: 'Phone binding',
    templateId: template.uid,
    dataSource: { url: receiver.url('/data.json') },
    mapping: { title: 'title' },
  });
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await rig?.dispose();
});

/** What makes the page hard to read at this width, described for a failure message. */
async function phoneProblems(): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    const describe = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of Array.from(document.querySelectorAll('main *'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('.sr-only')) continue;
      if (box.right > root.clientWidth + 1) problems.push(`${describe(el)} ends at ${Math.round(box.right)} px`);
      const style = getComputedStyle(el);
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${describe(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
      }
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      if (ownText && parseFloat(style.fontSize) < 12) problems.push(`${describe(el)} is set in ${style.fontSize}`);
    }
    return problems.slice(0, 10);
  });
}

async function checkPage(path: string, heading: string, ready: () => Promise<void>, shot: string): Promise<void> {
  await page.goto(rig.url(path));
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await ready();
  expect(await phoneProblems()).toEqual([]);
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, shot);
}

test('webhooks list and delivery log at 390 px', async () => {
  await checkPage(
    'settings/webhooks',
    'Webhooks',
    async () => {
      const card = page.getByRole('listitem', { name: /render\.completed to / });
      await card.getByText('type = image', { exact: false }).waitFor();
      await card.getByRole('button', { name: 'Show deliveries' }).click();
      // Below the md breakpoint the log is a list of cards, each delivery's facts on short lines.
      const log = card.getByRole('list', { name: /Deliveries of/ });
      await log
        .getByText(/delivered · HTTP 200 · attempt 1/)
        .first()
        .waitFor({ timeout: 20_000 });
      await log
        .getByRole('button', { name: /^Redeliver / })
        .first()
        .waitFor();
    },
    'phone-webhooks',
  );
});

test('bindings list at 390 px', async () => {
  await checkPage('bindings', 'Bindings', () => page.getByRole('article', { name: 'Phone binding' }).waitFor(), 'phone-bindings');
});

test('usage at 390 px', async () => {
  await checkPage(
    'settings/usage',
    'Usage and plan',
    () => page.getByRole('progressbar', { name: 'Render credits' }).waitFor(),
    'phone-usage',
  );
});

test('API keys list at 390 px', async () => {
  await checkPage(
    'settings/api-keys',
    'API keys',
    () => page.getByRole('row', { name: /Mobile app production key/ }).waitFor(),
    'phone-api-keys',
  );
});
