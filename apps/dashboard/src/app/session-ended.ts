import { useSyncExternalStore } from 'react';

// A session that ends while a page is open (expiry, signed out elsewhere, a password change elsewhere) does not
// take the page away (docs/dashboard.md "When the session ends"): every request it refused waits here while the
// page asks the person to sign in again in place, then each is sent once more or, if they give up, fails.

let waiting: { promise: Promise<boolean>; resolve: (signedIn: boolean) => void } | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** For each refused request: one wait (one dialog) however many requests join it. */
export function waitForSignIn(): Promise<boolean> {
  if (!waiting) {
    let resolve: (signedIn: boolean) => void = () => {};
    const promise = new Promise<boolean>((r) => (resolve = r));
    waiting = { promise, resolve };
    notify();
  }
  return waiting.promise;
}

/** Ends the wait: true sends the waiting requests again (signed in as before, in the same workspace), false fails them. */
export function endWait(signedIn: boolean): void {
  const current = waiting;
  waiting = null;
  current?.resolve(signedIn);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether requests wait for the person to sign in again. */
export function useSessionEnded(): boolean {
  return useSyncExternalStore(subscribe, () => waiting !== null);
}
