import type { Browser, BrowserContext, CDPSession, Page } from 'puppeteer-core';
import { installRequestFilter, setRequestFilter } from './request-filter.js';
import { delay } from './launch-browser.js';
import { OneShot } from './one-shot.js';
import { stopScreenshotFastPath, useScreenshotFastPath } from './screenshot-fast-path.js';
import { DEFAULT_EMULATION, type PageEmulation } from './page-controls.js';

/** What a job changed on its page, so the next job starts from a known state. */
interface PageSettings extends PageEmulation {
  jsEnabled: boolean;
  width: number;
  height: number;
}

const slots = new WeakMap<Page, PageSlot>();

/** The pool's bookkeeping for a page handed to a job (its CDP session and cached settings). */
export function slotOf(page: Page): PageSlot | undefined {
  return slots.get(page);
}

/**
 * One warm page in its own browser context (cookies and storage never leak
 * between slots), with request interception on and a CDP session for captures.
 */
export class PageSlot {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly cdp: CDPSession;
  /**
   * Large base64 answers on `cdp` are cut out of the pipe's bytes (screenshot-fast-path.ts): a PDF
   * can then come back inside the print's own answer, never as one JS string (print-to-pdf.ts).
   */
  readonly inlineAnswers: boolean;
  /** Settles when the renderer crashes or the page goes away underneath a job. */
  readonly broken = new OneShot<Error>();
  isBroken = false;
  settings: PageSettings;
  /** Pending deferred reset of an idle page (see BrowserPool.release). */
  idleTimer: NodeJS.Timeout | null = null;
  private dirtyOrigins = new Set<string>();

  private constructor(context: BrowserContext, page: Page, cdp: CDPSession, inlineAnswers: boolean, settings: PageSettings) {
    this.context = context;
    this.page = page;
    this.cdp = cdp;
    this.inlineAnswers = inlineAnswers;
    this.settings = settings;
    page.once('error', (error) => this.broken.fire(error));
    page.once('close', () => this.broken.fire(new Error('page closed')));
    this.broken.on(() => {
      this.isBroken = true;
    });
    slots.set(page, this);
  }

  static async open(browser: Browser): Promise<PageSlot> {
    const context = await browser.createBrowserContext({ downloadBehavior: { policy: 'deny' } });
    try {
      const page = await context.newPage();
      await installRequestFilter(page);
      // A dialog blocks the page's JavaScript until someone answers it; popups would escape the pool.
      page.on('dialog', (dialog) => {
        dialog.dismiss().catch(() => undefined);
      });
      page.on('popup', (popup) => {
        popup?.close().catch(() => undefined);
      });
      const cdp = await page.createCDPSession();
      // Captures on this session read their images straight from the pipe's bytes (screenshot-fast-path.ts).
      const inlineAnswers = useScreenshotFastPath(browser, cdp);
      await page.setViewport({ width: 1200, height: 630, deviceScaleFactor: 1 });
      return new PageSlot(context, page, cdp, inlineAnswers, { jsEnabled: true, width: 1200, height: 630, ...DEFAULT_EMULATION });
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  /**
   * Brings the page to the job's settings, changing only what differs. Emulation
   * a job does not name goes back to its default, so a dark, scaled or
   * transparent job never leaks into the next one on this page.
   */
  async applySettings(wanted: Partial<PageSettings>): Promise<void> {
    const now = this.settings;
    const next: PageSettings = { ...now, ...DEFAULT_EMULATION, ...wanted };
    const work: Promise<unknown>[] = [];
    if (next.jsEnabled !== now.jsEnabled) work.push(this.page.setJavaScriptEnabled(next.jsEnabled));
    if (next.width !== now.width || next.height !== now.height || next.deviceScaleFactor !== now.deviceScaleFactor) {
      work.push(this.page.setViewport({ width: next.width, height: next.height, deviceScaleFactor: next.deviceScaleFactor }));
    }
    if (next.colorScheme !== now.colorScheme) {
      work.push(this.page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: next.colorScheme ?? '' }]));
    }
    if (next.timezone !== now.timezone) work.push(this.page.emulateTimezone(next.timezone ?? undefined));
    if (next.locale !== now.locale) {
      // Chromium refuses a second override while one is in effect: clear it first.
      work.push(
        (async () => {
          if (now.locale !== null) await this.cdp.send('Emulation.setLocaleOverride', {});
          if (next.locale !== null) await this.cdp.send('Emulation.setLocaleOverride', { locale: next.locale });
        })(),
      );
    }
    if (next.transparentBackground !== now.transparentBackground) {
      work.push(
        this.cdp.send(
          'Emulation.setDefaultBackgroundColorOverride',
          next.transparentBackground ? { color: { r: 0, g: 0, b: 0, a: 0 } } : {},
        ),
      );
    }
    // A failure leaves the settings unknown; the pool replaces a page whose job failed this way.
    await Promise.all(work);
    this.settings = next;
  }

  /**
   * Once the page has navigated with a transparent background (a URL render, parking on about:blank),
   * clearing the override, or setting white, no longer reaches the document in it nor those setContent
   * puts there, only the next navigation's (seen on Chromium 156: the next jobs' JPEGs black, their PNGs
   * with alpha). So it is taken back before the page navigates away, and a transparent page is parked.
   */
  private async clearTransparency(): Promise<void> {
    if (!this.settings.transparentBackground) return;
    await this.cdp.send('Emulation.setDefaultBackgroundColorOverride', {});
    this.settings = { ...this.settings, transparentBackground: false };
  }

  /** Origins a job contacted: their cookies and storage are wiped when the page is parked. */
  markContacted(origins: Iterable<string>): void {
    for (const origin of origins) this.dirtyOrigins.add(origin);
  }

  /**
   * Whether the document a job left behind may still act: with JavaScript on,
   * its timers survive the next setContent (document.open keeps the Window),
   * so they could read the next job's content; contacted origins hold cookies.
   * A transparent page is parked too (clearTransparency says why). Only a
   * JavaScript-free, network-free, opaque document can wait for a lazy reset.
   */
  needsEagerReset(): boolean {
    return this.page.isJavaScriptEnabled() || this.settings.transparentBackground;
  }

  /**
   * Forget what contacted origins left behind (cookies, storage) without a
   * navigation: for JavaScript-free documents that is all a reset must do,
   * and it costs two CDP calls instead of a new document.
   */
  async wipeContacted(): Promise<void> {
    if (this.dirtyOrigins.size === 0) return;
    const origins = [...this.dirtyOrigins];
    this.dirtyOrigins.clear();
    await this.cdp.send('Network.clearBrowserCookies');
    await Promise.all(origins.map((origin) => this.cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })));
  }

  /**
   * Back to an empty about:blank document (a real navigation: timers and
   * scripts of the job's document die with it) within `timeoutMs`, else false.
   */
  async park(timeoutMs: number): Promise<boolean> {
    setRequestFilter(this.page, null);
    const work = (async () => {
      await this.clearTransparency();
      // Waits for the parking document's load: the next job must not race a navigation still in flight.
      await this.page.goto('about:blank', { waitUntil: 'load', timeout: timeoutMs });
      await this.wipeContacted();
      return true;
    })();
    return Promise.race([work.catch(() => false), delay(timeoutMs).then(() => false)]);
  }

  /**
   * Closes the page and its context. A hung renderer can make a polite close
   * hang too: after `timeoutMs` the target is closed from the browser side;
   * false means even that did not finish (the caller restarts the browser).
   */
  async destroy(browser: Browser, timeoutMs: number): Promise<boolean> {
    setRequestFilter(this.page, null);
    stopScreenshotFastPath(this.cdp);
    slots.delete(this.page);
    const polite = this.context.close().then(
      () => true,
      () => false,
    );
    if (await Promise.race([polite, delay(timeoutMs).then(() => false)])) return true;
    try {
      const session = await browser.target().createCDPSession();
      try {
        const forced = session.send('Target.disposeBrowserContext', { browserContextId: this.context.id ?? '' }).then(
          () => true,
          () => false,
        );
        return await Promise.race([forced, delay(timeoutMs).then(() => false)]);
      } finally {
        session.detach().catch(() => undefined);
      }
    } catch {
      return false;
    }
  }
}
