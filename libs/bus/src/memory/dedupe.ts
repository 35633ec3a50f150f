/** JetStream's duplicate window: a msgId seen within the window marks a duplicate. */
export class Deduper {
  // Insertion order is expiry order (every id gets the same window), so pruning stops at the first live entry.
  readonly #expiries = new Map<string, number>();

  constructor(private readonly windowMs: number) {}

  /** True when `msgId` was seen within the window; otherwise remembers it. */
  isDuplicate(msgId: string, now = Date.now()): boolean {
    for (const [id, expiry] of this.#expiries) {
      if (expiry > now) break;
      this.#expiries.delete(id);
    }
    if (this.#expiries.has(msgId)) return true;
    this.#expiries.set(msgId, now + this.windowMs);
    return false;
  }
}
