import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { authKeys, getSession, type Session } from '../api/auth';
import type { SIGNED_OUT } from './session';
import { LoadingIndicator } from './shell-loading';

/**
 * Whether someone was signed in when a sign-in or sign-up page opened. Asked afresh, under a key of its own:
 * RequireSession's cached session may be out of date (signed out elsewhere), and `reauthenticate: false` because
 * "nobody" is the answer wanted here, not a session to restore in a dialog. Nothing is asked when the answer is known:
 * right after Sign out, or when RequireSession has just been told "nobody" and sent the person here (its answer is
 * cached as null), so the form shows at once and the page makes no second lookup. Decided once: the page's own
 * sign-in or sign-up then leads on itself (resetting every query), and a second answer must not send it elsewhere
 * meanwhile (a spent invitation's page).
 */
function useSignedInWhenOpened(): boolean | 'checking' {
  const signedOut = (useLocation().state as Partial<typeof SIGNED_OUT> | null)?.signedOut === true;
  const nobody = useQueryClient().getQueryData<Session | null>(authKeys.session) === null;
  const [answer, setAnswer] = useState<boolean | null>(signedOut || nobody ? false : null);
  const check = useQuery({
    queryKey: authKeys.signedInWhenOpened,
    queryFn: () => getSession({ reauthenticate: false }),
    enabled: answer === null,
    retry: false,
    gcTime: 0,
  });
  useEffect(() => {
    if (answer !== null || check.isPending) return;
    // A failed check (the server unreachable) leaves the form, whose own request then says what is wrong.
    setAnswer(check.isSuccess && check.data !== null);
  }, [answer, check.isPending, check.isSuccess, check.data]);
  return answer ?? 'checking';
}

/**
 * A signed-out page's form, shown only to someone not signed in: a signed-in person goes on to `to` (the page's return
 * target, else the Overview) instead of a form that does not concern them, with a loading line, not the form, meanwhile.
 */
export function SignedOutOnly({ to, children }: { to: string; children: ReactNode }) {
  const signedIn = useSignedInWhenOpened();
  if (signedIn === 'checking') {
    return (
      <div className="flex min-h-screen items-center justify-center p-6">
        <LoadingIndicator text="Loading…" />
      </div>
    );
  }
  return signedIn ? <Navigate to={to} replace /> : children;
}
