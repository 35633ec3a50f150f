import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { PermissionError } from './auth-errors.js';
import { getOwnerPlan } from './limits.js';
import { monthWindow } from './plan-limits.js';
import type { Db } from './open.js';
import { PREVIEW_ORIGIN } from './render-history.js';
import { planSettings, renders } from './schema.js';

export const RENDER_KINDS = ['image', 'gif', 'pdf', 'video'] as const;
type Kind = (typeof RENDER_KINDS)[number];

/**
 * Why some of a set of renders took no render credits, in classes that never overlap (so charged = total − the three):
 * `failed`: failed renders of any origin (a failure gives its credits back, `failRender`), a failed binding refresh
 * included; `bindingRefreshes`: binding refreshes that did not fail (inserted with cost 0, `insertUnchargedRender`);
 * `aiScreenshots`: other renders inserted with cost 0 that did not fail (POST /image/agent-screenshot, whose AI credits
 * pay for the render). A redelivered render is the same row, so retries count once.
 */
export interface FreeCounts {
  failed: number;
  bindingRefreshes: number;
  aiScreenshots: number;
}

/** A day's renders by kind (failed and free ones included in their kind) and why some of them were free. */
export type DayCount = { date: string } & Record<Kind, number> & FreeCounts;

/** The renders of the credit period (calendar month, UTC): all of them, the charged ones and why the others were free. */
export type PeriodCounts = { total: number; charged: number } & FreeCounts;

const DAY_MS = 86_400_000;

/** GET /usage's render counts: `perDay` over the last `days` days, `period` over the credit period (`monthWindow(now)`). */
export interface UsageCounts {
  perDay: DayCount[];
  period: PeriodCounts;
}

/**
 * Renders per UTC day and kind, and why some were free, over the last `days` days (today included), zero-filled,
 * oldest first; and the same over the credit period. One scan of the owner's renders grouped by UTC day and kind
 * serves both: the period starts at a UTC midnight, so its renders are exactly those of its days. The dashboard's
 * previews (starter thumbnails, an editor's live preview) are listed nowhere and charged nothing.
 */
export async function usageCounts(db: Db, input: { ownerId: string; days: number; now?: Date }): Promise<UsageCounts> {
  const now = input.now ?? new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (input.days - 1) * DAY_MS);
  const window = monthWindow(now);
  const day = sql<string>`to_char(${renders.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db.orm
    .select({ day, kind: renders.kind, n: sql<number>`count(*)::int`, ...freeCountColumns() })
    .from(renders)
    .where(
      and(
        eq(renders.ownerId, input.ownerId),
        gte(renders.createdAt, start < window.start ? start : window.start),
        ne(renders.origin, PREVIEW_ORIGIN),
        inArray(renders.kind, [...RENDER_KINDS]),
      ),
    )
    .groupBy(day, renders.kind);

  const perDay: DayCount[] = [];
  for (let i = 0; i < input.days; i++) {
    const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    perDay.push({ date, image: 0, gif: 0, pdf: 0, video: 0, ...noneFree() });
  }
  const byDate = new Map(perDay.map((d) => [d.date, d]));
  // YYYY-MM-DD strings order as the days do.
  const periodFirst = window.start.toISOString().slice(0, 10);
  const periodEnd = window.end.toISOString().slice(0, 10);
  let total = 0;
  const free = noneFree();
  for (const row of rows) {
    const entry = byDate.get(row.day);
    if (entry) addFree(entry, row)[row.kind as Kind] += Number(row.n);
    if (row.day < periodFirst || row.day >= periodEnd) continue;
    total += Number(row.n);
    addFree(free, row);
  }
  return { perDay, period: { total, charged: total - free.failed - free.bindingRefreshes - free.aiScreenshots, ...free } };
}

function noneFree(): FreeCounts {
  return { failed: 0, bindingRefreshes: 0, aiScreenshots: 0 };
}

function addFree<T extends FreeCounts>(into: T, row: FreeCounts): T {
  into.failed += Number(row.failed);
  into.bindingRefreshes += Number(row.bindingRefreshes);
  into.aiScreenshots += Number(row.aiScreenshots);
  return into;
}

/** The FreeCounts classes as SQL counts, each excluding the ones before it. */
function freeCountColumns() {
  const notFailed = sql`${renders.state} <> 'failed'`;
  return {
    failed: sql<number>`(count(*) filter (where ${renders.state} = 'failed'))::int`,
    bindingRefreshes: sql<number>`(count(*) filter (where ${notFailed} and ${renders.origin} = 'binding'))::int`,
    aiScreenshots: sql<number>`(count(*) filter (where ${notFailed} and ${renders.origin} <> 'binding' and ${renders.cost} = 0))::int`,
  };
}

/** Overage (usage past the monthly credits, billed later) is for paid plans only. */
export async function setOverage(db: Db, input: { ownerId: string; enabled: boolean }): Promise<void> {
  const owner = await getOwnerPlan(db, input.ownerId);
  if (owner.plan === 'free' && input.enabled)
    throw new PermissionError('Overage is available on paid plans only (pro, business, enterprise).');
  await db.orm
    .insert(planSettings)
    .values({ ownerId: input.ownerId, overage: input.enabled })
    .onConflictDoUpdate({ target: planSettings.ownerId, set: { overage: input.enabled, updatedAt: new Date() } });
}
