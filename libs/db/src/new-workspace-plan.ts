import { eq, sql } from 'drizzle-orm';
import { PLANS, type Plan } from '@pressroom/contracts';
import type { Db } from './open.js';
import { instanceSettings } from './schema.js';

/** The instance's one settings row (users.ts claims it for the first user). */
const INSTANCE_ROW = 'instance';

/**
 * The plan a new account or team starts on, read inside its own insert (no extra statement): the instance owner's
 * choice (Instance → Workspaces and plans), free until one is made.
 */
export const newWorkspacePlanSql = sql<string>`coalesce((select new_workspace_plan from instance_settings where id = ${INSTANCE_ROW}), 'free')`;

/** The plan new accounts and teams start on. */
export async function getNewWorkspacePlan(db: Db): Promise<Plan> {
  const [row] = await db.orm
    .select({ plan: instanceSettings.newWorkspacePlan })
    .from(instanceSettings)
    .where(eq(instanceSettings.id, INSTANCE_ROW));
  const plan = row?.plan ?? 'free';
  return (PLANS as readonly string[]).includes(plan) ? (plan as Plan) : 'free';
}

export async function setNewWorkspacePlan(db: Db, plan: Plan): Promise<void> {
  await db.orm
    .insert(instanceSettings)
    .values({ id: INSTANCE_ROW, newWorkspacePlan: plan })
    .onConflictDoUpdate({ target: instanceSettings.id, set: { newWorkspacePlan: plan, updatedAt: sql`now()` } });
}
