import { api } from './client';

export interface ApiKey {
  id: string;
  name: string | null;
  prefix: string;
  masked: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A key as created or rotated: `key` is the secret, shown once. */
export interface IssuedKey extends ApiKey {
  key: string;
}

export const keyKeys = { all: ['account', 'keys'] as const };

export const listKeys = () => api<{ items: ApiKey[] }>('/account/keys');
export const createKey = (name: string) => api<IssuedKey>('/account/keys', { json: { name } });
export const rotateKey = (id: string) => api<IssuedKey>(`/account/keys/${encodeURIComponent(id)}/rotate`, { method: 'POST' });
export const revokeKey = (id: string) => api<void>(`/account/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
