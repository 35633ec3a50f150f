import type { APIRequestContext, Page } from 'playwright-core';
import { startPageServer } from '../../../deploy/embedded/test/harness.js';
import {
  accessibilityViolations,
  eventually,
  focusedName,
  PHONE,
  screenshot,
  signUpInBrowser,
  startDashboardRig,
  type DashboardRig,
} from './browser.js';

// The read-only pages at a 390 px phone width: no sideways scrolling of the page or of any box in it,
// nothing cut off at the right edge, text no smaller than 12 px, and axe still clean. The navigation waits behind
// the compact header's Menu button, so each page's heading is on the first screen.

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

const menuButton = () => page.getByRole('banner').getByRole('button', { name: 'Menu' });
const mainNav = () => page.getByRole('navigation', { name: 'Main' });

/** The page's heading is on the screen as it opens (nothing scrolled), below the compact header naming the page. */
async function expectHeadingOnFirstScreen(heading: string): Promise<void> {
  const h1 = page.getByRole('heading', { name: heading, level: 1 });
  await h1.waitFor();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = (await h1.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  expect(await mainNav().isVisible()).toBe(false);
  expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
  expect(await page.getByRole('banner').getByText(heading, { exact: true }).isVisible()).toBe(true);
}

/** Waits for keyboard focus to be on the page's h1 named `heading` (a link of the same name does not count). */
async function expectFocusOnHeading(heading: string): Promise<void> {
  await eventually(
    async () => (await page.evaluate(() => document.activeElement?.tagName)) === 'H1' && (await focusedName(page)) === heading,
    `focus on the heading ${heading}`,
    5_000,
  );
}

async function checkPage(path: string, heading: string, ready: () => Promise<void>, shot: string): Promise<void> {
  await page.goto(rig.url(path));
  await expectHeadingOnFirstScreen(heading);
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

test('the overview and the templates list open with their heading on the first screen', async () => {
  await page.goto(rig.url(''));
  await expectHeadingOnFirstScreen('Overview');
  await page.goto(rig.url('templates'));
  await expectHeadingOnFirstScreen('Templates');
  expect(await phoneProblems()).toEqual([]);
});

test('the Menu button opens and closes the navigation by mouse; a chosen link opens its page and closes the menu', async () => {
  await page.goto(rig.url(''));
  await expectHeadingOnFirstScreen('Overview');
  // What the button opens: the account controls and the navigation, both hidden until then.
  expect((await menuButton().getAttribute('aria-controls'))!.split(' ').sort()).toEqual(['account-controls', 'main-navigation']);
  await menuButton().click();
  expect(await menuButton().getAttribute('aria-expanded')).toBe('true');
  expect(await mainNav().getByRole('link', { name: 'Bindings' }).isVisible()).toBe(true);
  expect(await mainNav().getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
  expect(await page.getByRole('combobox', { name: 'Workspace' }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'phone-menu');

  await menuButton().click();
  expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
  expect(await mainNav().isVisible()).toBe(false);
  expect(await page.getByRole('combobox', { name: 'Workspace' }).isVisible()).toBe(false);

  await menuButton().click();
  await mainNav().getByRole('link', { name: 'Bindings' }).click();
  await page.waitForURL(/\/app\/bindings$/);
  await expectHeadingOnFirstScreen('Bindings');
  await expectFocusOnHeading('Bindings');
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('the menu by keyboard: Enter or Space opens it, Tab walks into it, Escape closes it back to the button, Enter on a link opens the page', async () => {
  await page.goto(rig.url('settings/usage'));
  await expectHeadingOnFirstScreen('Usage and plan');
  // From the top of the page: the skip link, then Menu (the header's only control while it is closed).
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Skip to content');
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Menu');
  await page.keyboard.press('Enter');
  expect(await menuButton().getAttribute('aria-expanded')).toBe('true');
  // The next stop is the first thing the menu shows.
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Workspace');
  await page.keyboard.press('Escape');
  expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
  expect(await focusedName(page)).toBe('Menu');
  expect(await mainNav().isVisible()).toBe(false);

  await page.keyboard.press('Space');
  expect(await menuButton().getAttribute('aria-expanded')).toBe('true');
  // Escape from a link deep in the navigation also closes it and gives focus back to Menu.
  for (let i = 0; i < 30 && (await focusedName(page)) !== 'Webhooks'; i++) await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Webhooks');
  await page.keyboard.press('Escape');
  expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
  expect(await focusedName(page)).toBe('Menu');

  await page.keyboard.press('Enter');
  for (let i = 0; i < 30 && (await focusedName(page)) !== 'API keys'; i++) await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('API keys');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/app\/settings\/api-keys$/);
  await expectHeadingOnFirstScreen('API keys');
  await expectFocusOnHeading('API keys');
  // Tab goes on from the heading into the page, not back through the closed menu.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});
