import type { Plan } from './accounts.js';

/** What a plan allows (docs/limits.md). `null` credits = unlimited. */
export interface PlanLimits {
  perMinute: number;
  perDay: number;
  /** Monthly render credits (1 per image/GIF/PDF/batch item, 1.5 per /gif/capture). */
  renderCredits: number;
  /** Monthly AI credits. */
  aiCredits: number;
}

/** The contract's rates; enterprise values are the generous defaults an operator may override per owner. */
export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { perMinute: 60, perDay: 1_000, renderCredits: 100, aiCredits: 10 },
  pro: { perMinute: 300, perDay: 10_000, renderCredits: 5_000, aiCredits: 500 },
  business: { perMinute: 1_000, perDay: 100_000, renderCredits: 50_000, aiCredits: 5_000 },
  enterprise: { perMinute: 100_000, perDay: 10_000_000, renderCredits: 1_000_000, aiCredits: 100_000 },
};

/**
 * Dashboard sessions are counted apart from API calls, in a bucket of their own per owner (docs/limits.md): a
 * person editing a template makes a handful of reads per save and per page, which would spend a free plan's 60
 * a minute in seconds and then refuse the API its own share. The bucket has the plan's rates, raised to at least
 * these. Renders made from the dashboard still spend credits like any other.
 */
export const DASHBOARD_SESSION_FLOOR = { perMinute: 600, perDay: 20_000 } as const;

/** The request rates of an owner's dashboard sessions on `plan`. */
export function dashboardSessionLimits(plan: PlanLimits): PlanLimits {
  return {
    ...plan,
    perMinute: Math.max(plan.perMinute, DASHBOARD_SESSION_FLOOR.perMinute),
    perDay: Math.max(plan.perDay, DASHBOARD_SESSION_FLOOR.perDay),
  };
}

/** The rate-counter key of an owner's dashboard bucket (the API's is the owner id itself). */
export const dashboardCounterId = (ownerId: string): string => `${ownerId}/dashboard`;

export interface Window {
  /** Inclusive start. */
  start: Date;
  /** Exclusive end: when the counter resets. */
  end: Date;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The fixed UTC window of `sizeMs` (a divisor of a day) containing `now`. */
export function fixedWindow(now: Date, sizeMs: number): Window {
  const start = Math.floor(now.getTime() / sizeMs) * sizeMs;
  return { start: new Date(start), end: new Date(start + sizeMs) };
}

export const minuteWindow = (now: Date): Window => fixedWindow(now, MINUTE_MS);
export const dayWindow = (now: Date): Window => fixedWindow(now, DAY_MS);

/** The calendar month (UTC) containing `now`: the credit period. */
export function monthWindow(now: Date): Window {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return { start: new Date(start), end: new Date(end) };
}

/** Whole seconds until `end`, at least 1 (for Retry-After). */
export function secondsUntil(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}
