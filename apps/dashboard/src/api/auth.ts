import { api } from './client';

export type SignupMode = 'open' | 'invite' | 'closed';

export interface AuthConfig {
  signupMode: SignupMode;
  firstRun: boolean;
  oidc: { enabled: boolean; name?: string };
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
};

export const getAuthConfig = () => api<AuthConfig>('/auth/config');
export const getSession = () => api<Session>('/auth/session');
export const updateProfile = (name: string) => api<Session>('/auth/profile', { method: 'PUT', json: { name } });

export const signIn = (body: { email: string; password: string }) => api<unknown>('/auth/sign-in', { json: body });
export const signUp = (body: { email: string; password: string; name?: string; inviteToken?: string }) =>
  api<unknown>('/auth/sign-up', { json: body });
export const signOut = () => api<void>('/auth/sign-out', { method: 'POST' });
export const switchWorkspace = (workspaceId: string) => api<Session>('/auth/workspace', { json: { workspaceId } });
export const changePassword = (body: { currentPassword?: string; newPassword: string }) => api<void>('/auth/password', { json: body });

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
