import type { SessionView, UserView } from '@pressroom/contracts';
import { listWorkspaces, workspaceOfAccount, type Db, type User } from '@pressroom/db';

/** What GET /auth/session (and every route that starts or changes a session) answers. */
export async function sessionView(db: Db, input: { user: User; accountId: string }): Promise<SessionView> {
  const workspaces = await listWorkspaces(db, input.user);
  const current = workspaceOfAccount(workspaces, input.accountId);
  return {
    user: userView(input.user),
    workspaces: workspaces.map(({ id, kind, name, role }) => ({ id, kind, name, role })),
    workspaceId: current?.id ?? null,
  };
}

export function userView(user: User): UserView {
  return { id: user.id, email: user.email, name: user.name, instanceRole: user.instanceRole, hasPassword: user.hasPassword };
}
