import { api, isSessionEnded, signInAgainHandled } from './client';
import { ApiError } from './problem';

export type SignupMode = 'open' | 'invite' | 'closed';

export interface AuthConfig {
  signupMode: SignupMode;
  firstRun: boolean;
  oidc: { enabled: boolean; name?: string };
  /** How a forgotten password is reset: a mailed link (SMTP configured), or by the instance owner (admin CLI). */
  passwordReset: 'email' | 'instance-owner';
}

export interface Workspace {
  id: string;
  kind: 'personal' | 'team';
  name: string;
  role: 'owner' | 'admin' | 'member';
}

export interface Session {
  /** hasPassword is false for people who only ever signed in with single sign-on. */
  user: { id: string; email: string; name?: string | null; instanceRole?: string | null; hasPassword?: boolean };
  workspaces: Workspace[];
  workspaceId: string;
}

export const authKeys = {
  config: ['auth', 'config'] as const,
  session: ['auth', 'session'] as const,
  /** A sign-in or sign-up page's own check of who is signed in when it opened (app/signed-in-already.tsx). */
  signedInWhenOpened: ['auth', 'signed-in-when-opened'] as const,
  /** Whether a password-reset link still works (reset-password-page.tsx). */
  resetLink: (token: string) => ['auth', 'reset-link', token] as const,
};

export const getAuthConfig = () => api<AuthConfig>('/auth/config');

// This tab had a session (marked while one is in force, unmarked on sign-out): a sign-in page reached later without
// one says that the session ended. A session cookie the server no longer knows (signed out elsewhere) says it too.
const SIGNED_IN_MARK = 'pressroom:signed-in';
const mark = (on: boolean) => {
  try {
    if (on) sessionStorage.setItem(SIGNED_IN_MARK, '1');
    else sessionStorage.removeItem(SIGNED_IN_MARK);
  } catch {
    // Storage refused (privacy settings): the sign-in page then just does not say why.
  }
};
/** Whether a missing session here means one ended (rather than a first visit). */
export function hadSession(): boolean {
  let marked = false;
  try {
    marked = sessionStorage.getItem(SIGNED_IN_MARK) === '1';
  } catch {
    // As above.
  }
  return marked || document.cookie.split('; ').some((c) => c.startsWith('pressroom_csrf='));
}

/**
 * The session, or null when nobody is signed in. Asked with `?ifNone=empty`, so "not signed in" is a 200
 * `{signedIn: false}` (ADR 0076): the signed-out pages ask too, and a 401 would show in the console as a failed request.
 */
export const getSession = async (options: { reauthenticate?: boolean } = {}): Promise<Session | null> => {
  const answer = await api<({ signedIn: true } & Session) | { signedIn: false }>('/auth/session', {
    ...options,
    query: { ifNone: 'empty' },
  });
  if (!answer.signedIn) {
    // Signed out while a page is open (elsewhere, or its time is up): as with a refused request, the person signs in
    // again where they are, and the lookup is made once more. On a first visit nothing waits: the answer is null.
    if (options.reauthenticate !== false && (await signInAgainHandled())) return getSession({ reauthenticate: false });
    return null;
  }
  mark(true);
  const { signedIn: _, ...session } = answer;
  return session;
};
export const updateProfile = (name: string) => api<Session>('/auth/profile', { method: 'PUT', json: { name } });

export const signIn = (body: { email: string; password: string }) => api<unknown>('/auth/sign-in', { json: body });
export const signUp = (body: { email: string; password: string; name?: string; inviteToken?: string }) =>
  api<unknown>('/auth/sign-up', { json: body });
export const signOut = async () => {
  try {
    await api<void>('/auth/sign-out', { method: 'POST', reauthenticate: false });
  } catch (error) {
    // Signing out of a session that already ended is done.
    if (!(error instanceof ApiError && isSessionEnded(error))) throw error;
  }
  mark(false);
};
export const switchWorkspace = (workspaceId: string) => api<Session>('/auth/workspace', { json: { workspaceId } });
export const changePassword = (body: { currentPassword?: string; newPassword: string }) => api<void>('/auth/password', { json: body });

/** Mails a reset link when an account uses the email (the answer is the same either way). */
export const requestPasswordReset = (email: string) => api<{ expiresInMinutes: number }>('/auth/password-reset', { json: { email } });
/**
 * Whether the mailed link's token still works, without spending it: true, or a 404 naming `token` when unknown, used
 * or expired (a query's data cannot be undefined, hence true for the API's 204).
 */
export const checkPasswordReset = (token: string) => api<void>('/auth/password-reset/check', { json: { token } }).then(() => true as const);
/** Sets a new password with the mailed link's token; every session of the user ends. */
export const completePasswordReset = (body: { token: string; newPassword: string }) =>
  api<{ email: string }>('/auth/password-reset/complete', { json: body });

/** Where "Sign in with <provider>" goes; the server redirects back to returnTo. */
export const oidcStartUrl = (returnTo: string) => `/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`;

export const instanceKeys = { settings: ['instance', 'settings'] as const };
export interface InstanceSettings {
  signupMode: SignupMode;
  /** The plan new personal accounts, admin-CLI accounts and teams start on. */
  newWorkspacePlan: 'free' | 'pro' | 'business' | 'enterprise';
}
export const getInstanceSettings = () => api<InstanceSettings>('/instance/settings');
export const putInstanceSettings = (change: Partial<InstanceSettings>) =>
  api<InstanceSettings>('/instance/settings', { method: 'PUT', json: change });
