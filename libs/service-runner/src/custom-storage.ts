import { getCustomStorageForCopies, getCustomStorageView, recordCustomStorageOutcome, type Db, type SecretBox } from '@pressroom/db';
import { BlockedUrlError, guardedLookup, type SsrfGuard } from '@pressroom/ssrf';
import { describeS3Error, openCustomBucket, userStorageUrlOf, type CustomBucket, type CustomStorageCopies } from '@pressroom/storage';
import type { Logger } from '@pressroom/telemetry';
import { OwnerCache } from './owner-cache.js';
import type { CachedCustomStorage, OwnerCaches } from './owner-caches.js';

export interface CustomStorageDeps {
  db: Db;
  /** null when this process has no PRESSROOM_SECRET_KEY: owners with custom storage get a reported failure. */
  secretBox: SecretBox | null;
  guard: SsrfGuard;
  logger: Logger;
  /** Per S3 request (default 10 s). */
  timeoutMs?: number;
  /** Wait before the one retry of a failed copy (default 1 s), so a short outage of the store is not reported. */
  retryDelayMs?: number;
  /**
   * The process's owner caches: settings are read once per owner until custom-storage PUT/DELETE
   * drops them (owner.changed), and a success is only written when the last recorded outcome was
   * a failure. Without them every copy reads the row.
   */
  owners?: Pick<OwnerCaches, 'customStorage' | 'changed'>;
}

/**
 * Owners' own buckets (docs/storage.md): each copy opens the owner's current settings, checks the
 * endpoint against the SSRF guard (a literal address never reaches a DNS lookup, so it is checked
 * here; names are pinned by `guardedLookup` on every connect), writes, and records the outcome.
 */
export { reasonOf as customStorageFailureReason };

export function createCustomStorageCopies(deps: CustomStorageDeps): CustomStorageCopies {
  const cache = deps.owners?.customStorage ?? new OwnerCache<CachedCustomStorage>({ ttlMs: 0 });

  async function load(ownerId: string): Promise<CachedCustomStorage> {
    if (!deps.secretBox) {
      const view = await getCustomStorageView(deps.db, ownerId);
      return { settings: null, missingKey: view !== null, lastError: view?.lastError ?? null };
    }
    const found = await getCustomStorageForCopies(deps.db, deps.secretBox, ownerId);
    return { settings: found?.settings ?? null, missingKey: false, lastError: found?.lastError ?? null };
  }

  async function settingsOf(ownerId: string): Promise<CustomBucket | null | { missingKey: true }> {
    const known = await cache.get(ownerId, () => load(ownerId));
    return known.missingKey ? { missingKey: true } : known.settings;
  }

  /** A success is written only when the row still shows a failure; a failure always (its time is news), and every process is told. */
  async function record(ownerId: string, error: string | null): Promise<void> {
    if (error === null) {
      const known = await cache.get(ownerId, () => load(ownerId)).catch(() => null);
      if (known && known.lastError === null) return;
    }
    await recordCustomStorageOutcome(deps.db, { ownerId, error, at: new Date() }).catch(() => {});
    if (error === null) cache.update(ownerId, (known) => ({ ...known, lastError: null }));
    else await deps.owners?.changed(ownerId, ['custom-storage']);
  }

  async function withBucket<T>(bucket: CustomBucket, use: (storage: ReturnType<typeof openCustomBucket>) => Promise<T>): Promise<T> {
    if (bucket.endpoint) await deps.guard.check(bucket.endpoint);
    const storage = openCustomBucket(bucket, {
      lookup: (protocol) => guardedLookup(deps.guard, { protocol }),
      timeoutMs: deps.timeoutMs ?? 10_000,
    });
    try {
      return await use(storage);
    } finally {
      await storage.close();
    }
  }

  return {
    async copy(input) {
      let bucket: Awaited<ReturnType<typeof settingsOf>>;
      try {
        bucket = await settingsOf(input.ownerId);
      } catch (error) {
        return fail(input.ownerId, `cannot read the custom storage settings: ${(error as Error).message}`);
      }
      if (!bucket) return null;
      if ('missingKey' in bucket) {
        return fail(input.ownerId, 'this renderer has no PRESSROOM_SECRET_KEY, so it cannot open the custom storage credentials');
      }
      const settings = bucket;
      // The body is bytes or a file, never a consumed stream, so it can be written a second time.
      const put = () => withBucket(settings, (storage) => storage.put(input.key, input.body, input.contentType));
      try {
        await put();
      } catch (first) {
        // An endpoint the SSRF guard refuses stays refused: only the store's own failures are worth a retry.
        if (isBlocked(first)) return fail(input.ownerId, reasonOf(first));
        deps.logger.info({ ownerId: input.ownerId, reason: reasonOf(first) }, 'copy to custom storage failed; retrying once');
        await new Promise((resolve) => setTimeout(resolve, deps.retryDelayMs ?? 1_000));
        try {
          await put();
        } catch (error) {
          return fail(input.ownerId, reasonOf(error));
        }
      }
      await record(input.ownerId, null);
      return { url: userStorageUrlOf(bucket, input.key) };
    },

    async remove(input) {
      const bucket = await settingsOf(input.ownerId);
      if (!bucket) return;
      if ('missingKey' in bucket) throw new Error('no PRESSROOM_SECRET_KEY to open the custom storage credentials');
      await withBucket(bucket, (storage) => storage.delete(input.key));
    },
  };

  async function fail(ownerId: string, reason: string): Promise<{ error: string }> {
    const error = `copy to custom storage failed: ${reason}`;
    deps.logger.warn({ ownerId, reason }, 'copy to custom storage failed');
    await record(ownerId, error);
    return { error };
  }
}

function isBlocked(error: unknown): boolean {
  return error instanceof BlockedUrlError || (error as { cause?: unknown }).cause instanceof BlockedUrlError;
}

/** The guard's public sentence for a refused endpoint, else the store's reason. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  if (error instanceof BlockedUrlError) return error.detail;
  if (cause instanceof BlockedUrlError) return cause.detail;
  return describeS3Error(error);
}
