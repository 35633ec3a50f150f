import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { PermissionError } from './auth-errors.js';
import { revokeApiKey, rotateApiKey, toView, type ApiKeyView, type IssuedApiKey } from './api-keys.js';
import type { Db } from './open.js';
import { accounts, apiKeys, teamMembers, users } from './schema.js';
import { getMembership } from './team-membership.js';
import type { WorkspaceRole } from './workspaces.js';

// The API keys of a dashboard workspace. In a team each member creates keys on its own member account
// (team-membership.ts), and every one of them renders into the team and spends its credits (the contract:
// "keys ... are shared by all members"), so the team's workspace lists them all, with who created each.

/** Who looks at the keys: the signed-in user and the account its session acts as. */
export interface KeyViewer {
  userId: string;
  account: { id: string; teamId: string | null };
}

export interface WorkspaceKey extends ApiKeyView {
  /** The person whose account holds the key; null for an admin-CLI account no one signs in to. */
  createdBy: { id: string; email: string; name: string | null } | null;
  /** Created by the viewer (in this workspace). */
  mine: boolean;
  canRotate: boolean;
  canRevoke: boolean;
}

/**
 * What the viewer may do with a key of its workspace. Revoke: its own, and as a team's owner or admin any of the
 * team's keys, as owners and admins manage the team's members and invitations (a leaked or forgotten CI key must
 * not wait for its creator). Rotate: its own only, because the new secret is shown once to whoever rotates it while
 * the key stays its creator's.
 */
export function keyRights(input: { mine: boolean; role: WorkspaceRole | null }): { canRotate: boolean; canRevoke: boolean } {
  return { canRotate: input.mine, canRevoke: input.mine || input.role === 'owner' || input.role === 'admin' };
}

async function viewerRole(db: Db, viewer: KeyViewer): Promise<WorkspaceRole | null> {
  if (viewer.account.teamId === null) return null;
  return (await getMembership(db, { teamId: viewer.account.teamId, userId: viewer.userId }))?.role ?? null;
}

async function workspaceKeys(db: Db, viewer: KeyViewer, only?: SQL): Promise<WorkspaceKey[]> {
  const role = await viewerRole(db, viewer);
  const inWorkspace =
    viewer.account.teamId === null ? eq(apiKeys.accountId, viewer.account.id) : eq(accounts.teamId, viewer.account.teamId);
  const rows = await db.orm
    .select({ key: apiKeys, userId: users.id, email: users.email, name: users.name })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .leftJoin(teamMembers, eq(teamMembers.accountId, accounts.id))
    // A member account's person, or the person of a personal (or admin-CLI) account.
    .leftJoin(users, or(eq(users.id, teamMembers.userId), eq(users.personalAccountId, accounts.id)))
    .where(and(isNull(apiKeys.revokedAt), inWorkspace, only))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => {
    const mine = row.key.accountId === viewer.account.id;
    return {
      ...toView(row.key),
      createdBy: row.userId === null ? null : { id: row.userId, email: row.email!, name: row.name },
      mine,
      ...keyRights({ mine, role }),
    };
  });
}

/** The workspace's active keys, newest first, masked: in a team, every member's. */
export function listWorkspaceKeys(db: Db, viewer: KeyViewer): Promise<WorkspaceKey[]> {
  return workspaceKeys(db, viewer);
}

/** One active key of the workspace, or null (unknown, revoked, or another workspace's: all look alike). */
export async function findWorkspaceKey(db: Db, viewer: KeyViewer, keyId: string): Promise<WorkspaceKey | null> {
  return (await workspaceKeys(db, viewer, eq(apiKeys.id, keyId)))[0] ?? null;
}

function whoseKey(key: WorkspaceKey): string {
  const label = key.label ? `“${key.label}”` : `The key ${key.masked}`;
  const by = key.createdBy ? key.createdBy.name || key.createdBy.email : 'an account of the team made with the admin CLI';
  return `${label} was created by ${by}`;
}

/** Revokes a key of the workspace; null when there is no such active key. Throws PermissionError (keyRights). */
export async function revokeWorkspaceKey(db: Db, viewer: KeyViewer, keyId: string): Promise<WorkspaceKey | null> {
  const key = await findWorkspaceKey(db, viewer, keyId);
  if (!key) return null;
  if (!key.canRevoke)
    throw new PermissionError(`${whoseKey(key)}: only they and the team's owners and admins can revoke it. Ask one of them to.`);
  await revokeApiKey(db, key.id);
  return key;
}

/**
 * Replaces the viewer's own key with a new one (shown once), with the key it replaced; null when there is no such
 * active key.
 */
export async function rotateWorkspaceKey(
  db: Db,
  viewer: KeyViewer,
  keyId: string,
): Promise<(IssuedApiKey & { replaced: WorkspaceKey }) | null> {
  const key = await findWorkspaceKey(db, viewer, keyId);
  if (!key) return null;
  if (!key.canRotate)
    throw new PermissionError(
      `${whoseKey(key)}: only they can rotate it, because the new key is shown once to whoever rotates it. The team's owners and admins can revoke it.`,
    );
  return { ...(await rotateApiKey(db, key.id)), replaced: key };
}
