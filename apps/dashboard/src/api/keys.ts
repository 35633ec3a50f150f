import { api } from './client';

export interface ApiKey {
  id: string;
  name: string | null;
  prefix: string;
  masked: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A key as the workspace's list shows it: in a team, any member's, with what the signed-in person may do with it. */
export interface ListedKey extends ApiKey {
  /** Whose account holds it; null for an account made with the admin CLI. */
  createdBy: { id: string; email: string; name: string | null } | null;
  mine: boolean;
  canRotate: boolean;
  canRevoke: boolean;
}

/** A key as created or rotated: `key` is the secret, shown once. */
export interface IssuedKey extends ApiKey {
  key: string;
}

export const keyKeys = { all: ['account', 'keys'] as const };

export const listKeys = () => api<{ items: ListedKey[] }>('/account/keys');
export const createKey = (name: string) => api<IssuedKey>('/account/keys', { json: { name } });
export const rotateKey = (id: string) => api<IssuedKey>(`/account/keys/${encodeURIComponent(id)}/rotate`, { method: 'POST' });
export const revokeKey = (id: string) => api<void>(`/account/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
