/**
 * A poll that slows down while it finds nothing: the interval doubles after each pass that found no
 * work, up to `maxIdleMs`, and returns to `pollMs` after a pass that did or when woken. The periodic
 * passes of the scheduler and the dispatcher (batch sweep, due bindings, due webhook retries) are
 * safety nets behind events that start the work at once: at 1 s each they cost an idle embedded
 * process ~20 ms of CPU per second (9 statements), and a renderer under load about 1 ms per render
 * (issue 18). docs/adr/0053-polls-back-off-when-idle.md.
 */
export interface IdlePollerOptions {
  /** Interval while passes find work, and right after a wake. */
  pollMs: number;
  /** Longest interval after passes that found nothing (default `IDLE_BACKOFF_FACTOR` × pollMs). */
  maxIdleMs?: number;
  /** One pass; resolves true when it found work (so the next pass comes at `pollMs`). */
  pass: () => Promise<boolean>;
  /** A pass that threw; the next one follows at the current interval. */
  onError: (error: unknown) => void;
}

/** How far an idle poll slows down by default: a 1 s poll waits at most 8 s between empty passes. */
export const IDLE_BACKOFF_FACTOR = 8;

export class IdlePoller {
  readonly #options: Required<IdlePollerOptions>;
  #delayMs: number;
  #timer: NodeJS.Timeout | null = null;
  /** When the timer fires (epoch ms), so a wake only ever brings it closer. */
  #dueAt = Infinity;
  /** The earliest pass asked for while one was running (epoch ms): honoured when it ends. */
  #wantedAt = Infinity;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = true;

  constructor(options: IdlePollerOptions) {
    this.#options = { maxIdleMs: options.pollMs * IDLE_BACKOFF_FACTOR, ...options };
    this.#delayMs = options.pollMs;
  }

  /** The interval the next empty pass will be followed by (tests, metrics). */
  get delayMs(): number {
    return this.#delayMs;
  }

  start(): void {
    this.#stopped = false;
    this.#schedule(this.#options.pollMs);
  }

  /** Back to the quick pace: the next pass within `pollMs`, not after the idle interval. */
  quicken(): void {
    this.#delayMs = this.#options.pollMs;
    this.#schedule(this.#options.pollMs);
  }

  /** A pass at once (or right after the one running), then the quick pace. */
  runNow(): Promise<void> {
    this.#delayMs = this.#options.pollMs;
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    return this.#run();
  }

  /** A pass no later than `at` (a retry this process scheduled), whatever the idle interval. */
  wakeAt(at: Date): void {
    this.#schedule(Math.max(0, at.getTime() - Date.now()));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#clear();
    await this.#running?.catch(() => {});
  }

  #run(): Promise<void> {
    this.#clear();
    this.#running = (async () => {
      do {
        this.#again = false;
        let found = false;
        try {
          found = await this.#options.pass();
        } catch (error) {
          this.#options.onError(error);
        }
        this.#delayMs = found ? this.#options.pollMs : Math.min(this.#delayMs * 2, this.#options.maxIdleMs);
      } while (this.#again && !this.#stopped);
    })().finally(() => {
      this.#running = null;
      const wantedAt = this.#wantedAt;
      this.#wantedAt = Infinity;
      this.#schedule(Math.max(0, Math.min(this.#delayMs, wantedAt - Date.now())));
    });
    return this.#running;
  }

  /** Arms the timer for `delayMs` from now, unless it already fires sooner; during a pass, remembered for its end. */
  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    const at = Date.now() + delayMs;
    if (this.#running) {
      this.#wantedAt = Math.min(this.#wantedAt, at);
      return;
    }
    if (this.#timer && this.#dueAt <= at) return;
    this.#clear();
    this.#dueAt = at;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#dueAt = Infinity;
      void this.#run();
    }, delayMs);
    this.#timer.unref?.();
  }

  #clear(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#dueAt = Infinity;
  }
}
