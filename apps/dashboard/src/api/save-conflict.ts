import { ApiError } from './problem';

/** A save refused because someone saved the template after this editor opened it (412 `precondition-failed`). */
export interface SaveConflict {
  /** The template's current revision: saving with it replaces theirs on purpose (theirs stays in Versions). */
  etag: string | undefined;
  updatedAt: string | null;
  /** A dashboard user's email, or `key:<id>` for a save with an API key. */
  updatedBy: string | null;
}

export function saveConflictOf(error: unknown): SaveConflict | null {
  if (!(error instanceof ApiError) || error.status !== 412 || !/(^|\/)precondition-failed$/.test(error.problem.type ?? '')) return null;
  const members = error.problem as { etag?: unknown; updatedAt?: unknown; updatedBy?: unknown };
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { etag: text(members.etag) ?? undefined, updatedAt: text(members.updatedAt), updatedBy: text(members.updatedBy) };
}

/** Who saved, in the alert's words: the email, or "an API key" (its id means nothing to a reader). */
export function conflictAuthor(conflict: SaveConflict): string | null {
  if (!conflict.updatedBy) return null;
  return conflict.updatedBy.startsWith('key:') ? 'an API key' : conflict.updatedBy;
}
