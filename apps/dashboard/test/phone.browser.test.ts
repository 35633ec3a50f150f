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
let batchId: string;
const FEED_KEY = 'an_unusually_long_property_name_from_a_shop_feed';
const FEED_IMAGE = 'https://cdn.example.com/images/products/2026/spring/a-very-long-file-name-without-any-breaks.png';

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
    // A shop feed's long key and image address: the binding form's tree must show them whole at this width.
    '/feed.json': (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ product: { [FEED_KEY]: FEED_IMAGE } })),
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

  // Renders and a batch for the tables: two images, a failure (its problem title under the status) and two rows.
  for (const colour of ['#2563eb', '#16a34a']) {
    await post(page.request, '/image', { html: `<body style="margin:0;background:${colour}"></body>`, width: 120, height: 60 });
  }
  const csrf = (await page.context().cookies()).find((c) => c.name === 'pressroom_csrf')!.value;
  const failed = await page.request.post(`${rig.stack.baseUrl}/image`, {
    headers: { 'x-csrf-token': csrf },
    data: { html: '<p>x</p>', selector: '#missing', width: 120, height: 60 },
  });
  expect(failed.status()).toBe(422);
  ({ batchId } = await post(page.request, `/templates/${template.uid}/batch-render`, {
    variableSets: [{ title: 'First row' }, { title: 'Second row' }],
  }));
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

/**
 * What makes a table hard to read at this width: its box (the region around it) or the table itself wider than
 * the screen's share for it (scrolling sideways), a shown cell without its column's label beside the value, or a
 * cell's text off the screen.
 */
async function tableProblems(): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      if (!table.checkVisibility()) continue; // a table this width shows otherwise (the delivery log's cards)
      const name = (table.querySelector('caption')?.textContent ?? 'a table').trim();
      for (const box of [table.closest('[role="region"]'), table]) {
        if (box && box.scrollWidth > box.clientWidth) {
          problems.push(`${name}: ${box.tagName.toLowerCase()} scrolls sideways (${box.scrollWidth} > ${box.clientWidth})`);
        }
      }
      for (const cell of Array.from(table.querySelectorAll<HTMLElement>('tbody td'))) {
        if (getComputedStyle(cell).display === 'none') continue; // a column left out at this width
        const text = cell.innerText.trim();
        const label = getComputedStyle(cell, '::before').content;
        if (label === 'none' || label === 'normal') problems.push(`${name}: "${text.slice(0, 30)}" shown without its column's name`);
        if (!cell.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
          problems.push(`${name}: "${text.slice(0, 30)}" is hidden`);
        const range = document.createRange();
        range.selectNodeContents(cell);
        for (const line of Array.from(range.getClientRects())) {
          if (line.width > 0 && (line.left < 0 || line.right > width + 1)) {
            problems.push(`${name}: "${text.slice(0, 30)}" runs to ${Math.round(line.right)} px`);
            break;
          }
        }
      }
    }
    return problems.slice(0, 10);
  });
}

const menuButton = () => page.getByRole('banner').getByRole('button', { name: 'Menu' });
const mainNav = () => page.getByRole('navigation', { name: 'Main' });

/**
 * The page's heading is on the screen as it opens (nothing scrolled), below the compact header naming the page by
 * its navigation entry (`navEntry`, the heading itself on most pages).
 */
async function expectHeadingOnFirstScreen(heading: string, navEntry = heading): Promise<void> {
  const h1 = page.getByRole('heading', { name: heading, level: 1 });
  await h1.waitFor();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = (await h1.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  expect(await mainNav().isVisible()).toBe(false);
  expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
  expect(await page.getByRole('banner').getByText(navEntry, { exact: true }).isVisible()).toBe(true);
}

/** Waits for keyboard focus to be on the page's h1 named `heading` (a link of the same name does not count). */
async function expectFocusOnHeading(heading: string): Promise<void> {
  await eventually(
    async () => (await page.evaluate(() => document.activeElement?.tagName)) === 'H1' && (await focusedName(page)) === heading,
    `focus on the heading ${heading}`,
  );
}

/**
 * Opens `path`, waits for `ready`, checks the page and its tables at this width and axe, and saves the screenshot
 * `shot` (when named). `navEntry`: the page's name in the header when it differs from its heading.
 */
async function checkPage(path: string, heading: string, ready: () => Promise<void>, shot?: string, navEntry = heading): Promise<void> {
  await page.goto(rig.url(path));
  await expectHeadingOnFirstScreen(heading, navEntry);
  await ready();
  expect(await phoneProblems()).toEqual([]);
  expect(await tableProblems()).toEqual([]);
  expect(await accessibilityViolations(page)).toEqual([]);
  if (shot) await screenshot(page, shot);
}

test('webhooks list and delivery log at 390 px', async () => {
  await checkPage(
    'settings/webhooks',
    'Webhooks',
    async () => {
      const card = page.getByRole('listitem', { name: /A render finished to / });
      await card.getByText('type = image', { exact: false }).waitFor();
      await card.getByRole('button', { name: 'Show deliveries' }).click();
      // Below the md breakpoint the log is a list of cards, each delivery's facts on short lines.
      const log = card.getByRole('list', { name: /Deliveries of/ });
      await log
        .getByText(/Delivered · HTTP 200 · attempt 1/)
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

test('bindings at 390 px: the fetched JSON wraps a long key and value inside its box, and the value maps with a tap', async () => {
  await page.goto(rig.url('bindings'));
  await expectHeadingOnFirstScreen('Bindings');
  const form = page.getByRole('form', { name: 'New binding' });
  await form.getByRole('textbox', { name: 'Data source URL' }).fill(receiver.url('/feed.json'));
  await form.getByRole('button', { name: 'Test data source' }).click();
  const tree = form.getByRole('region', { name: 'Fetched JSON' });
  const value = tree.getByRole('button', { name: `Map product.${FEED_KEY}: "${FEED_IMAGE}"` });
  await value.waitFor();
  // Nothing to scroll sideways to: the box holds the key and the whole address, wrapped.
  expect(await tree.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const [box, shown, key] = [
    (await tree.boundingBox())!,
    (await value.boundingBox())!,
    (await tree.getByText(`${FEED_KEY}:`, { exact: true }).boundingBox())!,
  ];
  expect(shown.x + shown.width).toBeLessThanOrEqual(box.x + box.width);
  expect(key.x + key.width).toBeLessThanOrEqual(box.x + box.width);
  expect(await phoneProblems()).toEqual([]);
  await value.click();
  expect(await form.getByRole('list', { name: 'Mapping' }).textContent()).toContain(`title ← product.${FEED_KEY}`);
  expect(await accessibilityViolations(page)).toEqual([]);
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

// Below a 36rem box every kit table shows each row as stacked "column: value" lines (src/kit/table.tsx): nothing
// scrolls sideways, every shown value is on the screen beside its column's name, and it is still one table for
// assistive tech (its column headers visually hidden, not removed).

test('renders list at 390 px: each render stacked under its column names, still a table for assistive tech', async () => {
  await checkPage(
    'renders',
    'Renders',
    async () => {
      const table = page.getByRole('table', { name: 'Renders, newest first' });
      await table.getByText('Selector Not Found').waitFor();
      expect(await table.getByRole('link', { name: /^img_/ }).count()).toBeGreaterThanOrEqual(3);
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Preview', 'Render', 'Status', 'Created', 'Time', 'File']);
      // The failure: its status and problem title, its date and its missing file, each readable on the screen.
      const failure = table.getByRole('row').filter({ hasText: 'Selector Not Found' });
      expect(await failure.getByText('Selector Not Found').isVisible()).toBe(true);
      const cells = failure.getByRole('cell');
      expect(await cells.count()).toBe(6);
      expect(await cells.nth(3).innerText()).toMatch(/\d/);
      expect(await cells.nth(3).isVisible()).toBe(true);
      // A finished render's download link, its long name wrapped inside the screen.
      expect(
        await table
          .getByRole('link', { name: /^Download img_/ })
          .first()
          .isVisible(),
      ).toBe(true);
    },
    'phone-renders',
  );
});

test('batches at 390 px: the rows to render, the recent batches and a batch’s results, stacked', async () => {
  await checkPage(
    'batches',
    'Batches',
    async () => {
      const recent = page.getByRole('table', { name: 'Recent batches, newest first' });
      await eventually(async () => (await recent.getByText('2 of 2 done, 0 failed').count()) === 1, 'the batch completed in the list');
      expect(await recent.getByText('Phone card', { exact: true }).isVisible()).toBe(true);
      expect(await recent.getByText('Completed', { exact: true }).isVisible()).toBe(true);
      // The batch's own page (its address keeps it), then back to the form.
      await recent.getByRole('link', { name: batchId }).click();
      const results = page.getByRole('table', { name: 'Results' });
      await results.getByRole('link', { name: 'Row 2 file' }).waitFor({ timeout: 30_000 });
      expect(await results.getByRole('cell', { name: 'Done' }).count()).toBe(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.goBack();
      await page.getByRole('combobox', { name: 'Template' }).waitFor();
      // Pasted rows with long values: the first rows shown, wrapped rather than scrolled.
      await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Phone card' });
      await page
        .getByRole('textbox', { name: /^Rows/ })
        .fill(
          'title,subtitle\nA rather long title that a phone cannot show on one line,https://example.com/a/very/long/unbroken/address\n',
        );
      const first = page.getByRole('table', { name: 'First rows' });
      expect(await first.getByText('https://example.com/a/very/long/unbroken/address').isVisible()).toBe(true);
      expect(await first.getByRole('cell', { name: 'A rather long title that a phone cannot show on one line' }).count()).toBe(1);
      await page.evaluate(() => window.scrollTo(0, 0));
    },
    'phone-batches',
  );
});

test('overview at 390 px: the recent renders with their status and date on the screen', async () => {
  await checkPage('', 'Overview', async () => {
    const recent = page.getByRole('table', { name: 'Recent renders, newest first' });
    await recent.getByText('Selector Not Found').waitFor();
    // The Created column the table used to cut at the right edge (the previews are left out at this width).
    const created = recent.getByRole('row').nth(1).getByRole('cell').nth(2);
    expect(await created.innerText()).toMatch(/\d/);
    expect(await created.isVisible()).toBe(true);
  });
});

test('instance settings and teams at 390 px: the workspaces, members and invitations tables', async () => {
  await checkPage(
    'settings/instance',
    'Instance settings',
    () =>
      page
        .getByRole('table', { name: 'Workspaces and their plans' })
        .getByRole('button', { name: /^Change plan for / })
        .first()
        .waitFor(),
    undefined,
    'Instance',
  );
  const team = await post(page.request, '/teams', { name: 'Phone desk' });
  await post(page.request, `/teams/${team.id}/invites`, { email: 'a-colleague-with-a-long-address@example.com', role: 'member' });
  await checkPage('settings/teams', 'Teams', async () => {
    await page.getByRole('table', { name: /^Members of Phone desk/ }).waitFor();
    const invites = page.getByRole('table', { name: /^Pending invitations to Phone desk/ });
    expect(await invites.getByText('a-colleague-with-a-long-address@example.com').isVisible()).toBe(true);
  });
});

test('video templates at 390 px', async () => {
  await post(page.request, '/video/templates', {
    name: 'A phone-sized sting with a rather long name',
    tsx: `import { AbsoluteFill } from 'remotion';

export const meta = { width: 160, height: 90, fps: 10, durationInFrames: 10, defaultProps: {} };

export default function Scene() {
  return <AbsoluteFill style={{ backgroundColor: '#d02020' }} />;
}
`,
  });
  await checkPage(
    'video',
    'Video templates',
    async () => {
      const list = page.getByRole('table', { name: 'Video templates' });
      await list.getByRole('link', { name: 'A phone-sized sting with a rather long name' }).waitFor();
      expect(await list.getByRole('button', { name: 'Delete A phone-sized sting with a rather long name' }).isVisible()).toBe(true);
    },
    undefined,
    'Video',
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
