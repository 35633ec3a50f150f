/**
 * An event that happens at most once in a long life (a browser disconnects, a page breaks) and
 * that many short jobs wait on. `promise.then` would do, except that every job's reaction stays
 * on the promise until it settles, so a browser that lives for thousands of renders would keep
 * every render's closure and result alive; here a job removes its listener when it ends.
 */
export class OneShot<T> {
  private fired: { value: T } | null = null;
  private readonly listeners = new Set<(value: T) => void>();

  fire(value: T): void {
    if (this.fired) return;
    this.fired = { value };
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const listener of listeners) listener(value);
  }

  /** Calls `listener` once the event happens (at once if it has); returns the function that removes it. */
  on(listener: (value: T) => void): () => void {
    if (this.fired) {
      listener(this.fired.value);
      return () => {};
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
