/** One finished URL render as this gateway last served it. */
export interface MemoEntry {
  renderId: string;
  contentType: string;
  bytes: Buffer;
}

interface Stored extends MemoEntry {
  expiresAt: number;
}

export interface UrlRenderMemoOptions {
  /** All entries' bytes together stay under this. */
  maxBytes: number;
  /** Larger files are not kept (read from storage each time). */
  maxEntryBytes: number;
  /** How long an entry answers without looking at the database and storage again. */
  ttlMs: number;
  now?: () => number;
}

/**
 * The bytes of recent URL-render cache hits, per gateway process: a hit
 * repeated within `ttlMs` skips the cache-table lookup, the row read and the
 * storage read (docs/url-rendering.md). The key already holds the template's
 * `updatedAt`, so an edit never reads a stale entry; what a short TTL bounds is
 * a file removed meanwhile (retention), which is served for at most `ttlMs`,
 * well inside the `max-age=300` clients may cache it anyway. Least recently
 * used entries go first when the byte budget is full.
 */
export class UrlRenderMemo {
  private readonly entries = new Map<string, Stored>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: UrlRenderMemoOptions) {
    this.now = options.now ?? Date.now;
  }

  get(ownerId: string, cacheKey: string): MemoEntry | null {
    const key = `${ownerId}\n${cacheKey}`;
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.bytes -= entry.bytes.length;
      return null;
    }
    // Re-inserted: the Map's order is the recency order.
    this.entries.set(key, entry);
    return entry;
  }

  set(ownerId: string, cacheKey: string, entry: MemoEntry): void {
    if (entry.bytes.length > this.options.maxEntryBytes) return;
    const key = `${ownerId}\n${cacheKey}`;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.bytes.length;
    }
    this.entries.set(key, { ...entry, expiresAt: this.now() + this.options.ttlMs });
    this.bytes += entry.bytes.length;
    for (const [oldest, stored] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= stored.bytes.length;
    }
  }

  /** Bytes held (for tests and metrics). */
  get size(): number {
    return this.bytes;
  }
}
