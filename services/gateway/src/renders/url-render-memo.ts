/** One finished URL render as this gateway last served it. */
export interface MemoEntry {
  renderId: string;
  contentType: string;
  bytes: Buffer;
  /** The response's ETag (from the cache key, which holds the template's `updatedAt`). */
  etag: string;
}

interface Stored extends MemoEntry {
  ownerId: string;
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
 * The bytes of recent URL renders, per gateway process, keyed by the request as the client wrote
 * it (template uid, format, quality, layout, variables; token and parameter order ignored): a
 * repeated URL within `ttlMs` is answered with no template read, no cache-table or row read and no
 * storage read (docs/url-rendering.md). Because the template is not read, an edit or delete must
 * drop the owner's entries: the gateway calls `dropOwner` on the owner.changed `templates`
 * notification (docs/adr/0046-owner-caches-dropped-over-the-bus.md); a notification lost on the
 * way is bounded by `ttlMs`, as is a file removed meanwhile (retention), both well inside the
 * `max-age=300` clients may cache it anyway. Least recently used entries go first when the byte
 * budget is full.
 */
export class UrlRenderMemo {
  private readonly entries = new Map<string, Stored>();
  /** Each owner's keys, so a template edit drops that owner's entries without a scan. */
  private readonly byOwner = new Map<string, Set<string>>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: UrlRenderMemoOptions) {
    this.now = options.now ?? Date.now;
  }

  get(ownerId: string, requestKey: string): MemoEntry | null {
    const key = `${ownerId}\n${requestKey}`;
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return null;
    }
    // Re-inserted: the Map's order is the recency order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(ownerId: string, requestKey: string, entry: MemoEntry): void {
    if (entry.bytes.length > this.options.maxEntryBytes) return;
    const key = `${ownerId}\n${requestKey}`;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { ...entry, ownerId, expiresAt: this.now() + this.options.ttlMs });
    let keys = this.byOwner.get(ownerId);
    if (!keys) this.byOwner.set(ownerId, (keys = new Set()));
    keys.add(key);
    this.bytes += entry.bytes.length;
    for (const [oldest, stored] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest, stored);
    }
  }

  /** Forget every entry of the owner (a template of theirs was edited or deleted). */
  dropOwner(ownerId: string): void {
    for (const key of this.byOwner.get(ownerId) ?? []) {
      const stored = this.entries.get(key);
      if (stored) this.remove(key, stored);
    }
    this.byOwner.delete(ownerId);
  }

  /** Bytes held (for tests and metrics). */
  get size(): number {
    return this.bytes;
  }

  private remove(key: string, stored: Stored): void {
    this.entries.delete(key);
    this.bytes -= stored.bytes.length;
    const keys = this.byOwner.get(stored.ownerId);
    keys?.delete(key);
    if (keys?.size === 0) this.byOwner.delete(stored.ownerId);
  }
}
