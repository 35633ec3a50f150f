import { ApiError, besideItsField } from '../../../api/problem.js';

/**
 * The server's per-field messages (400/422 problem `errors[].field`) under one prefix, keyed by the rest of
 * the path: for `projectJson.tracks.0.clips.1.` the error of `…clips.1.style.fontSize` is under `style.fontSize`.
 * Each is worded for beside its field, as the kit's forms word theirs (besideItsField): "trimAfter must be later than
 * trimBefore." beside Stop at source frame reads "Must be later than the frames skipped at start.".
 */
export function errorsUnder(error: unknown, prefix: string): Map<string, string> {
  const found = new Map<string, string>();
  if (!(error instanceof ApiError)) return found;
  for (const e of error.problem.errors ?? []) {
    if (!e.field.startsWith(prefix)) continue;
    const key = e.field.slice(prefix.length);
    if (!found.has(key)) found.set(key, besideItsField(e.field, e.message ?? e.detail ?? ''));
  }
  return found;
}

/** The message for a field: its own path or a path inside it (`enter` also shows `enter.durationInFrames`'s). */
export function messageFor(errors: Map<string, string>, path: string): string | undefined {
  if (errors.has(path)) return errors.get(path);
  for (const [key, message] of errors) if (key.startsWith(`${path}.`)) return `${key.slice(path.length + 1)}: ${message}`;
  return undefined;
}

export const clipPrefix = (track: number, clip: number) => `projectJson.tracks.${track}.clips.${clip}.`;
