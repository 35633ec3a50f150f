import { SignUpRefusedError } from './auth-errors.js';
import { getInstanceSettings } from './instance-settings.js';
import type { Db } from './open.js';
import { acceptTeamInvite, getTeamInvite } from './team-invites.js';
import {
  createUser,
  findUserByEmail,
  findUserByOidc,
  isFirstRun,
  linkOidcIdentity,
  normaliseEmail,
  type NewUser,
  type SignupMode,
  type User,
} from './users.js';

/** The mode in force: the owner's choice in the dashboard, else the configured default. */
export async function signupModeInForce(db: Db, configured: SignupMode): Promise<SignupMode> {
  return (await getInstanceSettings(db, { configuredSignupMode: configured })).signupMode;
}

/** A signed-up user; `teamAccountId` is its member account in the team an invitation made it join (work there first). */
export type SignedUpUser = User & { teamAccountId?: string };

/**
 * The sign-up policy (docs/auth.md): the first account of a fresh instance is always
 * accepted and owns the instance; later ones depend on the mode: open → anyone,
 * invite → with a valid team invitation (for this email when it names one), closed → nobody.
 * An accepted invitation makes the new user a member of its team at once.
 */
export async function signUp(
  db: Db,
  input: Omit<NewUser, 'accountId'> & { inviteToken?: string | undefined },
  policy: { configuredMode: SignupMode },
): Promise<SignedUpUser> {
  if (await isFirstRun(db)) return createUser(db, input);
  const mode = await signupModeInForce(db, policy.configuredMode);
  if (mode === 'closed') throw new SignUpRefusedError('This instance does not accept new accounts: ask its owner.');
  if (input.inviteToken !== undefined) {
    const invite = await getTeamInvite(db, input.inviteToken);
    if (!invite) throw new SignUpRefusedError('The invitation link is unknown, expired, revoked or already used.', 'inviteToken');
    if (invite.email !== null && invite.email !== normaliseEmail(input.email)) {
      throw new SignUpRefusedError(`This invitation is for ${invite.email}: sign up with that email address.`, 'email');
    }
    const user = await createUser(db, input);
    const joined = await acceptTeamInvite(db, { token: input.inviteToken, userId: user.id });
    return joined ? { ...user, teamAccountId: joined.accountId } : user;
  }
  if (mode === 'invite')
    throw new SignUpRefusedError('This instance accepts new accounts by invitation only: open the invitation link you received.');
  return createUser(db, input);
}

/**
 * Single sign-on: the user with this issuer + subject; else the user with the same email
 * when the provider verified it (the identity is linked); else a new user under the same
 * sign-up policy as a password sign-up (no password).
 */
export async function signInWithOidc(
  db: Db,
  input: {
    issuer: string;
    subject: string;
    email?: string | undefined;
    emailVerified: boolean;
    name?: string | undefined;
    inviteToken?: string | undefined;
  },
  policy: { configuredMode: SignupMode },
): Promise<SignedUpUser> {
  const oidc = { issuer: input.issuer, subject: input.subject };
  const known = await findUserByOidc(db, oidc);
  if (known) return known;
  if (!input.email) throw new SignUpRefusedError('The identity provider did not share an email address: allow the "email" scope.');
  const byEmail = input.emailVerified ? await findUserByEmail(db, input.email) : null;
  if (byEmail) {
    await linkOidcIdentity(db, byEmail.id, oidc);
    return byEmail;
  }
  return signUp(db, { email: input.email, name: input.name ?? null, oidc, inviteToken: input.inviteToken }, policy);
}
