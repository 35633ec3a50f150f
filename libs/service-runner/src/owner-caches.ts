import type { Bus, Subscription } from '@pressroom/bus';
import { CATALOG, type OwnerChange } from '@pressroom/contracts';
import type { AssetRow, CustomStorageSettings, OwnerPlan, WebhookRoute } from '@pressroom/db';
import type { Logger } from '@pressroom/telemetry';
import { OwnerCache } from './owner-cache.js';

/** Owner settings every render reads (and the webhook subscriptions its events match), kept per process (docs/adr/0046-owner-caches-dropped-over-the-bus.md). */
export interface OwnerCachesOptions {
  bus: Bus;
  logger: Logger;
  /** The backstop when a drop is missed (a notification lost while a process reconnects). Default 60 s. */
  ttlMs?: number;
  now?: () => number;
}

/** The custom-storage settings as a renderer uses them, and the outcome last written to the row. */
export interface CachedCustomStorage {
  settings: CustomStorageSettings | null;
  /** No PRESSROOM_SECRET_KEY here, yet the owner has settings: every copy fails, reported. */
  missingKey: boolean;
  /** The row's `last_error` as this process last knew it: a success is only written when it changes. */
  lastError: string | null;
}

export interface OwnerCaches {
  plans: OwnerCache<OwnerPlan>;
  fonts: OwnerCache<AssetRow[]>;
  customStorage: OwnerCache<CachedCustomStorage>;
  /** The owner's active webhook subscriptions as the dispatcher matches events against them. */
  webhooks: OwnerCache<WebhookRoute[]>;
  /**
   * Something of the owner's changed: drop it here at once (so this process's next request sees the
   * change), then tell every other process over the bus. Never throws: a lost notification is
   * bounded by the TTL.
   */
  changed(ownerId: string, what: readonly OwnerChange[]): Promise<void>;
  /** Also run on every drop of `what` (the URL-render memo forgets an owner's answers on `templates`). */
  onDrop(what: OwnerChange, drop: (ownerId: string) => void): void;
  /** Starts listening to owner.changed (once, after the bus is open). */
  listen(): Promise<void>;
  stop(): Promise<void>;
}

export function createOwnerCaches(options: OwnerCachesOptions): OwnerCaches {
  const cacheOptions = { ttlMs: options.ttlMs ?? 60_000, ...(options.now ? { now: options.now } : {}) };
  const plans = new OwnerCache<OwnerPlan>(cacheOptions);
  const fonts = new OwnerCache<AssetRow[]>(cacheOptions);
  const customStorage = new OwnerCache<CachedCustomStorage>(cacheOptions);
  const webhooks = new OwnerCache<WebhookRoute[]>(cacheOptions);
  const droppers = new Map<OwnerChange, ((ownerId: string) => void)[]>([
    ['plan', [(id) => plans.drop(id)]],
    ['fonts', [(id) => fonts.drop(id)]],
    ['custom-storage', [(id) => customStorage.drop(id)]],
    ['templates', []],
    ['webhooks', [(id) => webhooks.drop(id)]],
  ]);
  let subscription: Subscription | null = null;

  function drop(ownerId: string, what: readonly OwnerChange[]): void {
    for (const change of what) for (const dropper of droppers.get(change) ?? []) dropper(ownerId);
  }

  return {
    plans,
    fonts,
    customStorage,
    webhooks,
    async changed(ownerId, what) {
      drop(ownerId, what);
      await options.bus.notify(CATALOG.ownerChanged, ownerId, { ownerId, what: [...what] }).catch((error: unknown) => {
        options.logger.warn({ err: error, ownerId, what }, 'owner.changed not sent; other processes see the change within the cache TTL');
      });
    },
    onDrop(what, dropper) {
      droppers.get(what)!.push(dropper);
    },
    async listen() {
      subscription ??= await options.bus.listen(CATALOG.ownerChanged, '*', ({ ownerId, what }) => drop(ownerId, what));
    },
    async stop() {
      await subscription?.stop();
      subscription = null;
    },
  };
}
