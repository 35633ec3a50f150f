import { asc, eq } from 'drizzle-orm';
import type { Db } from './open.js';
import { accounts, teamMembers, teams } from './schema.js';

export type WorkspaceRole = 'owner' | 'admin' | 'member';

/**
 * Where a signed-in user can work: its personal account (id = the account id) and each
 * team it belongs to (id = the team id). `accountId` is the account the session then acts as.
 */
export interface Workspace {
  id: string;
  kind: 'personal' | 'team';
  name: string;
  role: WorkspaceRole;
  accountId: string;
}

export async function listWorkspaces(db: Db, user: { id: string; personalAccountId: string }): Promise<Workspace[]> {
  const [personal] = await db.orm.select().from(accounts).where(eq(accounts.id, user.personalAccountId));
  const memberships = await db.orm
    .select({ teamId: teams.id, name: teams.name, role: teamMembers.role, accountId: teamMembers.accountId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, user.id))
    .orderBy(asc(teams.name));
  const out: Workspace[] = [];
  if (personal) out.push({ id: personal.id, kind: 'personal', name: personal.name, role: 'owner', accountId: personal.id });
  for (const m of memberships) out.push({ id: m.teamId, kind: 'team', name: m.name, role: m.role, accountId: m.accountId });
  return out;
}

/** The workspace a session acting as `accountId` is in. */
export function workspaceOfAccount(workspaces: Workspace[], accountId: string): Workspace | undefined {
  return workspaces.find((w) => w.accountId === accountId);
}
