/** What became of a "Refresh now": still running, rendered (when), or failed (why, in the scheduler's words). */
export type RefreshOutcome = { state: 'running' } | { state: 'done'; at: string } | { state: 'failed'; message: string };

/** The parts of a binding a refresh ends by writing: a new success once its image is rendered, or a new error. */
export interface RefreshEnds {
  lastSuccessAt: string | null;
  lastError: { message: string; at: string } | null;
}

/** Whether the timestamp `a` is after `b` (none is before any). */
const after = (a: string | null | undefined, b: string | null | undefined) => a != null && (b == null || Date.parse(a) > Date.parse(b));

/**
 * The outcome of a refresh, from the binding as the refresh request answered (`asked`: the scheduler had not run it
 * yet, the request only made it due) and as the list shows it `now`. Compared by time, not by inequality: a list
 * fetched just before the request may be older than the answer, and must not read as the refresh's end.
 */
export function refreshOutcome(asked: RefreshEnds, now: RefreshEnds): RefreshOutcome {
  if (after(now.lastSuccessAt, asked.lastSuccessAt)) return { state: 'done', at: now.lastSuccessAt! };
  if (now.lastError && after(now.lastError.at, asked.lastError?.at)) return { state: 'failed', message: now.lastError.message };
  return { state: 'running' };
}
