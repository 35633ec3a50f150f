import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, teams } from './schema.js';

// People who sign in to the dashboard (docs/auth.md). Re-exported by schema.ts (drizzle-kit reads it from there).
// This file must only import drizzle-orm and the base schema: drizzle-kit loads it on its own.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user acts through accounts: its personal account, and one member account per team
 * (whose owner id is the team), so a session reaches every existing route exactly like a key.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Lower-cased. */
    email: text('email').notNull().unique(),
    name: text('name'),
    /** `scrypt$N$r$p$salt$hash` (base64url); null for OIDC-only users and admin-CLI accounts without a password yet. */
    passwordHash: text('password_hash'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /** 'owner' for the first user of the instance, 'member' for everyone else. */
    instanceRole: text('instance_role').$type<'owner' | 'member'>().notNull().default('member'),
    personalAccountId: text('personal_account_id')
      .notNull()
      .references(() => accounts.id),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: at('locked_until'),
    /**
     * The account the user's latest session was put in (personal or a team member account): the next sign-in starts
     * there while the user still belongs to it (sessions.ts lastWorkspaceAccountId). Null: the personal workspace.
     */
    lastAccountId: text('last_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_oidc_idx').on(t.oidcIssuer, t.oidcSubject)],
);

/** Emailed password-reset links (password-resets.ts): single-use, short-lived; only the token's sha256 is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Server-side sessions; the cookie carries a random token, only its sha256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account the session acts as: the personal account or a team member account. */
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Written at most once a minute (sessions.ts); null for a session from before it was kept. */
    lastUsedAt: at('last_used_at'),
    /** The browser's User-Agent at sign-in, cut to 300 characters, so Account can tell the person's browsers apart. */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'owner' | 'admin' | 'member'>().notNull(),
    /** The account (team_id = this team) the user acts as in the team workspace. */
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_members_team_user_idx').on(t.teamId, t.userId), index('team_members_user_idx').on(t.userId)],
);

/**
 * An invitation link; only the sha256 of its token is stored. `id` names it in the team's list and on revoke,
 * so neither the token nor its hash ever leaves the server.
 */
export const teamInvites = pgTable(
  'team_invites',
  {
    tokenHash: text('token_hash').primaryKey(),
    id: text('id').notNull().unique(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    role: text('role').$type<'admin' | 'member'>().notNull(),
    email: text('email'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('team_invites_team_idx').on(t.teamId)],
);

/** The id of instance_settings' one row. */
export const INSTANCE_SETTINGS_ROW = 'instance';

/** Instance-wide settings, one row (id = INSTANCE_SETTINGS_ROW). */
export const instanceSettings = pgTable('instance_settings', {
  id: text('id').primaryKey(),
  signupMode: text('signup_mode').$type<'open' | 'invite' | 'closed'>(),
  /** The plan new personal accounts, admin-CLI accounts and teams start on; null: free. */
  newWorkspacePlan: text('new_workspace_plan'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
