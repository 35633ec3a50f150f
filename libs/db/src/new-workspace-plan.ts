import { sql } from 'drizzle-orm';
import { INSTANCE_SETTINGS_ROW } from './schema.js';

/**
 * The plan a new account or team starts on, read inside its own insert (no extra statement): the instance owner's
 * choice (Instance → Workspaces and plans), free until one is made.
 */
export const newWorkspacePlanSql = sql<string>`coalesce((select new_workspace_plan from instance_settings where id = ${INSTANCE_SETTINGS_ROW}), 'free')`;
