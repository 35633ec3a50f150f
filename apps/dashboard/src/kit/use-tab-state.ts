import { useEffect, useState } from 'react';

/**
 * State that survives leaving the page and coming back in the same browser tab (sessionStorage under `key`):
 * what someone typed into a scratch form (the playground) is still there after they follow a link and press Back.
 * A stored value is merged over `initial`, so fields added later get their defaults; storage that is full or
 * refused only loses the memory, never the state.
 */
export function useTabState<T extends object>(key: string, initial: T): [T, (next: (current: T) => T) => void] {
  const [state, setState] = useState<T>(() => {
    try {
      const stored = window.sessionStorage.getItem(key);
      return stored ? { ...initial, ...(JSON.parse(stored) as Partial<T>) } : initial;
    } catch {
      return initial;
    }
  });
  useEffect(() => {
    try {
      window.sessionStorage.setItem(key, JSON.stringify(state));
    } catch {
      // Full or refused storage: the page still works, it just will not remember.
    }
  }, [key, state]);
  return [state, setState];
}
