import type { Page, Request, Response } from 'playwright-core';
import { setOwnerPlan, spendAiCredits } from '@pressroom/db';
import {
  accessibilityViolations,
  expectFocusOn,
  PHONE,
  screenshot,
  sessionRequest,
  signUpInBrowser,
  startDashboardRig,
  type DashboardRig,
} from './browser.js';

let rig: DashboardRig;
let page: Page;

beforeAll(async () => {
  rig = await startDashboardRig();
  page = await (await rig.newContext()).newPage();
  await signUpInBrowser(page, rig, { email: 'usage@example.com', password: 'usage passphrase' });
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}, 120_000);

afterAll(async () => {
  await rig?.dispose();
});

const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

/** Opened afresh (a page load), so it reads the plan as it is now. */
async function openUsage(): Promise<void> {
  await page.goto(rig.url('settings/usage'));
  await page.getByRole('heading', { name: 'Usage and plan', level: 1 }).waitFor();
  await page.getByRole('progressbar', { name: 'Render credits' }).waitFor();
}

/** One small render from the playground, as a person would: 'rendered', or the problem detail the page shows. */
async function renderInPlayground(): Promise<string> {
  await nav('Playground').click();
  await page.getByRole('spinbutton', { name: 'Width' }).fill('64');
  await page.getByRole('spinbutton', { name: 'Height' }).fill('64');
  // What the page asked of the API after Render, for the failure below: whether the click reached the form at all.
  const asked: string[] = [];
  const onResponse = (response: Response) => {
    if (response.request().method() === 'POST') asked.push(`POST ${new URL(response.url()).pathname} → ${response.status()}`);
  };
  const onFailed = (request: Request) => {
    if (request.method() === 'POST') asked.push(`POST ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText}`);
  };
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  const button = page.getByRole('button', { name: 'Render' });
  await button.click();
  const result = page.getByRole('img', { name: 'Rendered result' });
  const alert = page.getByRole('alert');
  // A loaded CI machine renders slowly; when neither comes, the failure says what the page showed and asked instead.
  await result
    .or(alert)
    .first()
    .waitFor({ timeout: 45_000 })
    .catch(async (error: unknown) => {
      const shown = await page
        .getByRole('main')
        .textContent({ timeout: 1_000 })
        .catch(() => '(no main)');
      const busy = await button.getAttribute('aria-busy', { timeout: 1_000 }).catch(() => '(no button)');
      throw new Error(
        `neither a result nor an alert after Render at ${page.url()}; Render busy: ${busy}; POSTs answered: ${asked.join(', ') || 'none'}; the page showed: ${shown}`,
        { cause: error },
      );
    })
    .finally(() => {
      page.off('response', onResponse);
      page.off('requestfailed', onFailed);
    });
  return (await result.count()) > 0 ? 'rendered' : ((await alert.first().textContent()) ?? '');
}

test('usage and plan: credits, rate tier and the renders-per-day chart, also at 390 px', async () => {
  await nav('Usage and plan').click();
  await page.getByRole('progressbar', { name: 'Render credits' }).waitFor();
  await page.getByRole('progressbar', { name: 'AI credits' }).waitFor();
  expect(await page.getByRole('img', { name: /Renders per day over 30 days/ }).count()).toBe(1);
  // The axis names its first and last day (today, UTC), written in the page's own locale.
  const [first, today] = await page.evaluate(() =>
    [Date.now() - 29 * 86_400_000, Date.now()].map((ms) =>
      new Date(ms).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    ),
  );
  // The last day is today, still under way: named so on the axis, so its short bar does not read as a slow day.
  expect(
    await page
      .getByRole('img', {
        name: `Renders per day over 30 days (${first} to today, so far): 0 in all`,
      })
      .count(),
  ).toBe(1);
  // A day with nothing says so, naming no class or kind at zero.
  expect(
    await page.getByRole('img', { name: /^Renders per day/ }).evaluate((svg) => svg.querySelector('g:first-of-type > title')?.textContent),
  ).toBe(`${first}: no renders`);
  await page.getByText('Today, so far', { exact: true }).waitFor();
  expect(await page.getByText(today!, { exact: true }).count()).toBe(0);
  // Failed renders are counted, credits only for successful ones: said under the chart, so the numbers do not seem to disagree.
  await page
    .getByText('The striped top of a bar is its failed renders and the dotted part beneath it its binding refreshes: neither is charged.', {
      exact: false,
    })
    .waitFor();
  // The period is the UTC month, said as its first and last UTC day, no times: "Dec 1 – Dec 31, 2026 (UTC)".
  const period = await page.evaluate(() => {
    const now = new Date();
    const day = (ms: number, year: boolean) =>
      new Date(ms).toLocaleDateString(undefined, { month: 'short', day: 'numeric', ...(year ? { year: 'numeric' } : {}), timeZone: 'UTC' });
    return `${day(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1), false)} – ${day(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0), true)}`;
  });
  await page.getByText(`Period ${period} (UTC) · plan`, { exact: false }).waitFor();
  // West of UTC the same days (not the evening before the first): the dates are the API's UTC ones.
  const west = await rig.newContext(undefined, { timezoneId: 'America/Los_Angeles', storageState: await page.context().storageState() });
  try {
    const westPage = await west.newPage();
    await westPage.goto(rig.url('settings/usage'));
    await westPage.getByText(`Period ${period} (UTC) · plan`, { exact: false }).waitFor({ timeout: 30_000 });
  } finally {
    await west.close();
  }
  // The free plan has no overage: the page says so instead of offering a switch.
  // Plans by the names the Instance page uses (Free), not the API's (free).
  await page.getByText('Overage is not available on the Free plan.').waitFor();
  await page.getByText(/\(UTC\) · plan Free · /).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("a failed render counts in its day's bar, drawn apart as its striped top and named in the tooltip, and uses no credit", async () => {
  // A render that fails: its selector matches nothing.
  const failed = await sessionRequest(page.context(), rig.stack.baseUrl, {
    method: 'POST',
    path: '/image',
    data: { html: '<p>x</p>', selector: '#missing', width: 120, height: 60 },
  });
  expect(failed.status()).toBe(422);
  await openUsage();
  const chart = page.getByRole('img', {
    // Only the classes the renders are in: no "0 charged", "0 binding refreshes" read out.
    name: /^Renders per day over 30 days \(.+ to today, so far\): 1 in all: 1 failed$/,
  });
  await chart.waitFor();
  const todaysBar = await chart.evaluate((svg) => ({
    title: svg.querySelector('g:last-of-type > title')?.textContent,
    striped: svg.querySelector('g:last-of-type > rect[data-failed]')?.getAttribute('data-failed'),
  }));
  expect(todaysBar).toEqual({
    title: expect.stringMatching(/^Today, so far \(.+\): 1 render: 1 failed \(1 image\)$/),
    striped: '1',
  });
  await page.getByText('Failed, not charged: 1', { exact: true }).waitFor();
  expect(await page.getByRole('progressbar', { name: 'Render credits' }).getAttribute('value')).toBe('0');
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('the overage switch: off, a render past the credits gets the quota 429; on, renders go on and count as overage', async () => {
  // A paid plan with one monthly credit (an operator's `accounts plan` override), so the quota is reached at once.
  const plan = (await (await page.request.get(`${rig.stack.baseUrl}/user/plan-details`)).json()) as { ownerId: string };
  await rig.stack.setAccountPlan(plan.ownerId, 'pro', { renderCredits: 1 });

  await openUsage();
  const overage = page.getByRole('switch', { name: "Pay for renders past the plan's credits (overage billing)" });
  expect(await overage.isChecked()).toBe(false);
  // Plain words, with the API's term in a note for developers.
  await page.getByText(/^Off: past the 1 monthly credit, renders are refused until the credits renew on .+ \(UTC\)\.$/).waitFor();
  await page.getByText('For developers: the API answers a refused render with HTTP 429 (quota_exceeded).').waitFor();

  expect(await renderInPlayground()).toBe('rendered');
  // The refusal says what can be done before the credits renew: below the top plan, overage or a bigger plan.
  expect(await renderInPlayground()).toMatch(
    /monthly render credits are used up.*to render before then, turn on overage billing or upgrade the plan\./,
  );

  await openUsage();
  // Used up: the page says that renders are being refused now, until when, and what to do.
  await page.getByText('Render credits used up: renders are being refused.').waitFor();
  expect(await page.getByRole('main').textContent()).toContain(
    "To render before then, turn on Pay for renders past the plan's credits below (each credit past the plan's is billed), or give the workspace a bigger plan on Instance.",
  );
  await page.getByText('1 of 1 (used up)').waitFor();
  // The switch follows the saved setting: it turns once the server has stored it.
  await overage.click();
  await page.getByText(/^On: renders continue past the 1 monthly credit;/).waitFor();
  // Overage on: no longer refused, and the page says the extra is billed.
  await page
    .getByText(/Overage billing is on, so renders go on and each credit past the plan's is billed as overage \(0 so far\)\./)
    .waitFor();
  expect(await page.getByText('Render credits used up: renders are being refused.').count()).toBe(0);
  expect(await overage.isChecked()).toBe(true);
  expect(await accessibilityViolations(page)).toEqual([]);
  // Persisted for the workspace: the next page load (and the API) read it back.
  await page.reload();
  expect(await page.getByRole('switch', { name: "Pay for renders past the plan's credits (overage billing)" }).isChecked()).toBe(true);

  expect(await renderInPlayground()).toBe('rendered');
  await openUsage();
  await page.getByText('Overage this month: 1 credit beyond the plan.').waitFor();
  // Today's renders are in the last bar, whose title names it as today, so far.
  const todaysBar = await page
    .getByRole('img', { name: /^Renders per day/ })
    .evaluate((svg) => svg.querySelector('g:last-of-type > title')?.textContent);
  expect(todaysBar).toMatch(/^Today, so far \(.+\): [1-9]\d* renders?: [1-9]\d* charged, 1 failed \([1-9]\d* images?\)$/);
  expect(await page.getByRole('progressbar', { name: 'Render credits' }).getAttribute('value')).toBe('1');
  await screenshot(page, 'usage');

  await overage.press('Space');
  await page.getByText(/^Off: past the 1 monthly credit,/).waitFor();
  expect(await renderInPlayground()).toMatch(/monthly render credits are used up/);
});

test('the instance owner lifts a plan on Instance: a render refused for credits goes through; a bad limit is named beside its field', async () => {
  // From the last test: pro with one monthly credit of its own, overage off, the credits used up.
  await page.goto(rig.url(''));
  await page.getByRole('link', { name: 'Change plans' }).click();
  await page.getByRole('heading', { name: 'Instance settings', level: 1 }).waitFor();
  const table = page.getByRole('region', { name: 'Workspaces and their plans' });
  const row = table.getByRole('row').filter({ hasText: 'usage@example.com' });
  await row.getByText('Pro (own limits)').waitFor();
  await row.getByText('2 of 1', { exact: true }).waitFor();

  await row.getByRole('button', { name: 'Change plan for usage@example.com' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan of usage@example.com' });
  // The plans by their short names (a phone's closed select cuts a long one); the chosen one's limits are said under it.
  const planChoice = dialog.getByRole('combobox', { name: 'Plan' });
  expect(await planChoice.locator('option').allTextContents()).toEqual(['Free', 'Pro', 'Business', 'Enterprise']);
  await planChoice.selectOption('enterprise');
  const limitsSaid = page.locator(`[id="${await planChoice.getAttribute('aria-describedby')}"]`);
  expect(await limitsSaid.textContent()).toMatch(/^1,000,000 credits a month, [\d,]+ requests a minute$/);
  const credits = dialog.getByRole('textbox', { name: 'Render credits per month' });
  // Moving to enterprise starts from enterprise's own limits.
  expect(await credits.inputValue()).toBe('1000000');
  await credits.fill('0');
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await dialog.getByText('Must be greater than 0.', { exact: true }).waitFor();
  expect(await credits.getAttribute('aria-invalid')).toBe('true');
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'instance-plan-dialog');

  // A number the table would write (1,500) is read as one; a form of it Number() reads but a person hardly means
  // (1e3, 0x10) is refused beside the field rather than saved as 1,000 or 16, as are thousands grouped wrong (1,50,0)
  // and a fraction, in the Render cap's words (kit/written-count.ts).
  for (const odd of ['1e3', '0x10', '1,50,0', '1.5']) {
    await credits.fill(odd);
    await dialog.getByRole('button', { name: 'Save plan' }).click();
    await dialog.getByText('Type a whole number, like 5000 or 5,000.', { exact: true }).waitFor();
    expect(await credits.getAttribute('aria-invalid')).toBe('true');
    await expectFocusOn(page, 'Render credits per month');
  }
  await credits.fill('1,500');
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await dialog.waitFor({ state: 'detached' });
  // The dialog is gone: the page says what was saved, and focus is back on the row's button.
  await page.getByRole('status').filter({ hasText: 'Saved: usage@example.com is now on Enterprise, overage off.' }).waitFor();
  await expectFocusOn(page, 'Change plan for usage@example.com');
  await row.getByText('Enterprise (own limits)').waitFor();
  await row.getByText('2 of 1,500', { exact: true }).waitFor();
  expect(await renderInPlayground()).toBe('rendered');

  // Leaving enterprise forgets its own limits: business's 50,000 apply.
  await page.goto(rig.url('settings/instance'));
  await row.getByRole('button', { name: 'Change plan for usage@example.com' }).click();
  await dialog.getByRole('combobox', { name: 'Plan' }).selectOption('business');
  expect(await dialog.getByRole('textbox', { name: 'Render credits per month' }).count()).toBe(0);
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await dialog.waitFor({ state: 'detached' });
  await row.getByText('3 of 50,000', { exact: true }).waitFor();
  expect(await row.getByRole('cell').nth(1).textContent()).toBe('Business');

  // New workspaces start on the plan chosen here: a team made now is on Business.
  await page.getByRole('combobox', { name: 'New accounts and teams start on' }).selectOption('business');
  await page.getByRole('button', { name: 'Save starting plan' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved: new accounts and teams now start on Business.' }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
  await page.getByLabel('Team name').fill('Print shop');
  await page.getByRole('button', { name: 'Create team' }).click();
  await page.getByRole('heading', { name: /^Print shop \(you are owner\)$/ }).waitFor();
  await page.goto(rig.url('settings/instance'));
  const team = table.getByRole('row').filter({ hasText: 'Print shop' });
  expect(await team.getByRole('cell').nth(1).textContent()).toBe('Business');
  expect(await page.getByRole('combobox', { name: 'New accounts and teams start on' }).inputValue()).toBe('business');
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'instance-plans');
});

test('near and past the credits, the overview and Usage and plan warn and say what to do; Enterprise is not told to upgrade', async () => {
  const { ownerId } = (await (await page.request.get(`${rig.stack.baseUrl}/user/plan-details`)).json()) as { ownerId: string };
  // 3 credits used by the tests above; Enterprise (the top plan) with 3.2 of its own, overage off: 93 % used.
  const enterprise = async (settings: { renderCredits?: number; aiCredits?: number }) => {
    await setOwnerPlan(rig.stack.db, { ownerId, kind: 'account', plan: 'enterprise', settings: { overage: false, ...settings } });
    await rig.stack.owners.changed(ownerId, ['plan']);
  };
  await enterprise({ renderCredits: 3.2 });
  await page.goto(rig.url(''));
  const month = page.getByRole('main').getByRole('region', { name: 'This month' });
  await month.getByText('Render credits almost used up.').waitFor();
  expect(await month.textContent()).toMatch(
    /93% of this month's are used \(3 of 3\.2\)\. Once they are, renders are refused until they renew on \w{3} \d{1,2}, \d{4} \(UTC\)\. To go on then, turn on overage billing under Usage and plan \(each credit past the plan's is billed\), or give the workspace higher limits on Instance\./,
  );
  expect(await accessibilityViolations(page)).toEqual([]);

  await enterprise({ renderCredits: 3 });
  await page.reload();
  await month.getByText('Render credits used up: renders are being refused.').waitFor();
  await month.getByText('3 of 3 (used up)').waitFor();
  expect(await month.textContent()).toMatch(
    /every render is refused until they renew on .+ \(UTC\)\. To render before then, turn on overage billing under Usage and plan .+, or give the workspace higher limits on Instance\./,
  );
  // The page's state, not news: not announced on every visit.
  expect(await month.getByRole('alert').count()).toBe(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'overview-quota-used-up');

  // The API refuses with the same way out, and no upgrade from the top plan.
  const refused = await renderInPlayground();
  expect(refused).toMatch(/They renew on \d{4}-\d{2}-\d{2}; to render before then, turn on overage billing\./);
  expect(refused).not.toMatch(/upgrade/);

  // AI credits used up too: they have no overage, so only higher limits help.
  await enterprise({ renderCredits: 3, aiCredits: 2 });
  await spendAiCredits(rig.stack.db, { ownerId, amount: 2 });
  await openUsage();
  await page.getByText('AI credits used up: AI operations are being refused.').waitFor();
  expect(await page.getByRole('main').textContent()).toContain(
    "All 2 of this month's AI credits are used, so AI operations are refused until they renew on",
  );
  expect(await page.getByRole('main').textContent()).toContain('To use AI before then, give the workspace higher limits on Instance.');
  await page.getByText('Render credits used up: renders are being refused.').waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
});
