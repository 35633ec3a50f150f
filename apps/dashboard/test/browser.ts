import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
  type Request as PageRequest,
  type Response as PageResponse,
} from 'playwright-core';
import { defaultDashboardSettings, type DashboardSettings } from '@pressroom/config';
import { findAccountByName, type Plan } from '@pressroom/db';
import { waitFor } from '@pressroom/testing';
import { pixel } from '@pressroom/testing/media';
import { decode, startTestStack, type TestStack } from '../../../deploy/embedded/test/harness.js';

/** Debian's headless Chromium (package chromium-headless-shell, the binary its /usr/bin wrapper runs): no browser download. */
const CHROMIUM = '/usr/lib/chromium/chromium-headless-shell';
const SCREENSHOTS = fileURLToPath(new URL('../../../docs/dashboard/', import.meta.url));
const BUILD = fileURLToPath(new URL('../../../deploy/scripts/build-dashboard.mjs', import.meta.url));
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Launches the test browser, once more if the first launch fails: a headless shell can exit while the
 * driver attaches on a loaded machine (the stack's own pool does the same, libs/browser browser-pool.ts).
 */
export async function launchTestBrowser(): Promise<Browser> {
  try {
    return await chromium.launch({ executablePath: CHROMIUM, headless: true });
  } catch (error) {
    console.warn(`the test browser failed to launch, trying once more: ${String(error)}`);
    return chromium.launch({ executablePath: CHROMIUM, headless: true });
  }
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface DashboardRig {
  stack: TestStack;
  browser: Browser;
  /** Where the browser reaches Pressroom (stack.baseUrl, or stack.publicBaseUrl with atPublicAddress). */
  origin: string;
  /** A fresh browser profile (own cookies) at the given window size, with `url(path)` relative to /app/. */
  newContext(
    viewport?: { width: number; height: number },
    /** timezoneId: a reader elsewhere; storageState: the same signed-in session (another context's storageState()). */
    options?: { deviceScaleFactor?: number; timezoneId?: string; storageState?: Awaited<ReturnType<BrowserContext['storageState']>> },
  ): Promise<BrowserContext>;
  url(path?: string): string;
  dispose(): Promise<void>;
}

/**
 * A real Pressroom (embedded stack serving the built dashboard) and a real Chromium. `dashboard` overrides
 * the sign-in settings (single sign-on, invitation mail, sign-up mode, lockout) on top of their defaults;
 * `stack` passes other stack options (short webhook retries...).
 */
export async function startDashboardRig(
  options: { dashboard?: Partial<DashboardSettings>; atPublicAddress?: boolean; stack?: Parameters<typeof startTestStack>[1] } = {},
): Promise<DashboardRig> {
  // Rebuilds only when the sources changed since the last build (a no-op in `make test`, which ran setup).
  execFileSync(process.execPath, [BUILD, '--quiet'], { stdio: 'inherit' });
  const overrides = options.stack ?? {};
  const stack = await startTestStack(
    'memory+pglite',
    options.dashboard
      ? { ...overrides, gateway: { ...overrides.gateway, dashboard: defaultDashboardSettings(options.dashboard) } }
      : overrides,
  );
  // With atPublicAddress the browser uses the address Pressroom believes it has (localhost), so that the
  // single sign-on callback it hands the provider lands on the origin holding the sign-in flow's cookie.
  const origin = options.atPublicAddress ? stack.publicBaseUrl : stack.baseUrl;
  let browser: Browser;
  try {
    browser = await launchTestBrowser();
  } catch (error) {
    await stack.dispose();
    throw error;
  }
  const contexts: BrowserContext[] = [];
  return {
    stack,
    browser,
    origin,
    async newContext(viewport = DESKTOP, options = {}) {
      const context = await browser.newContext({ viewport, baseURL: origin, ...options });
      // Twice what an idle machine needs: in CI a second Jest worker renders beside this browser.
      context.setDefaultTimeout(20_000);
      contexts.push(context);
      return context;
    },
    url: (path = '') => `${origin}/app/${path.replace(/^\//, '')}`,
    async dispose() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
      await stack.dispose();
    },
  };
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core on the page as it is now (or only on the elements matching `within`, a CSS selector); returns the
 * serious and critical violations, described for a failure message.
 */
export async function accessibilityViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(context?: unknown): Promise<{ violations: unknown[] }> } }).axe;
    return (await (selector ? axe.run({ include: [[selector]] }) : axe.run())).violations as AxeViolation[];
  }, within);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Where docs/dashboard/<name>.png goes (for a screenshot of one element). */
export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return `${SCREENSHOTS}${name}.png`;
}

/** Saves the page as docs/dashboard/<name>.png (shown by docs/dashboard.md). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

/**
 * Presses Control+S where focus is (the editors' save shortcut, kit/use-save-shortcut.ts) and answers whether the page
 * prevented the browser's own meaning, its "Save page as" dialog (headless Chromium shows none: the page's answer is
 * what can be checked). Read by a window listener added after the page's own, so it runs after the shortcut's.
 */
export async function pressSaveShortcut(page: Page): Promise<boolean> {
  await page.evaluate(() => {
    const seen = window as unknown as { saveKeyPrevented?: boolean[] };
    if (seen.saveKeyPrevented) return;
    seen.saveKeyPrevented = [];
    window.addEventListener(
      'keydown',
      (e) => void (e.ctrlKey && e.key.toLowerCase() === 's' && seen.saveKeyPrevented!.push(e.defaultPrevented)),
      true,
    );
  });
  await page.keyboard.press('Control+S');
  return page.evaluate(() => (window as unknown as { saveKeyPrevented: boolean[] }).saveKeyPrevented.pop() === true);
}

/** The accessible name of the element that has keyboard focus. */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    // `labels` covers both <label for> and a label wrapped around the control (checkboxes).
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent ?? null;
    return (labelled ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
  });
}

/**
 * Waits (up to 3 s) for keyboard focus to land on the control named `name`, then asserts it. Radix dialogs
 * move focus in and back out a task after they open or close, so a check right after `detached` can race it.
 */
export async function expectFocusOn(page: Page, name: string): Promise<void> {
  const until = Date.now() + 3_000;
  while ((await focusedName(page)) !== name && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  expect(await focusedName(page)).toBe(name);
}

/**
 * Signs up through the API in `context` (whose cookie then holds the session) and puts the new account on
 * `plan` before its first request that counts: the gateway caches an owner's plan for `authCacheMs`, so a plan
 * set after a counted request would apply only once that expires. Suites that click and call the API faster than a
 * person run on a plan whose per-minute limits they cannot reach.
 */
async function signUpOnPlan(
  rig: DashboardRig,
  context: BrowserContext,
  user: { email: string; password: string; name?: string },
  plan: Plan,
): Promise<{ ownerId: string }> {
  const signUp = await context.request.post(`${rig.stack.baseUrl}/auth/sign-up`, { data: user });
  if (signUp.status() !== 201) throw new Error(`sign-up answered ${signUp.status()}: ${await signUp.text()}`);
  // The personal account a sign-up makes is named by the email.
  const account = await findAccountByName(rig.stack.db, user.email);
  if (!account) throw new Error(`no account for ${user.email}`);
  await rig.stack.setAccountPlan(account.id, plan);
  return { ownerId: account.id };
}

export interface SignedInRig {
  rig: DashboardRig;
  /** The signed-up account's browser profile: its cookie holds the session (for `context.request` too). */
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * The set-up of a suite that works as one signed-up user: a rig (`rig` passes startDashboardRig's options), a
 * context at `viewport` (DESKTOP) and `deviceScaleFactor`, the account signed up through the API on `plan`, and a
 * page. `timeoutMs` replaces the context's default wait (10 s) for suites whose pages are slow (video, 2× pixels).
 */
export async function startSignedInRig(options: {
  email: string;
  plan: Plan;
  name?: string;
  rig?: Parameters<typeof startDashboardRig>[0];
  viewport?: { width: number; height: number };
  deviceScaleFactor?: number;
  timeoutMs?: number;
}): Promise<SignedInRig> {
  const rig = await startDashboardRig(options.rig);
  // A failed sign-up must not leave the stack and the browser running: the suite never got the rig to dispose.
  try {
    const context = await rig.newContext(
      options.viewport,
      options.deviceScaleFactor === undefined ? {} : { deviceScaleFactor: options.deviceScaleFactor },
    );
    if (options.timeoutMs !== undefined) context.setDefaultTimeout(options.timeoutMs);
    await signUpOnPlan(rig, context, { email: options.email, password: 'correct horse battery staple', name: options.name }, options.plan);
    const page = await context.newPage();
    return { rig, context, page, close: () => rig.dispose() };
  } catch (error) {
    await rig.dispose();
    throw error;
  }
}

/** Signs up through the sign-up page (the first account on a fresh stack owns the instance) and waits for the overview. */
export async function signUpInBrowser(
  page: Page,
  rig: DashboardRig,
  user: { email: string; password: string; name?: string },
  path = 'sign-up',
): Promise<void> {
  await page.goto(rig.url(path));
  if (user.name !== undefined) await page.getByRole('textbox', { name: 'Name (optional)' }).fill(user.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs in through the sign-in form, submitting with Enter as a keyboard user would. */
export async function signInInBrowser(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

/**
 * Walks a form with the keyboard alone: Tab until the first step's control has focus (from wherever focus
 * is, at most `maxTabs` presses), type its text, Tab to the next, and so on. Returns the names focused at
 * each step, for the test to compare with the steps' names (the focus order).
 */
export async function walkWithKeyboard(page: Page, steps: { name: string; type?: string }[], maxTabs = 60): Promise<string[]> {
  for (let i = 0; i < maxTabs && (await focusedName(page)) !== steps[0]!.name; i++) await page.keyboard.press('Tab');
  const visited: string[] = [];
  for (const [i, step] of steps.entries()) {
    if (i > 0) await page.keyboard.press('Tab');
    visited.push(await focusedName(page));
    if (step.type !== undefined) await page.keyboard.type(step.type);
  }
  return visited;
}

/** Form controls on the page without a visible, non-empty label (every field must have one). */
export async function fieldsWithoutVisibleLabel(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea'))
      .filter((field) => field.type !== 'hidden' && field.getClientRects().length > 0)
      .filter((field) => !Array.from(field.labels ?? []).some((label) => label.getClientRects().length > 0 && label.textContent?.trim()))
      .map((field) => field.outerHTML.slice(0, 120)),
  );
}
/** The brightest channel value along an element's middle row as drawn (a player's white title shows there). */
export async function brightestInMiddleRow(element: Locator): Promise<number> {
  const shot = await element.screenshot();
  const { width, height } = (await element.boundingBox())!;
  let brightest = 0;
  for (let x = 2; x < width - 2; x += 2) brightest = Math.max(brightest, ...(await pixel(shot, Math.floor(x), Math.floor(height / 2))));
  return brightest;
}

/** Reads one pixel of an <img> on the page (drawn onto a canvas). */
export async function pixelOf(page: Page, alt: string, x: number, y: number): Promise<number[]> {
  const src = await page.getByRole('img', { name: alt }).getAttribute('src');
  // Rendered files live on PUBLIC_BASE_URL (localhost): read them from the server, not through a tainted canvas.
  if (src && !src.startsWith('blob:') && !src.startsWith('data:'))
    return (await decode(src.replace('//localhost:', '//127.0.0.1:'))).pixel(x, y);
  return page.getByRole('img', { name: alt }).evaluate(
    (img: HTMLImageElement, [px, py]) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return Array.from(ctx.getImageData(px!, py!, 1, 1).data.slice(0, 3));
    },
    [x, y],
  );
}

/** The API as a signed-in browser context calls it: its session cookie plus the CSRF double-submit header. */
export async function sessionRequest(
  context: BrowserContext,
  baseUrl: string,
  request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; data?: unknown },
): Promise<APIResponse> {
  const csrf = (await context.cookies()).find((c) => c.name === 'pressroom_csrf')?.value ?? '';
  return context.request.fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    ...(request.data === undefined ? {} : { data: request.data }),
    headers: { 'x-csrf-token': csrf, origin: baseUrl },
  });
}

/** Polls until `check` holds (a check that throws has not held yet), or fails the test after `timeoutMs`. */
export const eventually = (check: () => Promise<boolean>, what: string, timeoutMs = 30_000) =>
  waitFor(() => check().catch(() => false), what, timeoutMs, { everyMs: 200 });

/**
 * The one way every page writes a date and time (kit/format.ts `formatDate`), in the test browser's en-US: "Dec 4,
 * 2026, 10:20 AM" — the month's short name, to the minute (the space before AM/PM may be a narrow no-break one).
 */
export const ONE_DATE_FORMAT = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/u;

export const near = (actual: number[], expected: number[], tolerance = 16) =>
  actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);

/**
 * Waits for `target`; if it does not come, fails saying what `around` showed instead (an error, another result), so
 * a step that times out only in a loaded CI run leaves more than "timeout exceeded" to go on.
 */
export async function waitShowing(
  target: Locator,
  around: Locator,
  options: {
    what: string;
    timeout?: number;
    /** More to say on failure (e.g. whether a request went out). */ note?: () => Promise<string>;
  },
): Promise<void> {
  await target.waitFor({ timeout: options.timeout }).catch(async (error: unknown) => {
    const shown = await around.innerText({ timeout: 5_000 }).catch((e: unknown) => `(unreadable: ${String(e)})`);
    const note = options.note ? ` (${await options.note()})` : '';
    throw new Error(`no ${options.what}${note}; the page showed: ${shown}`, { cause: error });
  });
}

/**
 * What became of the next request matching `matches`: its status once answered, or that none went out in `timeoutMs`.
 * Started before a click, it tells a lost click from a slow or refused answer when the step after it fails.
 */
export function nextAnswer(page: Page, matches: (url: string, method: string) => boolean, timeoutMs = 60_000): () => Promise<string> {
  let said = 'no request went out yet';
  void page
    .waitForResponse((r) => matches(r.url(), r.request().method()), { timeout: timeoutMs })
    .then(
      (r) => (said = `the request was answered ${r.status()}`),
      () => (said = `no request went out within ${timeoutMs} ms`),
    );
  return async () => said;
}

/** Waits until the image named `alt` shows `expected` at `at` (the top-left corner by default). */
export async function waitForPixel(page: Page, alt: string, expected: number[], at: [number, number] = [5, 5]): Promise<void> {
  await eventually(async () => near(await pixelOf(page, alt, ...at), expected), `${alt} to show ${expected.join(',')} at ${at.join(',')}`);
}

/**
 * Replaces a code editor's whole text as a person pasting would, and waits until the editor holds it. Under a
 * loaded machine a keystroke can reach the page before the editor has focus, so the paste is tried again until
 * the editor's lines read as `text` (CodeMirror renders each line as its own element, so newlines are not compared).
 */
export async function replaceCode(page: Page, label: string, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: label });
  const flat = (value: string) => value.replace(/\n/g, '');
  await eventually(async () => {
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText(text);
    const deadline = Date.now() + 3_000;
    while (Date.now() < deadline) {
      if (flat((await editor.textContent()) ?? '') === flat(text)) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  }, `the ${label} editor to hold the pasted text`);
}

/** A pixel of the canvas editor's own canvas, in design coordinates (the canvas shows the design at 100 %). */
export async function editorCanvasPixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    ([px, py]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('canvas[aria-label="Design canvas"]')!;
      const scale = canvas.width / canvas.clientWidth || 1;
      return Array.from(
        canvas
          .getContext('2d')!
          .getImageData(px! * scale, py! * scale, 1, 1)
          .data.slice(0, 3),
      );
    },
    [x, y],
  );
}

/**
 * Starts noting what a user debugging in the browser's developer tools would see as a problem: console errors and
 * answers of 400 or more (the console lists each as a failed request). The returned function waits until every
 * request the page has sent so far is answered (a page that looks loaded may still be waiting for one), stops
 * noting and gives them, each as one line.
 */
export function watchConsoleProblems(page: Page): () => Promise<string[]> {
  const problems: string[] = [];
  const waiting = new Set<PageRequest>();
  const onConsole = (message: ConsoleMessage) => void (message.type() === 'error' && problems.push(`console error: ${message.text()}`));
  const onRequest = (request: PageRequest) => void waiting.add(request);
  const onDone = (request: PageRequest) => void waiting.delete(request);
  const onResponse = (response: PageResponse) =>
    void (response.status() >= 400 && problems.push(`${response.status()} ${response.request().method()} ${response.url()}`));
  page.on('console', onConsole);
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  page.on('response', onResponse);
  return async () => {
    await eventually(async () => waiting.size === 0, `answers to ${[...waiting].map((r) => r.url()).join(', ')}`);
    page.off('console', onConsole);
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
    page.off('response', onResponse);
    return problems;
  };
}
