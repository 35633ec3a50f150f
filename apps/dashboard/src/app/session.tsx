import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { authKeys, getSession, hadSession, type Session } from '../api/auth';
import { setUnauthenticatedHandler } from '../api/client';
import { messageOf } from '../api/problem';
import { Alert } from '../kit/alert';
import { signInPathFor } from './return-to';
import { ShellLoading } from './shell-loading';
import { SessionEndedDialog } from './session-ended-dialog';
import { waitForSignIn } from './session-ended';

export function useSession() {
  return useQuery({ queryKey: authKeys.session, queryFn: () => getSession(), retry: false, staleTime: 60_000 });
}

/** The navigation state of signing out: the sign-in page then forgets every query's data (useForgetSignedOutData). */
export const SIGNED_OUT = { signedOut: true } as const;

/**
 * On the page signing out lands on: drop what the signed-in pages fetched, once they are gone from the screen (effects
 * run after the new page is drawn), so the next person at this browser sees none of it.
 */
export function useForgetSignedOutData(): void {
  const client = useQueryClient();
  const signedOut = (useLocation().state as Partial<typeof SIGNED_OUT> | null)?.signedOut === true;
  useEffect(() => {
    if (!signedOut) return;
    // All but the sign-in page's own (the instance's sign-in settings), which it is showing.
    const own = JSON.stringify(authKeys.config);
    client.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== own });
    client.getMutationCache().clear();
  }, [client, signedOut]);
}

/** The session every signed-in page can rely on (RequireSession renders them only once it is loaded). */
export function useCurrentSession(): Session {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentSession outside RequireSession');
  return data;
}

/**
 * A session that ends while a signed-in page is open (401 `not-signed-in`): the page stays, with what was typed in
 * it, and the person signs in again in a dialog (SessionEndedDialog); the refused requests then go out again.
 * Before any session is known (a first visit), RequireSession sends the person to the sign-in page instead.
 */
export function installSessionExpiry(client: QueryClient): void {
  setUnauthenticatedHandler(async () => (client.getQueryData<Session>(authKeys.session) ? waitForSignIn() : false));
}

/** Renders its children only with a valid session; otherwise sends the user to sign-in with a way back. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <ShellLoading />;
  if (!session.data) {
    // Nobody signed in: an answer (null), not an error (getSession).
    if (session.data === null) {
      // A tab that had a session, or a cookie the server no longer knows: the sign-in page says the session ended.
      return <Navigate to={signInPathFor(location, hadSession() ? 'session-ended' : undefined)} replace />;
    }
    return (
      <div className="p-6">
        <Alert>{messageOf(session.error)}</Alert>
      </div>
    );
  }
  return (
    <>
      {children}
      <SessionEndedDialog session={session.data} />
    </>
  );
}
