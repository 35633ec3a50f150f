import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { PermissionError } from './auth-errors.js';
import { getOwnerPlan } from './limits.js';
import type { Db } from './open.js';
import { PREVIEW_ORIGIN } from './render-history.js';
import { planSettings, renders } from './schema.js';

export const RENDER_KINDS = ['image', 'gif', 'pdf', 'video'] as const;
type Kind = (typeof RENDER_KINDS)[number];

/** `failed`: how many of the day's renders (all kinds) failed; they are counted in their kind and never charged. */
export type DayCount = { date: string } & Record<Kind, number> & { failed: number };

const DAY_MS = 86_400_000;

/** Renders per UTC day and kind, and the day's failed ones, over the last `days` days (today included), zero-filled, oldest first. */
export async function rendersPerDay(db: Db, input: { ownerId: string; days: number; now?: Date }): Promise<DayCount[]> {
  const now = input.now ?? new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (input.days - 1) * DAY_MS);
  const day = sql<string>`to_char(${renders.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db.orm
    .select({
      day,
      kind: renders.kind,
      n: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${renders.state} = 'failed'))::int`,
    })
    .from(renders)
    // The dashboard's previews (starter thumbnails, an editor's live preview) are listed nowhere and charged nothing.
    .where(and(eq(renders.ownerId, input.ownerId), gte(renders.createdAt, start), ne(renders.origin, PREVIEW_ORIGIN)))
    .groupBy(day, renders.kind);
  const out: DayCount[] = [];
  for (let i = 0; i < input.days; i++) {
    out.push({ date: new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10), image: 0, gif: 0, pdf: 0, video: 0, failed: 0 });
  }
  const byDate = new Map(out.map((d) => [d.date, d]));
  for (const row of rows) {
    const entry = byDate.get(row.day);
    if (!entry || !(RENDER_KINDS as readonly string[]).includes(row.kind)) continue;
    entry[row.kind as Kind] += Number(row.n);
    entry.failed += Number(row.failed);
  }
  return out;
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
