import type { Page } from 'puppeteer-core';
import { watchBrowserPool, type Logger } from '@pressroom/telemetry';
import { BlockedUrlError, type SsrfGuard } from '@pressroom/ssrf';
import { launchBrowser, shutDownBrowser, type LaunchedBrowser } from './launch-browser.js';
import { PageSlot } from './page-slot.js';
import { BrowserUnavailableError, PoolClosedError, QueueFullError, RenderCrashedError, RenderError, RenderTimeoutError } from './errors.js';
import { startEgressProxy, type EgressProxy } from './egress-proxy.js';
import { OneShot } from './one-shot.js';

export interface BrowserPoolOptions {
  executablePath: string;
  /** Warm pages, opened at start and after every restart; also the render concurrency. */
  pages: number;
  /** Renders (started) before the browser is replaced by a fresh one. */
  restartAfter: number;
  /** Jobs allowed to wait for a page; one more fails with QueueFullError. */
  queueLimit: number;
  /** Default per-job time limit (the wait in the queue is not counted). */
  renderTimeoutMs: number;
  logger?: Logger;
  extraArgs?: string[];
  /** V8 old-space cap per renderer in MiB. Default 512. */
  jsHeapLimitMb?: number;
  /**
   * When set, every connection the browser makes (any frame, worker, service
   * worker, WebSocket) goes through a local proxy that applies this guard to
   * the address it actually connects to. Request interception still gives the
   * precise per-capture verdicts; this closes what interception cannot see.
   */
  egressGuard?: SsrfGuard;
  /** The `pool` label of its metrics (browser_pages_idle...). Default `browser`. */
  metricsName?: string;
}

export type BrowserPoolStatus = 'ok' | 'starting' | 'restarting' | 'down';

export interface BrowserPoolHealth {
  status: BrowserPoolStatus;
  pid?: number;
  pagesIdle: number;
  pagesBusy: number;
  queued: number;
  rendersSinceStart: number;
  restarts: number;
  /** Jobs run once more because their page or browser crashed under them (see run). */
  crashRetries: number;
}

export type PoolJob<T> = (page: Page, signal: AbortSignal) => Promise<T>;

/** One launched browser and its pages. Replaced whole on restart. */
interface Generation {
  launched: LaunchedBrowser;
  idle: PageSlot[];
  busy: Set<PageSlot>;
  /** Slots being closed and reopened after a failed job. */
  replacing: number;
  started: number;
  retiring: boolean;
  /** Settles when the browser disconnects (crash, kill, or our own close). */
  dead: OneShot<Error>;
  isDead: boolean;
}

/** The page's renderer or the whole browser died under a job (not a verdict a job raised itself, like a canvas refusal). */
class RendererCrash extends RenderCrashedError {}

/** A render in flight when its page or browser crashed: it is run once more on a fresh page. */
class CrashedAttempt extends Error {
  constructor(readonly crash: RendererCrash) {
    super(crash.message, { cause: crash });
  }
}

interface Waiter {
  resolve(lease: { generation: Generation; slot: PageSlot }): void;
  reject(error: Error): void;
}

const PARK_TIMEOUT_MS = 2000;
/** A JavaScript-free page left idle this long is parked on about:blank (frees its DOM, stops CSS animations). */
const IDLE_RESET_MS = 500;
const DESTROY_TIMEOUT_MS = 2000;
/** A launch that fails is tried once more before the pool reports the browser unavailable (see launch). */
const LAUNCH_ATTEMPTS = 2;
/** An error event can trail the protocol error it caused: wait this long before classifying a failure. */
const CRASH_SETTLE_MS = 50;

/**
 * A supervised Chromium with a fixed set of warm pages. Jobs borrow a page,
 * get a time limit, and hand it back parked on about:blank; broken pages are
 * replaced, and the browser is relaunched after `restartAfter` renders or
 * whenever it dies.
 */
export class BrowserPool {
  private readonly options: BrowserPoolOptions;
  private generation: Generation | null = null;
  private readonly waiters: Waiter[] = [];
  private status: BrowserPoolStatus = 'starting';
  private restarts = 0;
  private crashRetries = 0;
  private relaunching: Promise<void> | null = null;
  private closed = false;
  private proxy: EgressProxy | null = null;
  private unwatch: () => void = () => {};

  private constructor(options: BrowserPoolOptions) {
    if (options.pages < 1) throw new Error('BrowserPool needs at least one page');
    this.options = options;
  }

  /** Launches the browser and opens the warm pages, so the first job is as fast as any other. */
  static async start(options: BrowserPoolOptions): Promise<BrowserPool> {
    const pool = new BrowserPool(options);
    if (options.egressGuard) pool.proxy = await startEgressProxy({ guard: options.egressGuard, logger: options.logger });
    try {
      await pool.launch();
    } catch (error) {
      await pool.proxy?.close();
      throw error;
    }
    pool.unwatch = watchBrowserPool(options.metricsName ?? 'browser', () => pool.health());
    return pool;
  }

  /**
   * Runs `job` on a warm page within the time limit. A job whose page or
   * browser crashed under it is run once more on a fresh page (after the
   * relaunch when the whole browser died): a browser killed from outside
   * (OOM killer, kill -9) costs the renders in flight a little time, not a
   * failure. Only a job that crashes its fresh page again is a
   * RenderCrashedError, the page's fault.
   */
  async run<T>(job: PoolJob<T>, options: { timeoutMs?: number } = {}): Promise<T> {
    const timeoutMs = options.timeoutMs ?? this.options.renderTimeoutMs;
    try {
      return await this.attempt(job, timeoutMs, 'first');
    } catch (error) {
      if (!(error instanceof CrashedAttempt)) throw error;
      this.crashRetries += 1;
      this.options.logger?.warn({ err: error.crash }, 'the renderer crashed under a render: running it once more on a fresh page');
    }
    try {
      return await this.attempt(job, timeoutMs, 'retry');
    } catch (error) {
      if (!(error instanceof CrashedAttempt)) throw error;
      throw new RenderCrashedError(`${error.crash.message} (again, on a fresh page)`, undefined, { cause: error.crash });
    }
  }

  private async attempt<T>(job: PoolJob<T>, timeoutMs: number, which: 'first' | 'retry'): Promise<T> {
    const { generation, slot } = await this.acquire(which);
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const unsubscribe: Array<() => void> = [];
    const outcome = await new Promise<{ ok: true; value: T } | { ok: false; error: unknown }>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, error: new RenderTimeoutError(timeoutMs) }), timeoutMs);
      unsubscribe.push(slot.broken.on((error) => resolve({ ok: false, error: this.brokenPageError(error) })));
      unsubscribe.push(generation.dead.on(() => resolve({ ok: false, error: browserGoneError(this.closed) })));
      let running: Promise<T>;
      try {
        running = job(slot.page, controller.signal);
      } catch (error) {
        running = Promise.reject(error);
      }
      running.then(
        (value) => resolve({ ok: true, value }),
        (error: unknown) => resolve({ ok: false, error }),
      );
    });
    clearTimeout(timer);
    for (const off of unsubscribe) off();
    if (!outcome.ok && !controller.signal.aborted) controller.abort(outcome.error);
    if (outcome.ok) {
      void this.release(generation, slot, 'park');
      return outcome.value;
    }
    const error = await this.classify(outcome.error, slot, generation);
    void this.release(generation, slot, isPageVerdict(error) ? 'park' : 'replace');
    if (error instanceof RendererCrash && !this.closed) throw new CrashedAttempt(error);
    throw error;
  }

  health(): BrowserPoolHealth {
    const generation = this.generation;
    const child = generation?.launched.browser.process();
    const alive =
      !!generation &&
      !generation.isDead &&
      generation.launched.browser.connected &&
      !!child &&
      child.exitCode === null &&
      child.signalCode === null;
    const status: BrowserPoolStatus = this.status === 'ok' && !alive ? 'down' : this.status;
    return {
      status,
      ...(generation?.launched.pid !== undefined ? { pid: generation.launched.pid } : {}),
      pagesIdle: generation?.idle.length ?? 0,
      // Pages being parked or replaced are not available either.
      pagesBusy: (generation?.busy.size ?? 0) + (generation?.replacing ?? 0),
      queued: this.waiters.length,
      rendersSinceStart: generation?.started ?? 0,
      restarts: this.restarts,
      crashRetries: this.crashRetries,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.status = 'down';
    this.unwatch();
    for (const waiter of this.waiters.splice(0)) waiter.reject(new PoolClosedError());
    await this.relaunching?.catch(() => undefined);
    const generation = this.generation;
    this.generation = null;
    if (generation) await shutDownBrowser(generation.launched);
    await this.proxy?.close();
  }

  /** A retry was already admitted: it skips the queue limit and goes first, as it has waited once. */
  private acquire(which: 'first' | 'retry'): Promise<{ generation: Generation; slot: PageSlot }> {
    if (this.closed) return Promise.reject(new PoolClosedError());
    const lease = this.takeIdle();
    if (lease) return Promise.resolve(lease);
    if (which === 'first' && this.waiters.length >= this.options.queueLimit) {
      return Promise.reject(new QueueFullError(this.options.queueLimit));
    }
    if (this.status === 'down' && !this.relaunching) void this.relaunch('browser was down');
    return new Promise((resolve, reject) => {
      if (which === 'retry') this.waiters.unshift({ resolve, reject });
      else this.waiters.push({ resolve, reject });
    });
  }

  private takeIdle(): { generation: Generation; slot: PageSlot } | null {
    const generation = this.generation;
    if (!generation || generation.retiring || generation.isDead || this.status !== 'ok') return null;
    // Most recently used first: warm pages stay warm, cold ones reach their idle reset.
    let slot = generation.idle.pop();
    while (slot?.isBroken) {
      // Its renderer died while idle: replace it instead of failing a job with it.
      const dead = slot;
      void this.replace(generation, dead).then(() => this.afterRelease(generation));
      slot = generation.idle.pop();
    }
    if (!slot) return null;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    generation.busy.add(slot);
    generation.started += 1;
    if (generation.started >= this.options.restartAfter) generation.retiring = true;
    return { generation, slot };
  }

  private dispatch(): void {
    while (this.waiters.length > 0) {
      const lease = this.takeIdle();
      if (!lease) break;
      this.waiters.shift()!.resolve(lease);
    }
  }

  /**
   * Returns a page to the idle set. Pages whose document may still act are
   * parked on about:blank first; a JavaScript-free document is handed out
   * as is (the next setContent replaces it, and a navigation per render
   * measured as the largest cost of the whole path) and only parked once it
   * has sat idle for IDLE_RESET_MS. Failed pages are replaced.
   */
  private async release(generation: Generation, slot: PageSlot, how: 'park' | 'replace'): Promise<void> {
    if (
      how === 'park' &&
      !generation.isDead &&
      !slot.needsEagerReset() &&
      (await slot.wipeContacted().then(
        () => true,
        () => false,
      ))
    ) {
      generation.busy.delete(slot);
      this.returnIdle(generation, slot);
      slot.idleTimer = setTimeout(() => void this.idleReset(generation, slot), IDLE_RESET_MS);
      slot.idleTimer.unref();
    } else {
      const parked = how === 'park' && !generation.isDead && (await slot.park(PARK_TIMEOUT_MS));
      generation.busy.delete(slot);
      if (parked) this.returnIdle(generation, slot);
      else await this.replace(generation, slot);
    }
    this.afterRelease(generation);
  }

  private returnIdle(generation: Generation, slot: PageSlot): void {
    if (!generation.isDead) generation.idle.push(slot);
  }

  private async idleReset(generation: Generation, slot: PageSlot): Promise<void> {
    slot.idleTimer = null;
    const index = generation.idle.indexOf(slot);
    if (index < 0 || generation.isDead) return;
    generation.idle.splice(index, 1);
    generation.replacing += 1;
    const parked = await slot.park(PARK_TIMEOUT_MS);
    generation.replacing -= 1;
    if (parked) this.returnIdle(generation, slot);
    else await this.replace(generation, slot);
    this.afterRelease(generation);
  }

  private async replace(generation: Generation, slot: PageSlot): Promise<void> {
    if (generation.isDead) return;
    generation.replacing += 1;
    try {
      const destroyed = await slot.destroy(generation.launched.browser, DESTROY_TIMEOUT_MS);
      // A pool closing (or a browser dying) under the close fails it too: nothing hung, nothing to restart.
      if (this.closed || generation.isDead) return;
      if (!destroyed) {
        this.options.logger?.warn({ pid: generation.launched.pid }, 'a hung page could not be closed: restarting the browser');
        generation.retiring = true;
      } else if (!generation.retiring) {
        this.returnIdle(generation, await PageSlot.open(generation.launched.browser));
      }
    } catch (error) {
      if (this.closed || generation.isDead) return;
      this.options.logger?.warn({ err: error }, 'could not replace a page: restarting the browser');
      generation.retiring = true;
    } finally {
      generation.replacing -= 1;
    }
  }

  private afterRelease(generation: Generation): void {
    if (generation === this.generation && generation.retiring && generation.busy.size === 0 && generation.replacing === 0) {
      void this.relaunch(`retiring after ${generation.started} renders`);
    }
    this.dispatch();
  }

  /** Replaces the current browser (if any) with a fresh one; concurrent calls share one relaunch. */
  private relaunch(reason: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.relaunching ??= (async () => {
      const old = this.generation;
      this.generation = null;
      this.status = 'restarting';
      this.options.logger?.info({ reason, oldPid: old?.launched.pid }, 'restarting the browser');
      if (old) await shutDownBrowser(old.launched);
      try {
        await this.launch();
        this.restarts += 1;
      } catch (error) {
        // Closing the pool during a relaunch abandons it: expected on every shutdown, not a failure to report.
        if (this.closed) this.options.logger?.info({ reason }, 'browser relaunch abandoned: the pool is closing');
        else this.options.logger?.error({ err: error }, 'browser relaunch failed');
      }
    })().finally(() => {
      this.relaunching = null;
    });
    return this.relaunching;
  }

  /**
   * Launches the browser and its warm pages, trying once more when the first launch fails: a headless
   * shell that exits while DevTools is still attaching (seen under a loaded CI machine) is a passing
   * accident, and at start-up the pool has no later job to relaunch it on. Waiters are refused only
   * when both attempts failed.
   */
  private async launch(): Promise<void> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= LAUNCH_ATTEMPTS; attempt++) {
      try {
        await this.launchOnce();
        return;
      } catch (error) {
        lastError = error;
        if (this.closed) break;
        if (attempt < LAUNCH_ATTEMPTS) this.options.logger?.warn({ err: error, attempt }, 'browser launch failed: trying once more');
      }
    }
    this.status = 'down';
    const failure = this.closed
      ? new PoolClosedError()
      : new BrowserUnavailableError(`browser launch failed: ${String(lastError)}`, { cause: lastError });
    for (const waiter of this.waiters.splice(0)) waiter.reject(failure);
    throw lastError;
  }

  private async launchOnce(): Promise<void> {
    let launched: LaunchedBrowser | null = null;
    try {
      launched = await launchBrowser({
        executablePath: this.options.executablePath,
        jsHeapLimitMb: this.options.jsHeapLimitMb ?? 512,
        extraArgs: this.options.extraArgs ?? [],
        // Jobs are raced against their own time limit; this only bounds commands nobody waits for any more.
        protocolTimeoutMs: Math.max(60_000, this.options.renderTimeoutMs + 10_000),
        ...(this.proxy ? { proxyServer: this.proxy.address } : {}),
      });
      const browser = launched.browser;
      const slots = await Promise.all(Array.from({ length: this.options.pages }, () => PageSlot.open(browser)));
      if (this.closed) throw new PoolClosedError();
      const generation: Generation = {
        launched,
        idle: slots,
        busy: new Set(),
        replacing: 0,
        started: 0,
        retiring: false,
        isDead: false,
        dead: new OneShot<Error>(),
      };
      browser.once('disconnected', () => generation.dead.fire(new Error('browser disconnected')));
      generation.dead.on(() => this.onBrowserDied(generation));
      this.generation = generation;
      this.status = 'ok';
      this.options.logger?.info({ pid: launched.pid, pages: slots.length }, 'browser ready');
      this.dispatch();
    } catch (error) {
      if (launched) await shutDownBrowser(launched).catch(() => undefined);
      throw error;
    }
  }

  private onBrowserDied(generation: Generation): void {
    generation.isDead = true;
    if (this.closed || generation !== this.generation) return;
    this.options.logger?.warn({ pid: generation.launched.pid }, 'browser died');
    this.status = 'down';
    // Jobs in flight fail through generation.dead; queued jobs wait for the new browser.
    void this.relaunch('browser died');
  }

  /**
   * A page that broke under a job: its renderer crashed, unless our own close took the browser down, which
   * closes the pages before the browser disconnects. That render is the shutdown's doing, not the page's
   * (a 503 the render worker hands back, ADR 0068), never a crash.
   */
  private brokenPageError(cause: Error): Error {
    return this.closed ? new PoolClosedError({ cause }) : crashError(cause);
  }

  private async classify(error: unknown, slot: PageSlot, generation: Generation): Promise<Error> {
    if (error instanceof RenderError || error instanceof BlockedUrlError) return error;
    const unsubscribe: Array<() => void> = [];
    const late = await new Promise<Error | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), CRASH_SETTLE_MS);
      unsubscribe.push(() => clearTimeout(timer));
      unsubscribe.push(slot.broken.on((e) => resolve(this.brokenPageError(e))));
      unsubscribe.push(generation.dead.on(() => resolve(browserGoneError(this.closed))));
    });
    for (const off of unsubscribe) off();
    if (late) return late;
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** A verdict about the page's content (blocked URL, missing selector, HTTP error): the page itself is fine to reuse. */
function isPageVerdict(error: Error): boolean {
  if (error instanceof BlockedUrlError) return true;
  return (
    error instanceof RenderError &&
    !(error instanceof RenderTimeoutError) &&
    !(error instanceof RenderCrashedError) &&
    !(error instanceof PoolClosedError)
  );
}

function crashError(cause: Error): RendererCrash {
  return new RendererCrash(`page crashed: ${cause.message}`, undefined, { cause });
}

function browserGoneError(closed: boolean): Error {
  return closed ? new PoolClosedError() : new RendererCrash('browser disconnected during the render');
}
