// Types only (erased from the bundle): the shapes are the contracts' own.
import type { CustomStorageLookup, CustomStoragePut, CustomStorageResponse } from '@pressroom/contracts';
import { api } from './client';

/** The workspace's own S3-compatible bucket, as GET/PUT /custom-storage answer it (the secret is never sent back). */
export type CustomStorage = Omit<CustomStorageResponse['customStorage'], 'secretAccessKey'>;

/** What PUT /custom-storage takes: the secret is required on every save (write-only, sealed at rest). */
export type CustomStorageInput = CustomStoragePut;

export const customStorageKeys = { current: ['custom-storage'] as const };

/**
 * The settings, or null when the workspace has none. Asked with `?ifNone=empty`, so "none yet" is a 200
 * `{configured: false}` rather than the API's default 404, which the browser's console would list as a failed
 * request on every visit (docs/adr/0076-settings-not-set-answer.md).
 */
export async function getCustomStorage(): Promise<CustomStorage | null> {
  const answer = await api<CustomStorageLookup>('/custom-storage', { query: { ifNone: 'empty' } });
  return answer.configured ? answer.customStorage : null;
}

/** Saves after the server's test write to the bucket; a failed write is a 422 naming the field to fix. */
export const saveCustomStorage = async (input: CustomStorageInput) =>
  (await api<{ customStorage: CustomStorage }>('/custom-storage', { method: 'PUT', json: input })).customStorage;

export const removeCustomStorage = () => api<undefined>('/custom-storage', { method: 'DELETE' });
