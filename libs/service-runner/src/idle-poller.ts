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

/**
 * Wakes one process keeps at most (one per retry it scheduled); past that the farthest are dropped and the
 * poll, at most `maxIdleMs` late, finds what they were for. Bounds memory, not correctness.
 */
const MAX_WAKES = 10_000;

export class IdlePoller {
  readonly #options: Required<IdlePollerOptions>;
  #delayMs: number;
  #timer: NodeJS.Timeout | null = null;
  /** When the armed timer is due (epoch ms). */
  #dueAt = Infinity;
  /** When the next pass of the poll itself is due (epoch ms), whatever the wakes. */
  #pollAt = Infinity;
  /**
   * Every wake not yet answered (epoch ms, ascending). All are kept, not only the soonest: a pass at the
   * soonest does not do the work of a later one, and the passes in between may slow the poll down (a lost
   * later wake made webhook retries due 2–6 s apart leave ~7 s apart, behind a 1 s poll that had doubled).
   */
  #wakes: number[] = [];
  /** When the running pass started (epoch ms): it answers the wakes due by then. */
  #passStartedAt = -Infinity;
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
    this.#pollAt = Date.now() + this.#options.pollMs;
    this.#arm();
  }

  /** Back to the quick pace: the next pass within `pollMs`, not after the idle interval. */
  quicken(): void {
    this.#delayMs = this.#options.pollMs;
    this.#pollAt = Math.min(this.#pollAt, Date.now() + this.#options.pollMs);
    this.#arm();
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

  /**
   * A pass that starts no earlier than `at` and soon after it (a retry this process scheduled), whatever the
   * idle interval and however many other wakes or passes come first. Asked for during a pass, it is answered
   * by a pass after that one: the running pass may already have looked.
   */
  wakeAt(at: Date): void {
    if (this.#stopped) return;
    const wake = this.#running ? Math.max(at.getTime(), this.#passStartedAt + 1) : at.getTime();
    let i = this.#wakes.length;
    while (i > 0 && this.#wakes[i - 1]! > wake) i--;
    this.#wakes.splice(i, 0, wake);
    if (this.#wakes.length > MAX_WAKES) this.#wakes.pop();
    this.#arm();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wakes = [];
    this.#clear();
    await this.#running?.catch(() => {});
  }

  #run(): Promise<void> {
    this.#clear();
    this.#running = (async () => {
      do {
        this.#again = false;
        this.#passStartedAt = Date.now();
        // Answered: this pass looks at everything due by now.
        const answered = this.#wakes.findIndex((wake) => wake > this.#passStartedAt);
        this.#wakes.splice(0, answered === -1 ? this.#wakes.length : answered);
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
      this.#pollAt = Date.now() + this.#delayMs;
      this.#arm();
    });
    return this.#running;
  }

  /** Arms the timer for the sooner of the poll and the first wake; a no-op during a pass (its end arms it). */
  #arm(): void {
    if (this.#stopped || this.#running) return;
    const dueAt = Math.min(this.#pollAt, this.#wakes[0] ?? Infinity);
    if (this.#timer && this.#dueAt === dueAt) return;
    this.#clear();
    if (dueAt === Infinity) return;
    this.#dueAt = dueAt;
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        this.#dueAt = Infinity;
        // A timer counts from the event loop's cached time, so it can fire a few ms before `Date.now()` reaches
        // its due time; a pass then would not yet see a retry due at that time. Wait out the rest.
        if (Date.now() < dueAt) this.#arm();
        else void this.#run();
      },
      Math.max(0, dueAt - Date.now()),
    );
    this.#timer.unref?.();
  }

  #clear(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#dueAt = Infinity;
  }
}
