import { hitCounter, readCounter, type Db, type Window } from '@pressroom/db';

export interface LocalWindowCounterOptions {
  db: Db;
  /** The counters' scope in `rate_counters` (`minute`, `day`, `endpoint:url-render`). */
  scope: string;
  /** The window a request made at a given time counts in (`minuteWindow`, `dayWindow`). */
  window: (at: Date) => Window;
  /**
   * Start each owner's window from its row, read when the owner is first counted in it. Right when this
   * process is the row's only writer: the count is then exact and a restart resumes from the rows. Without
   * it a window starts at zero and learns the other writers' counts from each flush, so answering never
   * waits for the database.
   */
  seedFromRow?: boolean;
  /** How often counted requests are added to the rows (default 1 s). */
  flushMs?: number;
  onFlushError?: (error: unknown) => void;
}

/** One owner's requests in one window. Changed only by its counter. */
export interface Tally {
  readonly ownerId: string;
  readonly window: Window;
  /** The best known count: the row's as last read or written, plus what was counted here since. */
  count: number;
  /** Counted here, not yet added to the row. */
  pending: number;
}

/**
 * Per-owner request counts of one `rate_counters` scope kept in this process's memory and added to the
 * rows in one statement per owner per flush, so counting a request costs no database round trip (issue
 * 18, docs/adr/0046-owner-caches-dropped-over-the-bus.md). A process that is not the rows' only writer
 * sees the others' requests up to one flush late: together n writers may let through up to
 * (n − 1) × (requests per flush interval) more than a limit.
 *
 * Only the newest window a request was counted in is kept: an ended window limits nothing any more, so
 * its tallies are dropped at the next flush, requests not yet written with them.
 */
export class LocalWindowCounter {
  /** Tallies by window start, then owner. */
  private readonly windows = new Map<number, Map<string, Tally>>();
  private readonly seeding = new Map<string, Promise<Tally>>();
  private newest: Window | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: LocalWindowCounterOptions) {}

  /** The owner's tally in the window of `at`, to count in with `hit`; a promise only while its row is first read. */
  tally(ownerId: string, at: Date): Tally | Promise<Tally> {
    const window = this.windowOf(at);
    const start = window.start.getTime();
    const known = this.windows.get(start)?.get(ownerId);
    if (known) return known;
    if (!this.options.seedFromRow) return this.keep({ ownerId, window, count: 0, pending: 0 });
    const key = `${start}:${ownerId}`;
    let seeding = this.seeding.get(key);
    if (!seeding) {
      seeding = readCounter(this.options.db, { ownerId, scope: this.options.scope, window })
        .then((count) => this.keep({ ownerId, window, count, pending: 0 }))
        .finally(() => this.seeding.delete(key));
      this.seeding.set(key, seeding);
    }
    return seeding;
  }

  /** Counts one request in the tally; its new count. */
  hit(tally: Tally): number {
    tally.count += 1;
    tally.pending += 1;
    this.schedule();
    return tally.count;
  }

  /** Adds what was counted here to the rows, learning the other writers' counts; drops ended windows. */
  async flush(): Promise<void> {
    this.timer = null;
    const current = this.newest?.start.getTime();
    const writes: Promise<void>[] = [];
    for (const [start, owners] of this.windows) {
      if (start !== current) {
        this.windows.delete(start);
        continue;
      }
      for (const tally of owners.values()) {
        if (tally.pending === 0) continue;
        const hits = tally.pending;
        tally.pending = 0;
        const { ownerId, window } = tally;
        writes.push(
          hitCounter(this.options.db, { ownerId, scope: this.options.scope, window, hits }).then(
            (row) => {
              // The row holds every writer's flushed requests, these included; those counted here during the write come on top.
              tally.count = Math.max(tally.count, row + tally.pending);
            },
            (error: unknown) => {
              tally.pending += hits;
              this.schedule();
              this.options.onFlushError?.(error);
            },
          ),
        );
      }
    }
    await Promise.all(writes);
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 1_000).unref();
  }

  /** The window of `at`; the newest one is kept, so a request in it builds no window. */
  private windowOf(at: Date): Window {
    const time = at.getTime();
    if (this.newest && time >= this.newest.start.getTime() && time < this.newest.end.getTime()) return this.newest;
    const window = this.options.window(at);
    if (!this.newest || window.start.getTime() > this.newest.start.getTime()) this.newest = window;
    return window;
  }

  private keep(tally: Tally): Tally {
    const start = tally.window.start.getTime();
    let owners = this.windows.get(start);
    if (!owners) {
      owners = new Map();
      this.windows.set(start, owners);
    }
    owners.set(tally.ownerId, tally);
    return tally;
  }
}
