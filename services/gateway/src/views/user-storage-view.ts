import type { UserStorageFields } from '@pressroom/contracts';

/** `userStorageUrl` / `userStorageError` of a render, each present only when it has a value (docs/storage.md). */
export function userStorageOf(row: { userStorageUrl?: string | null; userStorageError?: string | null }): UserStorageFields {
  return {
    ...(row.userStorageUrl ? { userStorageUrl: row.userStorageUrl } : {}),
    ...(row.userStorageError ? { userStorageError: row.userStorageError } : {}),
  };
}
