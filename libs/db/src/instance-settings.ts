import { eq, sql } from 'drizzle-orm';
import type { Plan } from '@pressroom/contracts';
import { asPlan } from './limits.js';
import type { Db } from './open.js';
import { INSTANCE_SETTINGS_ROW, instanceSettings } from './schema.js';
import type { SignupMode } from './users.js';

/** The instance owner's settings as the dashboard shows them: what is in force, defaults filled in. */
export interface InstanceSettings {
  signupMode: SignupMode;
  /** The plan new personal accounts, admin-CLI accounts and teams start on (docs/limits.md). */
  newWorkspacePlan: Plan;
}

export type InstanceSettingsChange = { [K in keyof InstanceSettings]?: InstanceSettings[K] | undefined };

type StoredRow = { signupMode: SignupMode | null; newWorkspacePlan: string | null } | undefined;

const columns = { signupMode: instanceSettings.signupMode, newWorkspacePlan: instanceSettings.newWorkspacePlan };

/** Fills in what was never stored: the configured sign-up mode, the free plan. */
function inForce(row: StoredRow, configuredSignupMode: SignupMode): InstanceSettings {
  return { signupMode: row?.signupMode ?? configuredSignupMode, newWorkspacePlan: asPlan(row?.newWorkspacePlan ?? 'free') };
}

/** Every instance setting in one read of its single row. */
export async function getInstanceSettings(db: Db, opts: { configuredSignupMode: SignupMode }): Promise<InstanceSettings> {
  const [row] = await db.orm.select(columns).from(instanceSettings).where(eq(instanceSettings.id, INSTANCE_SETTINGS_ROW));
  return inForce(row, opts.configuredSignupMode);
}

/** Stores the settings given (the others keep their value) and answers what is in force, in one statement. */
export async function updateInstanceSettings(
  db: Db,
  change: InstanceSettingsChange,
  opts: { configuredSignupMode: SignupMode },
): Promise<InstanceSettings> {
  const set = {
    ...(change.signupMode !== undefined && { signupMode: change.signupMode }),
    ...(change.newWorkspacePlan !== undefined && { newWorkspacePlan: change.newWorkspacePlan }),
  };
  const [row] = await db.orm
    .insert(instanceSettings)
    .values({ id: INSTANCE_SETTINGS_ROW, ...set })
    .onConflictDoUpdate({ target: instanceSettings.id, set: { ...set, updatedAt: sql`now()` } })
    .returning(columns);
  return inForce(row, opts.configuredSignupMode);
}
