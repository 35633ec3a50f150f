import { dayWindow, minuteWindow, type Db, type PlanLimits, type WindowCount } from '@pressroom/db';
import { LocalWindowCounter } from './local-window-counter.js';

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
  private readonly minutes: LocalWindowCounter;
  private readonly days: LocalWindowCounter;

  constructor(options: LocalPlanCounterOptions) {
    this.minutes = new LocalWindowCounter({ ...options, scope: 'minute', window: minuteWindow, seedFromRow: true });
    this.days = new LocalWindowCounter({ ...options, scope: 'day', window: dayWindow, seedFromRow: true });
  }

  readonly take: PlanRequestCounter = async ({ ownerId, limits, now }) => {
    const [minute, day] = await Promise.all([this.minutes.tally(ownerId, now), this.days.tally(ownerId, now)]);
    // From here on nothing awaits: concurrent requests see each other's counts.
    const minuteCount: WindowCount = { scope: 'minute', limit: limits.perMinute, count: this.minutes.hit(minute), window: minute.window };
    if (minuteCount.count > minuteCount.limit) return { allowed: false, reported: minuteCount };
    const dayCount: WindowCount = { scope: 'day', limit: limits.perDay, count: this.days.hit(day), window: day.window };
    if (dayCount.count > dayCount.limit) return { allowed: false, reported: dayCount };
    const reported = dayCount.limit - dayCount.count < minuteCount.limit - minuteCount.count ? dayCount : minuteCount;
    return { allowed: true, reported };
  };

  /** Adds what was counted here to the rows. */
  async flush(): Promise<void> {
    await Promise.all([this.minutes.flush(), this.days.flush()]);
  }
}
