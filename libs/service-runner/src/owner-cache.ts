export interface OwnerCacheOptions {
  /** The backstop: an entry is read afresh this long after it was loaded, even when no drop arrived. */
  ttlMs: number;
  /** Owners kept at most; the least recently loaded go first. */
  maxOwners?: number;
  now?: () => number;
}

interface Entry<T> {
  value: Promise<T>;
  until: number;
}

/**
 * One value per owner (a team's or an account's plan, font list, custom-storage settings), loaded on
 * first use and kept until `drop(ownerId)` — which the owner.changed notification calls in every
 * process (OwnerCaches) — or until `ttlMs`, whichever comes first. Concurrent readers of a missing
 * entry share one load; a failed load is not kept.
 */
export class OwnerCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly now: () => number;
  private readonly maxOwners: number;

  constructor(private readonly options: OwnerCacheOptions) {
    this.now = options.now ?? Date.now;
    this.maxOwners = options.maxOwners ?? 10_000;
  }

  /** `ttlMs` overrides the cache's for an entry loaded now (a reader with its own documented bound). */
  get(ownerId: string, load: () => Promise<T>, ttlMs: number = this.options.ttlMs): Promise<T> {
    const at = this.now();
    const cached = this.entries.get(ownerId);
    if (cached && cached.until > at) return cached.value;
    const entry: Entry<T> = { value: load(), until: at + ttlMs };
    this.entries.delete(ownerId);
    this.entries.set(ownerId, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxOwners) break;
      this.entries.delete(oldest);
    }
    entry.value.catch(() => {
      if (this.entries.get(ownerId) === entry) this.entries.delete(ownerId);
    });
    return entry.value;
  }

  /** Change a kept value in place (a renderer that just wrote what it caches); nothing when absent. */
  update(ownerId: string, change: (value: T) => T): void {
    const entry = this.entries.get(ownerId);
    if (!entry) return;
    entry.value = entry.value.then(change);
    entry.value.catch(() => {});
  }

  /** Forget the owner's value: the next get loads it afresh. */
  drop(ownerId: string): void {
    this.entries.delete(ownerId);
  }

  /** Owners held (tests). */
  get size(): number {
    return this.entries.size;
  }
}
