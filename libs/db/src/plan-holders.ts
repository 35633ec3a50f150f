import { sql } from 'drizzle-orm';
import { CUSTOM_LIMIT_FIELDS, type Plan, type PlanChange } from '@pressroom/contracts';
import { NotFoundError } from './errors.js';
import { asPlan, effectiveLimits, setOwnerPlan, type PlanSettingsInput } from './limits.js';
import { sqlRows, type Db } from './open.js';
import { monthWindow, type PlanLimits } from './plan-limits.js';

/**
 * Whoever holds a plan of its own: an account outside any team (a person's personal account, or one made with
 * the admin CLI) or a team (its members' accounts use the team's plan). What the instance owner manages.
 */
export interface PlanHolder {
  id: string;
  kind: 'account' | 'team';
  name: string;
  /** The person whose personal account it is; null for a team or an account made with the admin CLI. */
  email: string | null;
  /** A team's member count; null for an account. */
  members: number | null;
  plan: Plan;
  overage: boolean;
  /** Enterprise limits set for this holder alone (the plan's defaults otherwise). */
  customLimits: boolean;
  limits: PlanLimits;
  /** Render credits used in this calendar month (UTC). */
  creditsUsed: number;
}

/** The most holders one listing answers (an instance's owner page, not a billing export). */
export const PLAN_HOLDERS_MAX = 1000;

interface HolderRow {
  id: string;
  kind: 'account' | 'team';
  name: string;
  plan: string;
  email: string | null;
  members: number | string | null;
  per_minute: number | null;
  per_day: number | null;
  render_credits: number | null;
  ai_credits: number | null;
  overage: boolean | null;
  used: number | string | null;
}

/** Every plan holder of the instance, teams first, then accounts, each by name, with this month's credits. */
export async function listPlanHolders(db: Db, now: Date = new Date()): Promise<PlanHolder[]> {
  const period = monthWindow(now).start.toISOString();
  const rows = await sqlRows<HolderRow>(
    db,
    sql`SELECT h.id, h.kind, h.name, h.plan, h.email, h.members,
          ps.per_minute, ps.per_day, ps.render_credits, ps.ai_credits, ps.overage, cu.used
        FROM (
          SELECT t.id, 'team' AS kind, t.name, t.plan, NULL AS email,
                 (SELECT count(*) FROM team_members m WHERE m.team_id = t.id) AS members
            FROM teams t
          UNION ALL
          SELECT a.id, 'account' AS kind, a.name, a.plan, u.email, NULL AS members
            FROM accounts a LEFT JOIN users u ON u.personal_account_id = a.id
           WHERE a.team_id IS NULL
        ) h
        LEFT JOIN plan_settings ps ON ps.owner_id = h.id
        LEFT JOIN credit_usage cu ON cu.owner_id = h.id AND cu.period_start = ${period}::timestamptz
        ORDER BY h.kind DESC, h.name
        LIMIT ${PLAN_HOLDERS_MAX}`,
  );
  return rows.map((r) => {
    const plan = asPlan(r.plan);
    const stored = { perMinute: r.per_minute, perDay: r.per_day, renderCredits: r.render_credits, aiCredits: r.ai_credits };
    return {
      id: r.id,
      kind: r.kind,
      name: r.name,
      email: r.email,
      members: r.members === null ? null : Number(r.members),
      plan,
      overage: plan !== 'free' && (r.overage ?? false),
      customLimits: Object.values(stored).some((v) => v !== null && v !== 0),
      // The same reading as getOwnerPlan: a stored override wins over the plan's default.
      limits: effectiveLimits(plan, stored),
      creditsUsed: Number(r.used ?? 0),
    };
  });
}

/**
 * What a plan change stores besides the plan: the custom limits given (enterprise only, which the body's
 * schema checks), every custom limit forgotten when the holder leaves enterprise, overage turned off on free.
 */
export function planSettingsFor(change: PlanChange): PlanSettingsInput {
  const settings: PlanSettingsInput = {};
  if (change.plan === 'enterprise') {
    for (const field of CUSTOM_LIMIT_FIELDS) {
      if (change[field] !== undefined) settings[field] = change[field];
    }
  } else {
    Object.assign(settings, { perMinute: null, perDay: null, renderCredits: null, aiCredits: null });
  }
  if (change.overage !== undefined) settings.overage = change.overage;
  else if (change.plan === 'free') settings.overage = false;
  return settings;
}

/** Apply a plan change to an account or a team (found by id); NotFoundError when it is neither. */
export async function changeHolderPlan(db: Db, id: string, change: PlanChange): Promise<'account' | 'team'> {
  const [row] = await sqlRows<{ kind: 'account' | 'team' }>(
    db,
    sql`SELECT 'team' AS kind FROM teams WHERE id = ${id}
        UNION ALL SELECT 'account' AS kind FROM accounts WHERE id = ${id} AND team_id IS NULL`,
  );
  if (!row) throw new NotFoundError('Workspace', id);
  await setOwnerPlan(db, { ownerId: id, kind: row.kind, plan: change.plan, settings: planSettingsFor(change) });
  return row.kind;
}
