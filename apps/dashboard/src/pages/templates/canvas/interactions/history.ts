/**
 * Undo/redo over whole states (the design's JSON as a string, or an entry holding it), not over operations: every
 * change the editor can make (a property, a layer order, a variable binding, a paste) is undone the same way, by
 * loading the state before it (ADR 0036). Capped so that a long session cannot grow without bound; consecutive changes that
 * share a `coalesce` key within `coalesceMs` (arrow-key nudges, a slider dragged) replace the newest entry
 * instead of adding one, so a single undo takes back the whole gesture.
 */
export class History<T = string> {
  private readonly past: T[] = [];
  private readonly future: T[] = [];
  private present: T;
  private lastKey: string | undefined;
  private lastAt = 0;
  private readonly cap: number;
  private readonly coalesceMs: number;
  private readonly now: () => number;
  private readonly same: (a: T, b: T) => boolean;

  /** `same`: whether two states are the same design (by default, equal values). */
  constructor(initial: T, options: { cap?: number; coalesceMs?: number; now?: () => number; same?: (a: T, b: T) => boolean } = {}) {
    this.present = initial;
    this.same = options.same ?? ((a, b) => a === b);
    this.cap = options.cap ?? 100;
    this.coalesceMs = options.coalesceMs ?? 800;
    this.now = options.now ?? Date.now;
  }

  /** The state the design is in now. */
  get current(): T {
    return this.present;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** How many steps back are kept (at most the cap). */
  get depth(): number {
    return this.past.length;
  }

  /**
   * Records the state after a change. An unchanged state is ignored (selecting an object, a zoom). Returns
   * whether a step was recorded.
   */
  record(state: T, options: { coalesce?: string } = {}): boolean {
    if (this.same(state, this.present)) return false;
    const at = this.now();
    const merge =
      options.coalesce !== undefined && options.coalesce === this.lastKey && at - this.lastAt <= this.coalesceMs && this.past.length > 0;
    if (!merge) {
      this.past.push(this.present);
      if (this.past.length > this.cap) this.past.splice(0, this.past.length - this.cap);
    }
    this.present = state;
    this.future.length = 0;
    this.lastKey = options.coalesce;
    this.lastAt = at;
    return true;
  }

  /** Steps back; answers the state to load, or undefined when there is nothing to undo. */
  undo(): T | undefined {
    const previous = this.past.pop();
    if (previous === undefined) return undefined;
    this.future.push(this.present);
    this.present = previous;
    this.lastKey = undefined;
    return previous;
  }

  /** Steps forward again; undefined when there is nothing to redo. */
  redo(): T | undefined {
    const next = this.future.pop();
    if (next === undefined) return undefined;
    this.past.push(this.present);
    this.present = next;
    this.lastKey = undefined;
    return next;
  }

  /**
   * Replaces the present state without a step: after loading a snapshot, the design serializes back in the
   * canvas's own words (defaults stated, numbers rounded), and that must not count as a change that clears redo.
   */
  replaceCurrent(state: T): void {
    this.present = state;
  }

  /** Starts over from a state (a template loaded, a version restored): nothing before it can be undone. */
  reset(state: T): void {
    this.past.length = 0;
    this.future.length = 0;
    this.present = state;
    this.lastKey = undefined;
  }
}
