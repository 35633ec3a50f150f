import { hitCounter, minuteWindow, type Db, type Window } from '@pressroom/db';

export interface LocalMinuteCounterOptions {
  db: Db;
  /** The counter's scope in `rate_counters` (`endpoint:url-render`). */
  scope: string;
  /** How often counted requests are added to the shared row (default 1 s). */
  flushMs?: number;
  onFlushError?: (error: unknown) => void;
}

interface OwnerCount {
  windowStart: number;
  /** The row's count as the last flush returned it: every replica's flushed requests. */
  shared: number;
  /** Counted here since the last flush. */
  pending: number;
}

/**
 * A per-owner minute counter kept in this process and added to the shared `rate_counters` row in
 * batches (docs/adr/0046-owner-caches-dropped-over-the-bus.md): counting a request costs no database
 * round trip, so a hot public endpoint (GET /r/) answers from memory. With one gateway the count is
 * exact; with several, each sees the others' requests up to one flush late, so together they may
 * let through up to (replicas − 1) × (requests per flush interval) more than the limit.
 */
export class LocalMinuteCounter {
  private readonly owners = new Map<string, OwnerCount>();
  private window: Window | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: LocalMinuteCounterOptions) {}

  /** Counts one request now; the owner's count in this minute (this process's best knowledge) and its window. */
  take(ownerId: string, at: Date): { count: number; window: Window } {
    const window = this.windowOf(at);
    const start = window.start.getTime();
    let owner = this.owners.get(ownerId);
    if (!owner || owner.windowStart !== start) {
      owner = { windowStart: start, shared: 0, pending: 0 };
      this.owners.set(ownerId, owner);
    }
    owner.pending += 1;
    this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 1_000).unref();
    return { count: owner.shared + owner.pending, window };
  }

  /** Adds what was counted here to the shared rows and learns the other replicas' counts. */
  async flush(): Promise<void> {
    this.timer = null;
    const current = this.window?.start.getTime();
    const batch: Promise<void>[] = [];
    for (const [ownerId, owner] of this.owners) {
      // A past minute is of no use to anyone any more.
      if (owner.windowStart !== current) {
        this.owners.delete(ownerId);
        continue;
      }
      if (owner.pending === 0) continue;
      const hits = owner.pending;
      owner.pending = 0;
      const window = this.window!;
      batch.push(
        hitCounter(this.options.db, { ownerId, scope: this.options.scope, window, hits }).then(
          (count) => {
            if (owner.windowStart === window.start.getTime()) owner.shared = Math.max(owner.shared, count);
          },
          (error: unknown) => {
            owner.pending += hits;
            this.options.onFlushError?.(error);
          },
        ),
      );
    }
    await Promise.all(batch);
  }

  private windowOf(at: Date): Window {
    if (!this.window || at.getTime() >= this.window.end.getTime() || at.getTime() < this.window.start.getTime()) {
      this.window = minuteWindow(at);
    }
    return this.window;
  }
}
