import { eq, sql } from 'drizzle-orm';
import type { Plan } from '@pressroom/contracts';
import { asPlan } from './limits.js';
import type { Db } from './open.js';
import { INSTANCE_SETTINGS_ROW, instanceSettings } from './schema.js';

/**
 * The plan a new account or team starts on, read inside its own insert (no extra statement): the instance owner's
 * choice (Instance → Workspaces and plans), free until one is made.
 */
export const newWorkspacePlanSql = sql<string>`coalesce((select new_workspace_plan from instance_settings where id = ${INSTANCE_SETTINGS_ROW}), 'free')`;

/** The plan new accounts and teams start on. */
export async function getNewWorkspacePlan(db: Db): Promise<Plan> {
  const [row] = await db.orm
    .select({ plan: instanceSettings.newWorkspacePlan })
    .from(instanceSettings)
    .where(eq(instanceSettings.id, INSTANCE_SETTINGS_ROW));
  return asPlan(row?.plan ?? 'free');
}

export async function setNewWorkspacePlan(db: Db, plan: Plan): Promise<void> {
  await db.orm
    .insert(instanceSettings)
    .values({ id: INSTANCE_SETTINGS_ROW, newWorkspacePlan: plan })
    .onConflictDoUpdate({ target: instanceSettings.id, set: { newWorkspacePlan: plan, updatedAt: sql`now()` } });
}
