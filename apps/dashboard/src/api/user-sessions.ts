import { api } from './client';

/** One browser the person is signed in with (GET /auth/sessions): an opaque id, never its token. */
export interface UserSession {
  id: string;
  /** "Firefox on Windows", or null when its browser is not known. */
  browser: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  /** The browser showing the page. */
  current: boolean;
}

export const userSessionKeys = { list: ['auth', 'sessions'] as const };

export const listUserSessions = async () => (await api<{ items: UserSession[] }>('/auth/sessions')).items;
export const signOutUserSession = (id: string) => api<void>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const signOutOtherSessions = () => api<{ signedOut: number }>('/auth/sessions/sign-out-others', { method: 'POST' });
