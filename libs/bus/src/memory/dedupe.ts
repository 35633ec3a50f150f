/** How often expired ids are dropped; in between, an expired id still waiting is simply not counted. */
const PRUNE_EVERY_MS = 1_000;

/** JetStream's duplicate window: a msgId seen within the window marks a duplicate. */
export class Deduper {
  // Insertion order is expiry order (every id gets the same window), so pruning stops at the first live entry.
  readonly #expiries = new Map<string, number>();
  #nextPrune = 0;

  constructor(private readonly windowMs: number) {}

  /** How many ids are remembered (expired ones included until the next prune). */
  get size(): number {
    return this.#expiries.size;
  }

  /** True when `msgId` was seen within the window; otherwise remembers it. */
  isDuplicate(msgId: string, now = Date.now()): boolean {
    // Pruned at most once a second: a Map keeps deleted entries as holes until it rehashes, so pruning on
    // every message walked the same holes again each time (up to ~0.06 ms per render, issue 18).
    if (now >= this.#nextPrune) {
      for (const [id, expiry] of this.#expiries) {
        if (expiry > now) break;
        this.#expiries.delete(id);
      }
      this.#nextPrune = now + PRUNE_EVERY_MS;
    }
    const expiry = this.#expiries.get(msgId);
    if (expiry !== undefined && expiry > now) return true;
    // An expired id not yet pruned is set anew at the end, so insertion order stays expiry order.
    if (expiry !== undefined) this.#expiries.delete(msgId);
    this.#expiries.set(msgId, now + this.windowMs);
    return false;
  }
}
