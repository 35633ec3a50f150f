import { z } from 'zod';
import { PLANS } from './plan-change.js';

/*
 * What the dashboard's session, team and instance endpoints answer (docs/dashboard-api.md). The
 * gateway's session view (services/gateway/src/dashboard/session-view.ts) returns these types.
 */

const timestamp = z.string().describe('ISO 8601 date-time (UTC).');
const workspaceRole = z.enum(['owner', 'admin', 'member']);

/** A dashboard user, as sign-up, sign-in and the session show it. */
export const UserView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  instanceRole: z.enum(['owner', 'member']).describe("`owner`: the instance's owner (its settings and every workspace's plan)."),
  hasPassword: z.boolean().describe('False for a user who only signs in with single sign-on.'),
});
export type UserView = z.infer<typeof UserView>;

/** GET /auth/session, and every call that starts or changes a session. */
export const SessionView = z.object({
  user: UserView,
  workspaces: z
    .array(z.object({ id: z.string(), kind: z.enum(['personal', 'team']), name: z.string(), role: workspaceRole }))
    .describe('Where the user can work: its personal account, then each team it belongs to.'),
  workspaceId: z.string().nullable().describe('The workspace the session acts as.'),
});
export type SessionView = z.infer<typeof SessionView>;

/**
 * What GET /auth/session answers: the session with `signedIn: true`, or, only under `?ifNone=empty`
 * (SessionLookupQuery), `{signedIn: false}` when nobody is signed in (docs/adr/0076-settings-not-set-answer.md).
 */
export const SessionLookup = z.union([
  SessionView.extend({ signedIn: z.literal(true) }),
  z
    .object({ signedIn: z.literal(false) })
    .describe('Only under `?ifNone=empty`: no session cookie, or one that expired or was signed out.'),
]);
export type SessionLookup = z.infer<typeof SessionLookup>;

/** An entry of GET /auth/sessions: one browser the user is signed in with (never its token). */
export const UserSessionView = z.object({
  id: z.string().describe('Opaque: names the session for DELETE /auth/sessions/{id}; it cannot sign anyone in.'),
  browser: z
    .string()
    .nullable()
    .describe('The browser and system from its User-Agent at sign-in (`Firefox on Windows`); null when unknown.'),
  createdAt: timestamp.describe('When it signed in.'),
  lastUsedAt: timestamp.nullable().describe('When it last made a request (to the minute); null: not since this was kept.'),
  current: z.boolean().describe('The session that asked: this browser.'),
});

/** GET /auth/sessions. */
export const UserSessionList = z.object({ items: z.array(UserSessionView).describe('This browser first, then the latest used.') });
export type UserSessionList = z.infer<typeof UserSessionList>;

/** POST /auth/sessions/sign-out-others. */
export const OtherSessionsSignedOut = z.object({ signedOut: z.number().int().describe('How many other browsers were signed out.') });
export type OtherSessionsSignedOut = z.infer<typeof OtherSessionsSignedOut>;

/** POST /auth/sign-up and POST /auth/sign-in. */
export const SignedIn = z.object({ user: UserView });

/** An entry of GET /teams, and the 201 of POST /teams. */
export const TeamView = z.object({ id: z.string(), name: z.string(), role: workspaceRole.describe("The user's role in the team.") });
export type TeamView = z.infer<typeof TeamView>;

export const TeamMemberView = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: workspaceRole,
  joinedAt: timestamp,
});

/** POST /invites/{token}/accept: the team joined, and the session now acting in it. */
export const InviteAccepted = z.object({
  team: z.object({ id: z.string(), name: z.string() }),
  alreadyMember: z.boolean().describe('The user was a member already: the invitation was left unused, for whoever it was meant for.'),
  session: SessionView,
});

/** A plan's limits: requests per minute and day, render and AI credits per month. */
export const PlanLimitsView = z.object({
  perMinute: z.number().int(),
  perDay: z.number().int(),
  renderCredits: z.number(),
  aiCredits: z.number(),
});

const plan = z.enum(PLANS);

/** GET /instance/workspaces: every plan holder, and each plan's own limits. */
export const PlanHolders = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['account', 'team']),
      name: z.string(),
      email: z
        .string()
        .nullable()
        .describe('The person whose personal account it is; null for a team or an account made with the admin CLI.'),
      members: z.number().int().nullable().describe("A team's member count; null for an account."),
      plan,
      overage: z.boolean(),
      customLimits: z.boolean().describe("Enterprise limits set for this holder alone (else the plan's own)."),
      limits: PlanLimitsView,
      creditsUsed: z.number().describe('Render credits used this calendar month (UTC).'),
    }),
  ),
  plans: z.object(Object.fromEntries(PLANS.map((name) => [name, PlanLimitsView])) as Record<(typeof PLANS)[number], typeof PlanLimitsView>),
});

/** PUT /instance/workspaces/{id}/plan: the holder's plan as it now is. */
export const HolderPlanChanged = z.object({
  id: z.string(),
  kind: z.enum(['account', 'team']),
  plan,
  overage: z.boolean(),
  limits: PlanLimitsView,
});
