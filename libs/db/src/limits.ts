import { and, eq, sql } from 'drizzle-orm';
import { PLANS, type Plan } from '@pressroom/contracts';
import { sqlRows, type Db } from './open.js';
import { PLAN_LIMITS, dayWindow, minuteWindow, monthWindow, type PlanLimits, type Window } from './plan-limits.js';
import type { NewRender, RenderRow } from './renders.js';
import { statement } from './statement.js';
import { accounts, aiCreditUsage, creditUsage, planSettings, teams } from './schema.js';

/** The plan in force for an owner (a team's plan for its members) with its effective limits. */
export interface OwnerPlan {
  ownerId: string;
  plan: Plan;
  limits: PlanLimits;
  /** Paid plans only: no credit cap, usage still counted. */
  overage: boolean;
}

/** A stored plan name as a Plan; anything unknown reads as free. */
export function asPlan(value: string): Plan {
  return (PLANS as readonly string[]).includes(value) ? (value as Plan) : 'free';
}

/** Resolve the owner's plan (team row first, then account row) and enterprise/overage settings. */
export async function getOwnerPlan(db: Db, ownerId: string): Promise<OwnerPlan> {
  // One statement, not three: every render reads this (docs/adr/0040-pdf-path.md: in the embedded
  // process each PGlite round trip costs CPU the renders need).
  const [row] = await db.orm
    .select({
      teamPlan: sql<string | null>`(select ${teams.plan} from ${teams} where ${teams.id} = ${ownerId})`,
      accountPlan: sql<string | null>`(select ${accounts.plan} from ${accounts} where ${accounts.id} = ${ownerId})`,
      perMinute: planSettings.perMinute,
      perDay: planSettings.perDay,
      renderCredits: planSettings.renderCredits,
      aiCredits: planSettings.aiCredits,
      overage: planSettings.overage,
    })
    .from(sql`(select 1) as owner`)
    .leftJoin(planSettings, eq(planSettings.ownerId, ownerId));
  const plan = asPlan(row?.teamPlan ?? row?.accountPlan ?? 'free');
  return { ownerId, plan, limits: effectiveLimits(plan, row), overage: plan !== 'free' && (row?.overage ?? false) };
}

/**
 * A plan's limits with an owner's stored overrides over them. Custom limits are an enterprise feature (a plan change
 * only sets them there and clears them when an owner leaves enterprise); stored overrides are honoured on any plan so
 * operators and tests can lift a limit without changing the plan's other rules (batch caps, overage).
 */
export function effectiveLimits(
  plan: Plan,
  stored: { perMinute: number | null; perDay: number | null; renderCredits: number | null; aiCredits: number | null } | undefined,
): PlanLimits {
  const base = PLAN_LIMITS[plan];
  return {
    perMinute: stored?.perMinute || base.perMinute,
    perDay: stored?.perDay || base.perDay,
    renderCredits: stored?.renderCredits || base.renderCredits,
    aiCredits: stored?.aiCredits || base.aiCredits,
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
 * Count one request (or `hits` counted elsewhere meanwhile) in the owner's `scope` window and return the new count. One atomic
 * upsert, so concurrent gateway processes see consecutive counts: exactly `limit` pass.
 */
export async function hitCounter(db: Db, input: { ownerId: string; scope: string; window: Window; hits?: number }): Promise<number> {
  const hits = input.hits ?? 1;
  const rows = await sqlRows<{ count: number }>(
    db,
    sql`INSERT INTO rate_counters (owner_id, scope, window_start, count)
        VALUES (${input.ownerId}, ${input.scope}, ${input.window.start.toISOString()}::timestamptz, ${hits}::integer)
        ON CONFLICT (owner_id, scope, window_start) DO UPDATE SET count = rate_counters.count + excluded.count
        RETURNING count`,
  );
  return Number(rows[0]!.count);
}

/** A counter's current count (0 when it has no row yet). */
export async function readCounter(db: Db, input: { ownerId: string; scope: string; window: Window }): Promise<number> {
  const rows = await sqlRows<{ count: number }>(
    db,
    sql`SELECT count FROM rate_counters
        WHERE owner_id = ${input.ownerId} AND scope = ${input.scope} AND window_start = ${input.window.start.toISOString()}::timestamptz`,
  );
  return Number(rows[0]?.count ?? 0);
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
  const day: WindowCount = { scope: 'day', limit: input.limits.perDay, count: 0, window: dayWindow(input.now) };
  // Both windows in one statement (one round trip per request); the day's upsert only runs
  // when the minute's new count is within its limit.
  const [counts] = await sqlRows<{ minute: number; day: number | null }>(
    db,
    sql`WITH m AS (
          INSERT INTO rate_counters (owner_id, scope, window_start, count)
          VALUES (${input.ownerId}, 'minute', ${minute.window.start.toISOString()}::timestamptz, 1)
          ON CONFLICT (owner_id, scope, window_start) DO UPDATE SET count = rate_counters.count + 1
          RETURNING count
        ), d AS (
          INSERT INTO rate_counters (owner_id, scope, window_start, count)
          SELECT ${input.ownerId}, 'day', ${day.window.start.toISOString()}::timestamptz, 1 FROM m WHERE m.count <= ${minute.limit}
          ON CONFLICT (owner_id, scope, window_start) DO UPDATE SET count = rate_counters.count + 1
          RETURNING count
        )
        SELECT (SELECT count FROM m) AS minute, (SELECT count FROM d) AS day`,
  );
  minute.count = Number(counts!.minute);
  if (minute.count > minute.limit) return { allowed: false, reported: minute };
  day.count = Number(counts!.day);
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

/**
 * What the owner can do before the credits renew, for the quota problem's detail: overage on a paid plan, a bigger
 * plan below the top one (the top plan has nothing to upgrade to, and free has no overage).
 */
function quotaWayOut(plan: Plan): string {
  const ways = [plan === 'free' ? null : 'turn on overage billing', plan === PLANS.at(-1) ? null : 'upgrade the plan'];
  return `to render before then, ${ways.filter((way) => way !== null).join(' or ')}`;
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
      `The ${plan} plan's ${limit} monthly render credits are used up (${used} used; this render needs ${cost}). They renew on ${periodEnd.toISOString().slice(0, 10)}; ${quotaWayOut(plan)}.`,
    );
    this.name = 'QuotaExceededError';
  }
}

/** Each plan's monthly render credits as SQL VALUES rows: constants, so written into the statement once. */
const PLAN_CREDIT_ROWS = PLANS.map((plan) => {
  if (!/^[a-z]+$/.test(plan)) throw new Error(`plan name ${plan} cannot be written into SQL as it is`);
  return `('${plan}'::text, ${Number(PLAN_LIMITS[plan].renderCredits)}::double precision)`;
}).join(', ');

/**
 * One statement, so all happen or none without a transaction's extra round trips (every render runs
 * this; docs/adr/0040-pdf-path.md, 0046): the owner's monthly credit limit is read fresh inside it (a
 * plan or overage change applies to the next render, with no plan cache involved), the credits are
 * reserved only while they fit (a first render dearer than the whole pool reserves nothing), and the
 * queued row is inserted only when they were. The limit follows getOwnerPlan's rules: the team's plan
 * first, an unknown plan counts as free, a stored override (non-zero) wins, overage on a paid plan lifts it.
 * $1 owner, $2 month start, $3 cost, $4–$14 the row, $15 publish pending (published_at stays null, docs/adr/0065).
 */
const INSERT_RENDER_WITHIN_CREDITS = statement(`WITH owner_plan AS (
    SELECT coalesce((SELECT plan FROM teams WHERE id = $1), (SELECT plan FROM accounts WHERE id = $1)) AS plan,
           ps.render_credits, ps.overage
    FROM (SELECT 1) AS one LEFT JOIN plan_settings ps ON ps.owner_id = $1
  ), credit_limit AS (
    SELECT CASE
             WHEN base.plan IS NOT NULL AND base.plan <> 'free' AND coalesce(p.overage, false) THEN ${Number.MAX_SAFE_INTEGER}::double precision
             ELSE coalesce(nullif(p.render_credits, 0), base.credits, ${PLAN_LIMITS.free.renderCredits}::double precision)
           END AS credits
    FROM owner_plan p LEFT JOIN (VALUES ${PLAN_CREDIT_ROWS}) AS base(plan, credits) ON base.plan = p.plan
  ), reserved AS (
    INSERT INTO credit_usage (owner_id, period_start, used)
    SELECT $1, $2::timestamptz, $3::double precision
    FROM credit_limit WHERE $3::double precision <= credit_limit.credits
    ON CONFLICT (owner_id, period_start) DO UPDATE SET used = credit_usage.used + excluded.used
    WHERE credit_usage.used + excluded.used <= (SELECT credits FROM credit_limit)
    RETURNING used
  )
  INSERT INTO renders (id, owner_id, account_id, kind, origin, via, state, template_id, format, width, height, cost, details, created_at, published_at)
  SELECT $4, $1, $5, $6, $7, $14::text, 'queued', $8::text, $9, $10::integer, $11::integer, $3::double precision, $12::jsonb, $13::timestamptz,
         CASE WHEN $15::boolean THEN NULL ELSE now() END
  FROM reserved
  RETURNING id`);

/**
 * Insert a render row only when the owner's monthly credits allow its cost. The render's cost is
 * added to the owner's `credit_usage` row of the month by one conditional upsert in the same
 * transaction: the row lock serialises concurrent requests on any replica, so they cannot
 * overshoot, and the check reads one row however many renders the month holds. `failRender`
 * gives the cost back. Throws QuotaExceededError.
 */
export async function insertRenderWithinCredits(db: Db, row: NewRender, now: Date = new Date()): Promise<RenderRow> {
  const cost = row.cost ?? 1;
  const period = monthWindow(now);
  const details = row.details ? JSON.stringify(row.details) : null;
  const inserted = await db.rows<{ id: string }>(INSERT_RENDER_WITHIN_CREDITS, [
    row.ownerId,
    period.start.toISOString(),
    cost,
    row.id,
    row.accountId,
    row.kind,
    row.origin,
    row.templateId,
    row.format,
    row.width,
    row.height,
    details,
    now.toISOString(),
    row.via ?? null,
    row.publishPending ?? false,
  ]);
  if (inserted.length === 0) {
    // Refused (rare): read the plan for the problem's wording.
    const plan = await getOwnerPlan(db, row.ownerId);
    const [current] = await db.orm
      .select({ used: creditUsage.used })
      .from(creditUsage)
      .where(and(eq(creditUsage.ownerId, row.ownerId), eq(creditUsage.periodStart, period.start)));
    throw new QuotaExceededError(plan.plan, current?.used ?? 0, plan.limits.renderCredits, cost, period.end);
  }
  return {
    id: row.id,
    ownerId: row.ownerId,
    accountId: row.accountId,
    kind: row.kind,
    origin: row.origin,
    via: row.via ?? null,
    state: 'queued',
    templateId: row.templateId,
    format: row.format,
    width: row.width,
    height: row.height,
    url: null,
    storageKey: null,
    contentType: null,
    error: null,
    cost,
    details: row.details ?? null,
    userStorageUrl: null,
    userStorageError: null,
    createdAt: now,
    startedAt: null,
    completedAt: null,
  };
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
