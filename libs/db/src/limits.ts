import { and, eq, sql } from 'drizzle-orm';
import { PLANS, type Plan } from './accounts.js';
import { sqlRows, type Db } from './open.js';
import { PLAN_LIMITS, dayWindow, minuteWindow, monthWindow, type PlanLimits, type Window } from './plan-limits.js';
import type { NewRender, RenderRow } from './renders.js';
import { accounts, aiCreditUsage, creditUsage, planSettings, renders, teams } from './schema.js';

/** The plan in force for an owner (a team's plan for its members) with its effective limits. */
export interface OwnerPlan {
  ownerId: string;
  plan: Plan;
  limits: PlanLimits;
  /** Paid plans only: no credit cap, usage still counted. */
  overage: boolean;
}

function asPlan(value: string): Plan {
  return (PLANS as readonly string[]).includes(value) ? (value as Plan) : 'free';
}

/** Resolve the owner's plan (team row first, then account row) and enterprise/overage settings. */
export async function getOwnerPlan(db: Db, ownerId: string): Promise<OwnerPlan> {
  const [team] = await db.orm.select({ plan: teams.plan }).from(teams).where(eq(teams.id, ownerId)).limit(1);
  const [account] = team ? [] : await db.orm.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, ownerId)).limit(1);
  const plan = asPlan(team?.plan ?? account?.plan ?? 'free');
  const [settings] = await db.orm.select().from(planSettings).where(eq(planSettings.ownerId, ownerId)).limit(1);
  const base = PLAN_LIMITS[plan];
  // Custom limits are an enterprise feature (the admin CLI only sets them there and clears them
  // when an owner leaves enterprise); stored overrides are honoured on any plan so operators and
  // tests can lift a limit without changing the plan's other rules (batch caps, overage).
  return {
    ownerId,
    plan,
    limits: {
      perMinute: settings?.perMinute || base.perMinute,
      perDay: settings?.perDay || base.perDay,
      renderCredits: settings?.renderCredits || base.renderCredits,
      aiCredits: settings?.aiCredits || base.aiCredits,
    },
    overage: plan !== 'free' && (settings?.overage ?? false),
  };
}

export interface PlanSettingsInput {
  perMinute?: number | null;
  perDay?: number | null;
  renderCredits?: number | null;
  aiCredits?: number | null;
  overage?: boolean;
}

/** Set an account's or team's plan (by table) and, optionally, its custom limits / overage. */
export async function setOwnerPlan(
  db: Db,
  input: { ownerId: string; kind: 'account' | 'team'; plan: Plan; settings?: PlanSettingsInput },
): Promise<void> {
  await db.orm.transaction(async (tx) => {
    const table = input.kind === 'team' ? teams : accounts;
    await tx.update(table).set({ plan: input.plan }).where(eq(table.id, input.ownerId));
    const s = input.settings ?? {};
    const values = {
      ...(s.perMinute !== undefined ? { perMinute: s.perMinute } : {}),
      ...(s.perDay !== undefined ? { perDay: s.perDay } : {}),
      ...(s.renderCredits !== undefined ? { renderCredits: s.renderCredits } : {}),
      ...(s.aiCredits !== undefined ? { aiCredits: s.aiCredits } : {}),
      ...(s.overage !== undefined ? { overage: s.overage } : {}),
    };
    await tx
      .insert(planSettings)
      .values({ ownerId: input.ownerId, ...values })
      .onConflictDoUpdate({ target: planSettings.ownerId, set: { ...values, updatedAt: new Date() } });
  });
}

export interface WindowCount {
  scope: string;
  limit: number;
  count: number;
  window: Window;
}

/**
 * Count one request in the owner's `scope` window and return the new count. One atomic
 * upsert, so concurrent gateway processes see consecutive counts: exactly `limit` pass.
 */
export async function hitCounter(db: Db, input: { ownerId: string; scope: string; window: Window }): Promise<number> {
  const rows = await sqlRows<{ count: number }>(
    db,
    sql`INSERT INTO rate_counters (owner_id, scope, window_start, count)
        VALUES (${input.ownerId}, ${input.scope}, ${input.window.start.toISOString()}::timestamptz, 1)
        ON CONFLICT (owner_id, scope, window_start) DO UPDATE SET count = rate_counters.count + 1
        RETURNING count`,
  );
  return Number(rows[0]!.count);
}

/**
 * The plan's request limits for one request: the minute window first; the day window is
 * only counted when the minute allows (a request refused per minute does not use the day).
 * Returns the window the response headers describe (the exhausted one, else the one with
 * fewer requests left, minute on a tie) and whether the request is allowed.
 */
export async function countPlanRequest(
  db: Db,
  input: { ownerId: string; limits: PlanLimits; now: Date },
): Promise<{ allowed: boolean; reported: WindowCount }> {
  const minute: WindowCount = { scope: 'minute', limit: input.limits.perMinute, count: 0, window: minuteWindow(input.now) };
  minute.count = await hitCounter(db, { ownerId: input.ownerId, scope: minute.scope, window: minute.window });
  if (minute.count > minute.limit) return { allowed: false, reported: minute };
  const day: WindowCount = { scope: 'day', limit: input.limits.perDay, count: 0, window: dayWindow(input.now) };
  day.count = await hitCounter(db, { ownerId: input.ownerId, scope: day.scope, window: day.window });
  if (day.count > day.limit) return { allowed: false, reported: day };
  const reported = day.limit - day.count < minute.limit - minute.count ? day : minute;
  return { allowed: true, reported };
}

/** Drop counters whose window ended over two days ago (called now and then, any replica). */
export async function pruneRateCounters(db: Db, now: Date): Promise<void> {
  await db.orm.execute(
    sql`DELETE FROM rate_counters WHERE window_start < ${new Date(now.getTime() - 2 * 86_400_000).toISOString()}::timestamptz`,
  );
}

/** One owner's row of a monthly pool (render or AI credits) for the month containing `now`. */
async function usedInMonth(
  db: Db,
  pool: typeof creditUsage | typeof aiCreditUsage,
  input: { ownerId: string; now: Date },
): Promise<{ used: number; period: Window }> {
  const period = monthWindow(input.now);
  const rows = await sqlRows<{ used: number | string }>(
    db,
    sql`SELECT used FROM ${pool} WHERE owner_id = ${input.ownerId} AND period_start = ${period.start.toISOString()}::timestamptz LIMIT 1`,
  );
  return { used: Number(rows[0]?.used ?? 0), period };
}

/** Credits used this calendar month (UTC): renders reserved (queued/rendering) or done, failures released. */
export function renderCreditsUsed(db: Db, input: { ownerId: string; now: Date }): Promise<{ used: number; period: Window }> {
  return usedInMonth(db, creditUsage, input);
}

/** The owner's monthly render credits would be exceeded by this render (no overage). */
export class QuotaExceededError extends Error {
  constructor(
    readonly plan: Plan,
    readonly used: number,
    readonly limit: number,
    readonly cost: number,
    readonly periodEnd: Date,
  ) {
    super(
      `The ${plan} plan's ${limit} monthly render credits are used up (${used} used; this render needs ${cost}). They renew on ${periodEnd.toISOString().slice(0, 10)}, or upgrade the plan.`,
    );
    this.name = 'QuotaExceededError';
  }
}

/**
 * Insert a render row only when the owner's monthly credits allow its cost. The render's cost is
 * added to the owner's `credit_usage` row of the month by one conditional upsert in the same
 * transaction: the row lock serialises concurrent requests on any replica, so they cannot
 * overshoot, and the check reads one row however many renders the month holds. `failRender`
 * gives the cost back. Throws QuotaExceededError.
 */
export async function insertRenderWithinCredits(db: Db, row: NewRender, now: Date = new Date()): Promise<RenderRow> {
  // Read fresh, not from the gateway's plan cache: a plan or overage change applies to the next render.
  const plan = await getOwnerPlan(db, row.ownerId);
  const cost = row.cost ?? 1;
  const period = monthWindow(now);
  const limit = plan.overage ? Number.MAX_SAFE_INTEGER : plan.limits.renderCredits;
  return db.orm.transaction(async (tx) => {
    const reserved = await tx
      .insert(creditUsage)
      .values({ ownerId: row.ownerId, periodStart: period.start, used: cost })
      .onConflictDoUpdate({
        target: [creditUsage.ownerId, creditUsage.periodStart],
        set: { used: sql`${creditUsage.used} + excluded.used` },
        setWhere: sql`${creditUsage.used} + excluded.used <= ${limit}`,
      })
      .returning({ used: creditUsage.used });
    if (reserved.length === 0 || reserved[0]!.used > limit) {
      // Refused (or a first render dearer than the whole pool): roll the reservation back.
      const [current] = await tx
        .select({ used: creditUsage.used })
        .from(creditUsage)
        .where(and(eq(creditUsage.ownerId, row.ownerId), eq(creditUsage.periodStart, period.start)));
      const used = reserved.length === 0 ? (current?.used ?? 0) : reserved[0]!.used - cost;
      throw new QuotaExceededError(plan.plan, used, plan.limits.renderCredits, cost, period.end);
    }
    const [created] = await tx
      .insert(renders)
      .values({ ...row, createdAt: now, state: 'queued' })
      .returning();
    return created!;
  });
}

/** Whether `needed` more credits fit this month (a batch's check at start); throws QuotaExceededError. */
export async function assertCreditsAvailable(db: Db, input: { ownerId: string; needed: number; now?: Date }): Promise<void> {
  const owner = await getOwnerPlan(db, input.ownerId);
  if (owner.overage) return;
  const { used, period } = await renderCreditsUsed(db, { ownerId: input.ownerId, now: input.now ?? new Date() });
  if (used + input.needed > owner.limits.renderCredits)
    throw new QuotaExceededError(owner.plan, used, owner.limits.renderCredits, input.needed, period.end);
}

/** The owner's monthly AI credits would be exceeded by this operation (AI credits have no overage). */
export class AiQuotaExceededError extends Error {
  constructor(
    readonly plan: Plan,
    readonly used: number,
    readonly limit: number,
    readonly cost: number,
    readonly periodEnd: Date,
  ) {
    super(
      `The ${plan} plan's ${limit} monthly AI credits are used up (${used} used; this operation needs ${cost}). They renew on ${periodEnd.toISOString().slice(0, 10)}.`,
    );
    this.name = 'AiQuotaExceededError';
  }
}

/** AI credits used this calendar month (UTC). */
export function aiCreditsUsed(db: Db, input: { ownerId: string; now: Date }): Promise<{ used: number; period: Window }> {
  return usedInMonth(db, aiCreditUsage, input);
}

/** Checked before an AI operation starts; throws AiQuotaExceededError. */
export async function assertAiCreditsAvailable(db: Db, input: { ownerId: string; needed: number; now?: Date }): Promise<void> {
  const owner = await getOwnerPlan(db, input.ownerId);
  const { used, period } = await aiCreditsUsed(db, { ownerId: input.ownerId, now: input.now ?? new Date() });
  if (used + input.needed > owner.limits.aiCredits)
    throw new AiQuotaExceededError(owner.plan, used, owner.limits.aiCredits, input.needed, period.end);
}

/** Spent once the AI operation has succeeded (never for failures). */
export async function spendAiCredits(db: Db, input: { ownerId: string; amount: number; now?: Date }): Promise<void> {
  const period = monthWindow(input.now ?? new Date());
  await db.orm
    .insert(aiCreditUsage)
    .values({ ownerId: input.ownerId, periodStart: period.start, used: input.amount })
    .onConflictDoUpdate({
      target: [aiCreditUsage.ownerId, aiCreditUsage.periodStart],
      set: { used: sql`${aiCreditUsage.used} + excluded.used` },
    });
}
