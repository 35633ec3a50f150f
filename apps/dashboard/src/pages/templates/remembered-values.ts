import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

const KEY_PREFIX = 'pressroom.tried-values.';

/** What this browser kept for `uid`, when it is still an object whose values `accept` takes. */
function recall<T extends Record<string, unknown>>(uid: string, accept: (value: unknown) => boolean): T | undefined {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY_PREFIX + uid) ?? 'null');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    return Object.values(parsed).every(accept) ? (parsed as T) : undefined;
  } catch {
    return undefined; // Unreadable (another version's shape, storage off): start from nothing.
  }
}

/**
 * The values typed into an editor's Variables to try a template, kept in this browser per template: reopening the
 * editor shows them again instead of the samples, and renders and "Use via API" use them. They are not part of the
 * template (the API never stores them), so they stay in this browser only. `uid` undefined (a template not created
 * yet) keeps them in memory. A value `accept` refuses makes the whole stored set ignored.
 */
export function useRememberedValues<T extends Record<string, unknown>>(
  uid: string | undefined,
  options: { initial?: T | undefined; accept?: (value: unknown) => boolean } = {},
): [T, Dispatch<SetStateAction<T>>] {
  const [values, setValues] = useState<T>(
    () => options.initial ?? (uid ? recall<T>(uid, options.accept ?? (() => true)) : undefined) ?? ({} as T),
  );
  useEffect(() => {
    if (!uid) return;
    try {
      if (Object.keys(values).length === 0) localStorage.removeItem(KEY_PREFIX + uid);
      else localStorage.setItem(KEY_PREFIX + uid, JSON.stringify(values));
    } catch {
      // Full (a large picture as a data URL) or off: the values stay for this visit only.
    }
  }, [uid, values]);
  return [values, setValues];
}

/** Forgets every template's tried values in this browser (signing out: the next person here does not see them). */
export function forgetRememberedValues(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(KEY_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage off: nothing was kept.
  }
}
