import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { authKeys, getSession, type Session } from '../api/auth';
import { setUnauthenticatedHandler } from '../api/client';
import { ApiError, messageOf } from '../api/problem';
import { Alert } from '../kit/alert';
import { signInPathFor } from './return-to';

export function useSession() {
  return useQuery({ queryKey: authKeys.session, queryFn: getSession, retry: false, staleTime: 60_000 });
}

/** The session every signed-in page can rely on (RequireSession renders them only once it is loaded). */
export function useCurrentSession(): Session {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentSession outside RequireSession');
  return data;
}

/** A 401 from any call means the session is gone: forget cached data and go to sign-in, then back here. */
export function installSessionExpiry(
  client: QueryClient,
  navigate: (to: string) => unknown,
  location: () => { pathname: string; search: string },
): void {
  setUnauthenticatedHandler(() => {
    const here = location();
    if (here.pathname.startsWith('/sign-in')) return;
    client.removeQueries();
    void navigate(signInPathFor(here));
  });
}

/** Renders its children only with a valid session; otherwise sends the user to sign-in with a way back. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <p className="p-6 text-sm text-slate-600">Loading…</p>;
  if (session.isError) {
    if (session.error instanceof ApiError && session.error.status === 401) return <Navigate to={signInPathFor(location)} replace />;
    return (
      <div className="p-6">
        <Alert>{messageOf(session.error)}</Alert>
      </div>
    );
  }
  return <>{children}</>;
}
