import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { PermissionError } from './auth-errors.js';
import { keyUsedColumns, keyUsedView, type KeyUsedView } from './key-used.js';
import type { Db } from './open.js';
import { accounts, apiKeys, auditEvents, teamMembers, users } from './schema.js';

/**
 * What the audit log records: changes to who can reach a workspace and where its renders and events go.
 * Renders, templates and assets are the workspace's content, not its access: their history is the Renders page.
 */
export const AUDIT_ACTIONS = [
  'account.created',
  'account.signed_in',
  'account.password_changed',
  'account.password_reset',
  'account.session_signed_out',
  'account.other_sessions_signed_out',
  'api_key.created',
  'api_key.rotated',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.paused',
  'webhook.resumed',
  'webhook.reenabled',
  'custom_storage.set',
  'custom_storage.removed',
  'url_signing_secret.created',
  'url_signing_secret.revoked',
  'team.created',
  'team.account_added',
  'team.member_removed',
  'team.member_role_changed',
  'team.invite_sent',
  'team.invite_revoked',
  'team.invite_accepted',
  'instance.settings_changed',
  'instance.workspace_plan_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const MAX_LABEL = 300;

/**
 * Who made a change with the admin CLI (`make key`, `keys …`): no account or person signs in there, and there is no
 * address, so the event's account is this marker and the log names it `admin CLI` (docs/audit-log.md).
 */
export const ADMIN_CLI_ACTOR = 'admin-cli';
const ADMIN_CLI_NAME = 'admin CLI';

/** A key as the log names it: its name and masked form (`CI (prs_live_ab12…9f3c)`), or the masked form alone. */
export const keyAuditLabel = (key: { label: string | null; masked: string }): string =>
  key.label ? `${key.label} (${key.masked})` : key.masked;

export interface NewAuditEvent {
  ownerId: string;
  accountId: string;
  at?: Date;
  action: AuditAction;
  targetId?: string | null | undefined;
  targetLabel?: string | null | undefined;
  /** The API key used; null for the dashboard session. */
  keyId: string | null;
  ip?: string | null | undefined;
}

/** An event as listed: who by their email (or the account's name when no person signs in as it), the key masked. */
export interface AuditEventView {
  id: number;
  at: Date;
  action: string;
  actor: { accountId: string; email: string | null; name: string | null };
  target: { id: string | null; label: string | null };
  key: KeyUsedView | null;
  ip: string | null;
}

export async function recordAuditEvent(db: Db, input: NewAuditEvent): Promise<void> {
  const label = input.targetLabel ?? null;
  await db.orm.insert(auditEvents).values({
    ownerId: input.ownerId,
    accountId: input.accountId,
    ...(input.at ? { at: input.at } : {}),
    action: input.action,
    targetId: input.targetId ?? null,
    targetLabel: label !== null && label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label,
    keyId: input.keyId,
    ip: input.ip ?? null,
  });
}

/**
 * A team's audit log is for its owners and admins: it names every member, their addresses and what they changed,
 * which is more than a member needs to render. A personal workspace has one person, its owner. The account is the
 * caller's (a member's own account in the team, with the session or one of its keys), so a key reads what its
 * member may. Throws PermissionError, which the gateway answers with 403 `forbidden`.
 */
export async function requireAuditLogReader(db: Db, account: { id: string; teamId: string | null }): Promise<void> {
  if (account.teamId === null) return;
  const [member] = await db.orm.select({ role: teamMembers.role }).from(teamMembers).where(eq(teamMembers.accountId, account.id));
  if (member?.role === 'owner' || member?.role === 'admin') return;
  throw new PermissionError(
    "Only the team's owners and admins can read its audit log. Ask one of them if you need to know who changed what.",
  );
}

/** Which events a listing keeps: an action (`api_key.revoked`) or a kind of action (`api_key`), and who did it. */
export interface AuditFilter {
  action?: string | undefined;
  /** The event's account (`actor.accountId`). */
  actorId?: string | undefined;
}

/** The actions `action` names: itself when it is one (`api_key.revoked`), else every action of that kind (`api_key`). */
export function auditActionsOf(action: string): string[] {
  if (action.includes('.')) return [action];
  const ofKind = AUDIT_ACTIONS.filter((a) => a.startsWith(`${action}.`));
  // An unknown kind keeps nothing: compared as it is, it matches no recorded action.
  return ofKind.length > 0 ? ofKind : [action];
}

/**
 * How an event's account finds its names: the account itself, and the person signing in as it, through their
 * personal account or through their account in a team.
 */
const ACTOR_JOIN = {
  account: eq(accounts.id, auditEvents.accountId),
  member: eq(teamMembers.accountId, auditEvents.accountId),
  user: or(eq(users.personalAccountId, auditEvents.accountId), eq(users.id, teamMembers.userId)),
};

/** Who did an event, as the log names them (the admin CLI's marker by its name). */
function actorView(accountId: string, names: { email: string | null; userName: string | null; accountName: string | null }) {
  return {
    accountId,
    email: names.email,
    name: names.userName ?? names.accountName ?? (accountId === ADMIN_CLI_ACTOR ? ADMIN_CLI_NAME : null),
  };
}

/**
 * Everyone the workspace's log names, once each (the `actor` filter's choices), with the words events name them by,
 * sorted by those words (email, else name).
 */
export async function listAuditActors(db: Db, ownerId: string): Promise<AuditEventView['actor'][]> {
  const rows = await db.orm
    .selectDistinct({ accountId: auditEvents.accountId, accountName: accounts.name, email: users.email, userName: users.name })
    .from(auditEvents)
    .leftJoin(accounts, ACTOR_JOIN.account)
    .leftJoin(teamMembers, ACTOR_JOIN.member)
    .leftJoin(users, ACTOR_JOIN.user)
    .where(eq(auditEvents.ownerId, ownerId));
  const words = (actor: AuditEventView['actor']) => actor.email ?? actor.name ?? actor.accountId;
  return rows.map(({ accountId, ...names }) => actorView(accountId, names)).sort((a, b) => words(a).localeCompare(words(b)));
}

/** The workspace's events, newest first; `before` (an event id) pages back; `filter` keeps some of them. */
export async function listAuditEvents(
  db: Db,
  query: { ownerId: string; limit: number; before?: number | undefined; filter?: AuditFilter | undefined },
): Promise<AuditEventView[]> {
  const { action, actorId } = query.filter ?? {};
  const rows = await db.orm
    .select({
      row: auditEvents,
      accountName: accounts.name,
      email: users.email,
      userName: users.name,
      ...keyUsedColumns,
    })
    .from(auditEvents)
    .leftJoin(accounts, ACTOR_JOIN.account)
    .leftJoin(teamMembers, ACTOR_JOIN.member)
    .leftJoin(users, ACTOR_JOIN.user)
    .leftJoin(apiKeys, eq(apiKeys.id, auditEvents.keyId))
    .where(
      and(
        eq(auditEvents.ownerId, query.ownerId),
        query.before === undefined ? undefined : lt(auditEvents.id, query.before),
        action === undefined ? undefined : inArray(auditEvents.action, auditActionsOf(action)),
        actorId === undefined ? undefined : eq(auditEvents.accountId, actorId),
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(query.limit);
  return rows.map(({ row, accountName, email, userName, ...joined }) => ({
    id: row.id,
    at: row.at,
    action: row.action,
    actor: actorView(row.accountId, { email, userName, accountName }),
    target: { id: row.targetId, label: row.targetLabel },
    key: keyUsedView(row.keyId, joined),
    ip: row.ip,
  }));
}

/**
 * Every event of the workspace (or those `filter` keeps), newest first, a page at a time (the CSV export): one page in memory, however long
 * the log. Each page starts below the last id of the one before, so events added meanwhile are not repeated.
 */
export async function* auditEventPages(
  db: Db,
  query: { ownerId: string; pageSize: number; filter?: AuditFilter | undefined },
): AsyncGenerator<AuditEventView[]> {
  let before: number | undefined;
  for (;;) {
    const page = await listAuditEvents(db, { ownerId: query.ownerId, limit: query.pageSize, before, filter: query.filter });
    if (page.length > 0) yield page;
    if (page.length < query.pageSize) return;
    before = page.at(-1)!.id;
  }
}

/**
 * Deletes up to `limit` events recorded before `before`, in every workspace (PRESSROOM_AUDIT_RETENTION_DAYS; the
 * scheduler's sweep). Bounded so one statement never holds a long lock or a huge transaction after the setting is
 * lowered; resolves with how many went, so a full batch tells the caller more may be left.
 */
export async function deleteAuditEventsBefore(db: Db, input: { before: Date; limit: number }): Promise<number> {
  const oldest = db.orm.select({ id: auditEvents.id }).from(auditEvents).where(lt(auditEvents.at, input.before)).limit(input.limit);
  const deleted = await db.orm.delete(auditEvents).where(inArray(auditEvents.id, oldest)).returning({ id: auditEvents.id });
  return deleted.length;
}
