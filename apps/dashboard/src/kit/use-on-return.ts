import { useEffect, useRef } from 'react';

/**
 * Calls `onReturn` when the person comes back to the page: its tab shown again (visibilitychange), or its window
 * focused again (another window was in front, the tab stayed visible). Switching tabs fires both: a caller that
 * fetches dedupes the two. Only while `enabled`.
 */
export function useOnReturn(onReturn: () => void, enabled: boolean): void {
  // The latest callback, so the listeners are added once per `enabled`, not on every render.
  const latest = useRef(onReturn);
  latest.current = onReturn;
  useEffect(() => {
    if (!enabled) return;
    const shown = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    const focused = () => latest.current();
    document.addEventListener('visibilitychange', shown);
    window.addEventListener('focus', focused);
    return () => {
      document.removeEventListener('visibilitychange', shown);
      window.removeEventListener('focus', focused);
    };
  }, [enabled]);
}
