// Types only (erased from the bundle): the shapes are the contracts' own.
import type { CustomStoragePut, CustomStorageResponse } from '@pressroom/contracts';
import { api } from './client';
import { ApiError } from './problem';

/** The workspace's own S3-compatible bucket, as GET/PUT /custom-storage answer it (the secret is never sent back). */
export type CustomStorage = Omit<CustomStorageResponse['customStorage'], 'secretAccessKey'>;

/** What PUT /custom-storage takes: the secret is required on every save (write-only, sealed at rest). */
export type CustomStorageInput = CustomStoragePut;

export const customStorageKeys = { current: ['custom-storage'] as const };

/**
 * The settings, or null when the workspace has none: the API's documented 404 (docs/storage.md), which the browser's
 * console lists as a failed request. Kept: SDK users rely on it, and an answer of 200 null would change it.
 */
export async function getCustomStorage(): Promise<CustomStorage | null> {
  try {
    return (await api<{ customStorage: CustomStorage }>('/custom-storage')).customStorage;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Saves after the server's test write to the bucket; a failed write is a 422 naming the field to fix. */
export const saveCustomStorage = async (input: CustomStorageInput) =>
  (await api<{ customStorage: CustomStorage }>('/custom-storage', { method: 'PUT', json: input })).customStorage;

export const removeCustomStorage = () => api<undefined>('/custom-storage', { method: 'DELETE' });
