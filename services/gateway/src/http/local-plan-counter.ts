import { dayWindow, hitCounter, minuteWindow, readCounter, type Db, type PlanLimits, type Window, type WindowCount } from '@pressroom/db';

/** The plan's minute and day limits for one request: `countPlanRequest`'s signature. */
export type PlanRequestCounter = (input: { ownerId: string; limits: PlanLimits; now: Date }) => Promise<{
  allowed: boolean;
  reported: WindowCount;
}>;

export interface LocalPlanCounterOptions {
  db: Db;
  /** How often counted requests are added to the `rate_counters` rows (default 1 s). */
  flushMs?: number;
  onFlushError?: (error: unknown) => void;
}

interface Counter {
  ownerId: string;
  scope: 'minute' | 'day';
  window: Window;
  /** The window's count: the row's when first seen, plus every request counted here since. */
  count: number;
  /** Counted here, not yet added to the row. */
  pending: number;
}

/**
 * The plan's request limits counted in this process's memory, for the one process that owns its
 * database: a PGlite data directory is opened by one process only (libs/db data-dir lock), so
 * nobody else counts these owners and the count is exact. Each window's count is read once from
 * its row, then kept here and added to the row once a second, so a request costs no statement
 * (about a millisecond of PGlite CPU per request before, issue 18); a restart resumes from the
 * rows and can miss at most the last second's requests. With PostgreSQL several gateways share
 * the rows and every request is counted there (`countPlanRequest`).
 *
 * Same rules as `countPlanRequest`: the minute window first; the day counts only requests the
 * minute allowed; the reported window is the exhausted one, else the one with fewer left.
 */
export class LocalPlanCounter {
  private readonly counters = new Map<string, Counter>();
  private readonly seeding = new Map<string, Promise<Counter>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: LocalPlanCounterOptions) {}

  readonly take: PlanRequestCounter = async ({ ownerId, limits, now }) => {
    const [minute, day] = await Promise.all([
      this.counterOf(ownerId, 'minute', minuteWindow(now)),
      this.counterOf(ownerId, 'day', dayWindow(now)),
    ]);
    // From here on nothing awaits: concurrent requests see each other's counts.
    this.count(minute);
    const minuteCount: WindowCount = { scope: 'minute', limit: limits.perMinute, count: minute.count, window: minute.window };
    if (minuteCount.count > minuteCount.limit) return { allowed: false, reported: minuteCount };
    this.count(day);
    const dayCount: WindowCount = { scope: 'day', limit: limits.perDay, count: day.count, window: day.window };
    if (dayCount.count > dayCount.limit) return { allowed: false, reported: dayCount };
    const reported = dayCount.limit - dayCount.count < minuteCount.limit - minuteCount.count ? dayCount : minuteCount;
    return { allowed: true, reported };
  };

  /** Adds what was counted here to the rows; drops windows that are over and fully written. */
  async flush(now: Date = new Date()): Promise<void> {
    this.timer = null;
    const writes: Promise<void>[] = [];
    for (const [key, counter] of this.counters) {
      if (counter.pending === 0) {
        if (counter.window.end.getTime() <= now.getTime()) this.counters.delete(key);
        continue;
      }
      const hits = counter.pending;
      counter.pending = 0;
      writes.push(
        hitCounter(this.options.db, { ownerId: counter.ownerId, scope: counter.scope, window: counter.window, hits }).then(
          () => undefined,
          (error: unknown) => {
            counter.pending += hits;
            this.schedule();
            this.options.onFlushError?.(error);
          },
        ),
      );
    }
    await Promise.all(writes);
  }

  private count(counter: Counter): void {
    counter.count += 1;
    counter.pending += 1;
    this.schedule();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 1_000).unref();
  }

  private counterOf(ownerId: string, scope: 'minute' | 'day', window: Window): Counter | Promise<Counter> {
    const key = `${scope}:${window.start.getTime()}:${ownerId}`;
    const known = this.counters.get(key);
    if (known) return known;
    let seeding = this.seeding.get(key);
    if (!seeding) {
      seeding = readCounter(this.options.db, { ownerId, scope, window })
        .then((count) => {
          const counter: Counter = { ownerId, scope, window, count, pending: 0 };
          this.counters.set(key, counter);
          return counter;
        })
        .finally(() => this.seeding.delete(key));
      this.seeding.set(key, seeding);
    }
    return seeding;
  }
}
