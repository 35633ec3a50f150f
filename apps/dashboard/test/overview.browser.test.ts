import type { Page } from 'playwright-core';
import { startPageServer } from '../../../deploy/embedded/test/harness.js';
import {
  accessibilityViolations,
  DESKTOP,
  eventually,
  PHONE,
  screenshot,
  sessionRequest,
  signUpInBrowser,
  startDashboardRig,
  type DashboardRig,
} from './browser.js';

let rig: DashboardRig;
let page: Page;
/** Answers 404 to everything: a webhook target and a data source that both fail. */
let broken: Awaited<ReturnType<typeof startPageServer>>;
/** The page's console warnings and errors once signed in (React Router's, React's, failed requests). */
const consoleNoise: string[] = [];

beforeAll(async () => {
  // One retry 300 ms after the first attempt: a failing webhook is disabled in about a second. Sign-up is open: the
  // design path's test signs up a workspace of its own.
  rig = await startDashboardRig({
    dashboard: { signupMode: 'open' },
    stack: { webhooks: { retryScheduleMs: [300], pollMs: 200 } },
  });
  broken = await startPageServer({});
  page = await (await rig.newContext()).newPage();
  await signUpInBrowser(page, rig, { email: 'first-day@example.com', password: 'first day passphrase', name: 'Dana First' });
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') consoleNoise.push(`${message.type()}: ${message.text()}`);
  });
}, 120_000);

afterAll(async () => {
  await broken?.close();
  await rig?.dispose();
});

const main = () => page.getByRole('main');
const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const gettingStarted = () => main().getByRole('region', { name: 'Get started' });
/** The two ways to start inside it: designing in the dashboard, and calling the API. */
const designPath = () => gettingStarted().getByRole('region', { name: 'Design in the dashboard' });
const apiPath = () => gettingStarted().getByRole('region', { name: 'Call the API' });
const needsAttention = () => main().getByRole('region', { name: 'Needs attention' });

/**
 * Loads the overview afresh and waits until the three lists its Needs attention block is made from have answered
 * and the page has drawn them: only then does the block's absence mean that nothing is wrong.
 */
async function loadOverviewChecked(): Promise<void> {
  const answered = [
    (path: string, search: URLSearchParams) => path.endsWith('/renders') && search.get('status') === 'failed',
    (path: string) => path.endsWith('/webhook-subscriptions'),
    (path: string) => path.endsWith('/bindings'),
  ].map((matches) =>
    page.waitForResponse((response) => {
      const url = new URL(response.url());
      return response.request().method() === 'GET' && matches(url.pathname, url.searchParams);
    }),
  );
  await page.goto(rig.url());
  for (const response of await Promise.all(answered)) expect(response.status()).toBe(200);
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  await main().getByRole('progressbar', { name: 'Render credits' }).waitFor();
  // Two frames after the answers: React has drawn what they say.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

async function openOverview(): Promise<void> {
  await nav('Overview').click();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  await main().getByRole('progressbar', { name: 'Render credits' }).waitFor();
}

test('the overview offers a new workspace two ways to start, walks the API one (a key, a render), then shows the renders and the month', async () => {
  // A new workspace: nothing done yet, each step with its way forward. Loaded afresh, as a bookmark would.
  await loadOverviewChecked();
  // Designing comes first, in plain words, and asks for no key; calling the API is the second way.
  expect(await gettingStarted().getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Design in the dashboard', 'Call the API']);
  await designPath().getByText('For designers and marketers: no API key or code needed.').waitFor();
  await designPath().getByText('0 of 2 done').waitFor();
  await apiPath().getByText('0 of 2 done').waitFor();
  expect(await designPath().getByRole('link', { name: 'Create a key' }).count()).toBe(0);
  // Nothing is wrong yet: no Needs attention block, not even an empty one.
  expect(await needsAttention().count()).toBe(0);
  expect(await main().getByText('Needs attention').count()).toBe(0);
  await main().getByText('No renders yet: the playground makes one in a click.').waitFor();
  await main().getByText('0 of 100').waitFor();
  // The header names the person by the name given at sign-up; on hover the whole name (a long one is cut) and the email.
  const who = page.getByRole('banner').getByText('Dana First', { exact: true });
  expect(await who.getAttribute('title')).toBe('Dana First (first-day@example.com)');
  expect(await accessibilityViolations(page)).toEqual([]);
  // (account-and-keys.browser.test.ts writes this state's screenshot, overview.png.)

  // The API's first step, from its own link: a key, shown once.
  await apiPath().getByRole('link', { name: 'Create a key' }).click();
  await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
  await page.getByLabel('Key name').fill('Site generator');
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog');
  const key = await dialog.getByRole('textbox', { name: 'API key' }).inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // No render yet: the history says what will appear there and where to make the first.
  await nav('Renders').click();
  await main()
    .getByText(/^No renders yet\./)
    .waitFor();
  await main().getByRole('link', { name: 'make one in the playground' }).waitFor();
  await main().getByRole('combobox', { name: 'Kind' }).selectOption('pdf');
  await main().getByText('No renders match.').waitFor();

  // Its second step, from its own link: the playground's render. A key does nothing for the design path.
  await openOverview();
  await apiPath().getByText('1 of 2 done').waitFor();
  await apiPath().getByText('1 key in this workspace.').waitFor();
  await designPath().getByText('0 of 2 done').waitFor();
  await apiPath().getByRole('link', { name: 'Open the playground' }).click();
  await page.getByRole('spinbutton', { name: 'Width' }).fill('120');
  await page.getByRole('spinbutton', { name: 'Height' }).fill('60');
  await page.getByRole('button', { name: 'Render' }).click();
  await page.getByRole('img', { name: 'Rendered result' }).waitFor({ timeout: 30_000 });

  // The recent renders show it, with a preview that loads and a link to its page; the month counts its credit.
  await openOverview();
  const recent = main().getByRole('region', { name: 'Recent renders', exact: true });
  const link = recent.getByRole('link', { name: /^img_/ });
  const renderId = (await link.textContent())!;
  // The API path walked to its end (a key, a render): the section steps aside, though no template was made.
  await gettingStarted().waitFor({ state: 'detached' });
  const preview = recent.getByRole('img', { name: `Preview of ${renderId}` });
  await preview.waitFor();
  await page.waitForFunction((img) => (img as HTMLImageElement).complete, await preview.elementHandle());
  expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([120, 60]);
  await main().getByText('1 of 100').waitFor();
  const today = main().getByRole('region', { name: 'This month' });
  expect(await today.getByText('Renders today').locator('xpath=following-sibling::dd[1]').textContent()).toBe('1');
  // The plan by the name the Usage and Instance pages give it, not the API's `free`.
  expect(await today.getByText('Plan', { exact: true }).locator('xpath=following-sibling::dd[1]').textContent()).toMatch(
    /^Free, 60 requests a minute/,
  );
  // The credits renew at the next UTC month's first midnight: said as that UTC date, no time (no "Dec 31" west of UTC).
  const renewal = await page.evaluate(() => {
    const now = new Date();
    const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    return new Date(next).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  });
  expect(await today.getByText('Credits renew').locator('xpath=following-sibling::dd[1]').textContent()).toBe(`${renewal} (UTC)`);

  // No template yet: the list says how to make one instead of an empty page with a pager of one page.
  await nav('Templates').click();
  const none = main().getByRole('heading', { name: 'No templates yet' });
  await none.waitFor();
  expect(await main().getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
  await main().getByRole('link', { name: 'Start from scratch' }).waitFor();
  // Nothing to search, sort or filter yet: those come with the first template.
  expect(await main().getByRole('searchbox', { name: 'Search by name' }).count()).toBe(0);
  expect(await main().getByRole('combobox').count()).toBe(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await main().getByRole('link', { name: 'Start from the gallery' }).click();
  await page.getByRole('heading', { name: 'Starter gallery', level: 1 }).waitFor();
  await openOverview();

  // A template through the API with the key made above (the dashboard reads the same lists).
  const created = await fetch(`${rig.origin}/templates`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Welcome card', html: '<h1>{{title}}</h1>', width: 600, height: 315 }),
  });
  expect(created.status).toBe(200);
  await page.reload();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  await recent.getByRole('link', { name: renderId }).waitFor();
  expect(await gettingStarted().count()).toBe(0);
  // The starter gallery's thumbnails rendered since are previews: counted nowhere, charged nothing.
  expect(await today.getByText('Renders today').locator('xpath=following-sibling::dd[1]').textContent()).toBe('1');
  await screenshot(page, 'overview-in-use');

  await link.click();
  await page.getByRole('heading', { name: new RegExp(renderId) }).waitFor();

  // The API's reference is one click from anywhere in the dashboard.
  const reference = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API reference' });
  expect(await reference.getAttribute('href')).toBe('/docs');
  const openapi = await fetch(`${rig.origin}${await page.getByRole('link', { name: 'OpenAPI document' }).getAttribute('href')}`);
  expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  await reference.click();
  await page.waitForURL(/\/docs$/);
  await page.goBack();
  await page.getByRole('heading', { name: new RegExp(renderId) }).waitFor();

  // At 390 px the overview fits the screen.
  await page.setViewportSize(PHONE);
  // Below md the navigation waits behind the header's Menu button.
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await openOverview();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  expect(consoleNoise).toEqual([]);
});

test('the overview says what needs attention (failed renders, a disabled webhook, a binding in error), each line leading to its fix', async () => {
  const call = async (method: 'GET' | 'POST', path: string, data?: unknown) => {
    const response = await sessionRequest(page.context(), rig.stack.baseUrl, { method, path, data });
    return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
  };
  // A failed render: its selector matches nothing.
  expect((await call('POST', '/image', { html: '<p>x</p>', selector: '#missing', width: 120, height: 60 })).status).toBe(422);
  const failedId = ((await call('GET', '/renders?status=failed')).body as { items: { id: string }[] }).items[0]!.id;

  // A webhook whose endpoint answers 404 to a test event and its retry: the dispatcher disables it.
  const hook = await call('POST', '/webhook-subscriptions', { event: 'render.completed', targetUrl: broken.url('/hook') });
  expect(hook.status).toBe(201);
  const hookUid = (hook.body as { subscription: { uid: string } }).subscription.uid;
  expect((await call('POST', `/webhook-subscriptions/${hookUid}/test`)).status).toBe(202);
  const hookStatus = async () =>
    ((await call('GET', `/webhook-subscriptions/${hookUid}`)).body as { subscription: { status: string } }).subscription.status;
  await eventually(async () => (await hookStatus()) === 'failed', 'the webhook disabled', 60_000);

  // A binding whose data source answers 404: its first refresh, at creation, fails.
  const template = await call('POST', '/templates', { name: 'Private template', html: '<h1>{{title}}</h1>', width: 200, height: 100 });
  expect(template.status).toBe(200);
  const made = await call('POST', '/bindings', {
    name: 'Private card',
    templateId: (template.body as { template: { uid: string } }).template.uid,
    dataSource: { url: broken.url('/private.json') },
    mapping: { title: 'title' },
    refreshPolicy: { type: 'manual' },
  });
  expect(made.status).toBe(201);
  const bindingUid = (made.body as { binding: { uid: string } }).binding.uid;
  const bindingStatus = async () => ((await call('GET', `/bindings/${bindingUid}`)).body as { binding: { status: string } }).binding.status;
  await eventually(async () => (await bindingStatus()) === 'error', 'the binding in error', 60_000);

  // The block heads the overview, one line per kind of problem, each with its way to the fix.
  await loadOverviewChecked();
  const lines = needsAttention().getByRole('listitem');
  const texts = await lines.allTextContents();
  expect(texts.slice(0, 2)).toEqual([
    '1 render failed in the last 24 hours. See the failed renders and why',
    `The webhook “A render finished” to ${broken.url('/hook')} is disabled: events are not sent to it. Open Webhooks`,
  ]);
  // The scheduler's reason, as the binding's card shows it.
  expect(texts[2]).toMatch(/^Binding Private card could not refresh: The data source answered HTTP 404( Not Found)?\. Open Bindings$/);
  expect(texts).toHaveLength(3);
  expect(await accessibilityViolations(page)).toEqual([]);
  // At 390 px a long webhook address wraps inside the block.
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'overview-needs-attention');

  // The renders line opens the list with failed renders chosen, showing the failure.
  await needsAttention().getByRole('link', { name: 'See the failed renders and why' }).click();
  await page.getByRole('heading', { name: 'Renders', level: 1 }).waitFor();
  expect(new URL(page.url()).searchParams.get('status')).toBe('failed');
  expect(await main().getByRole('combobox', { name: 'Status' }).inputValue()).toBe('failed');
  const table = main().getByRole('table', { name: 'Renders, newest first' });
  await table.getByRole('link', { name: failedId, exact: true }).waitFor();
  expect(await table.getByRole('link', { name: /^(img|gif|pdf|vid)_/ }).allTextContents()).toEqual([failedId]);

  // The webhook's line opens the Webhooks page, where the disabled card offers Re-enable.
  await page.goBack();
  await needsAttention().getByRole('link', { name: 'Open Webhooks' }).click();
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  const card = main().getByRole('listitem', { name: `A render finished to ${broken.url('/hook')}` });
  await card.getByRole('button', { name: `Re-enable A render finished to ${broken.url('/hook')}` }).waitFor();

  // The binding's line opens the Bindings page, where its card says why it failed.
  await page.goBack();
  await needsAttention().getByRole('link', { name: 'Open Bindings' }).click();
  await page.getByRole('heading', { name: 'Bindings', level: 1 }).waitFor();
  await main().getByRole('article', { name: 'Private card' }).getByText('Status: error').waitFor();
  expect(consoleNoise).toEqual([]);
}, 180_000);

test('the design path needs no API key: a template made and rendered in the dashboard, and the Overview steps aside', async () => {
  // A workspace of its own, as a designer who signs up and never makes a key.
  const designer = await (await rig.newContext()).newPage();
  await signUpInBrowser(designer, rig, { email: 'designer@example.com', password: 'designer passphrase' });
  await designer.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  const start = designer.getByRole('main').getByRole('region', { name: 'Get started' });
  const design = start.getByRole('region', { name: 'Design in the dashboard' });
  await design.getByText('0 of 2 done').waitFor();
  await design.getByRole('link', { name: 'start from scratch' }).click();
  await designer.getByRole('img', { name: 'Live preview' }).waitFor({ timeout: 20_000 });
  await designer.getByLabel(/^title/).fill('Spring sale');
  await designer.getByRole('button', { name: 'Create template' }).click();
  await designer.waitForURL(/\/templates\/tpl_/);

  // The editor's way to an image is Render; the API's code waits behind a secondary "Show the code".
  const api = designer.getByRole('region', { name: 'Use via API' });
  await api.getByText('Show the code').waitFor();
  expect(await api.getByRole('figure').count()).toBe(0);
  const render = designer.getByRole('region', { name: 'Render', exact: true });
  await render.getByRole('button', { name: 'Render', exact: true }).click();
  await render.getByRole('img', { name: 'Rendered result' }).waitFor({ timeout: 30_000 });
  await api.getByText('Show the code').click();
  await api.getByRole('figure').filter({ hasText: 'curl' }).waitFor();
  await api.getByText('Hide the code').waitFor();
  expect(await accessibilityViolations(designer)).toEqual([]);

  // Back on the Overview: the render is there and the getting-started section has stepped aside, with no key made.
  await designer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
  await designer
    .getByRole('main')
    .getByRole('region', { name: 'Recent renders', exact: true })
    .getByRole('link', { name: /^img_/ })
    .waitFor();
  // Once the template list is read again (the cached one, from before, had none).
  await start.waitFor({ state: 'detached' });
  const keys = await sessionRequest(designer.context(), rig.stack.baseUrl, { method: 'GET', path: '/account/keys' });
  expect(((await keys.json()) as { items: unknown[] }).items).toEqual([]);
  await designer.close();
});

test('renders today say which were free and why: a failed render and a binding refresh beside a charged one add up to the total, on the Overview and Usage', async () => {
  // A workspace of its own, so the counts are this test's alone.
  const counter = await (await rig.newContext()).newPage();
  await signUpInBrowser(counter, rig, { email: 'counter@example.com', password: 'counter passphrase' });
  await counter.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  const source = await startPageServer({
    '/card.json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ title: 'Fresh' })),
  });
  try {
    const call = async (method: 'GET' | 'POST', path: string, data?: unknown) => {
      const response = await sessionRequest(counter.context(), rig.stack.baseUrl, { method, path, data });
      return { status: response.status(), body: (await response.json()) as Record<string, any> };
    };
    // A render that is charged, one that fails (its selector matches nothing) and a binding's first refresh, at creation.
    expect((await call('POST', '/image', { html: '<p>charged</p>', width: 120, height: 60 })).status).toBe(200);
    expect((await call('POST', '/image', { html: '<p>x</p>', selector: '#missing', width: 120, height: 60 })).status).toBe(422);
    const template = await call('POST', '/templates', { name: 'Fresh card', html: '<h1>{{title}}</h1>', width: 200, height: 100 });
    expect(template.status).toBe(200);
    const made = await call('POST', '/bindings', {
      name: 'Fresh card',
      templateId: template.body.template.uid,
      dataSource: { url: source.url('/card.json') },
      mapping: { title: 'title' },
      refreshPolicy: { type: 'manual' },
    });
    expect(made.status).toBe(201);
    const bindingUid = made.body.binding.uid as string;
    await eventually(
      async () => (await call('GET', `/bindings/${bindingUid}`)).body.binding.lastSuccessAt !== null,
      'the binding refresh rendered',
      60_000,
    );

    await counter.goto(rig.url());
    const month = counter.getByRole('main').getByRole('region', { name: 'This month' });
    const credits = month.getByRole('progressbar', { name: 'Render credits' });
    await credits.waitFor();
    const today = month.getByText('Renders today').locator('xpath=following-sibling::dd[1]');
    await eventually(async () => (await today.textContent()) === '3 (1 failed and 1 binding refresh, not charged)', 'the sentence');
    // Charged + free = total: one credit used, for the one render that was neither failed nor a binding refresh.
    expect(await credits.getAttribute('value')).toBe('1');
    await month.getByText('1 of 100').waitFor();
    const usage = (await call('GET', '/usage?days=1')).body;
    expect(usage.perDay[0]).toMatchObject({ image: 3, failed: 1, bindingRefreshes: 1, aiScreenshots: 0 });
    expect(usage.renders).toEqual({ total: 3, charged: 1, failed: 1, bindingRefreshes: 1, aiScreenshots: 0 });
    expect(await accessibilityViolations(counter)).toEqual([]);

    // Usage and plan: the legend names both kinds of free render and the charged ones, which add up to the total.
    await counter.goto(rig.url('settings/usage'));
    const chart = counter.getByRole('img', {
      name: /^Renders per day over 30 days \(.+ to today, so far\): 3 in all: 1 charged, 1 failed, 1 binding refresh$/,
    });
    await chart.waitFor();
    const todaysBar = await chart.evaluate((svg) => ({
      title: svg.querySelector('g:last-of-type > title')?.textContent,
      striped: svg.querySelector('g:last-of-type > rect[data-failed]')?.getAttribute('data-failed'),
      dotted: svg.querySelector('g:last-of-type > rect[data-binding-refreshes]')?.getAttribute('data-binding-refreshes'),
    }));
    expect(todaysBar).toEqual({
      title: expect.stringMatching(/^Today, so far \(.+\): 3 renders: 1 charged, 1 failed, 1 binding refresh \(3 images\)$/),
      striped: '1',
      dotted: '1',
    });
    await counter.getByText('Failed, not charged: 1', { exact: true }).waitFor();
    await counter.getByText('Binding refreshes, not charged: 1', { exact: true }).waitFor();
    await counter.getByText('Charged: 1', { exact: true }).waitFor();
    expect(await counter.getByText(/AI screenshots/).count()).toBe(0);
    expect(await counter.getByRole('progressbar', { name: 'Render credits' }).getAttribute('value')).toBe('1');
    expect(await accessibilityViolations(counter)).toEqual([]);
  } finally {
    await source.close();
    await counter.context().close();
  }
}, 180_000);
