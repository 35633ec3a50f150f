import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { listUserSessions, signOutOtherSessions, signOutUserSession, userSessionKeys, type UserSession } from '../../api/user-sessions';
import { messageOf } from '../../api/problem';
import { Button } from '../../kit/button';
import { ConfirmDialog } from '../../kit/dialog';
import { formatDate } from '../../kit/format';
import { LiveMessage } from '../../kit/live-message';
import { plural } from '../../kit/plural';
import { QueryState } from '../../kit/query-state';
import { Table } from '../../kit/table';

/**
 * When a browser signed in, to the second: two of one kind (a laptop's and a phone's Chrome, a browser signed in
 * again) often sign in within one minute, and their rows and Sign out buttons would read the same.
 */
const signedInAt = (session: UserSession) => formatDate(session.createdAt, { seconds: true });

/** How a row names its browser: two of one kind are told apart by when they signed in. */
const nameOf = (session: UserSession) => `${session.browser ?? 'Unknown browser'}, signed in ${signedInAt(session)}`;

/**
 * Account → Signed-in browsers (docs/dashboard.md): every browser signed in as this person, when each signed in and
 * was last used, which one is this browser; any other can be signed out, one or all at once. Its next page load then
 * shows sign-in (a page open there asks to sign in again).
 */
export function SignedInBrowsers() {
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: userSessionKeys.list, queryFn: listUserSessions });
  const [outcome, setOutcome] = useState('');
  const refresh = (message: string) => {
    setOutcome(message);
    return client.invalidateQueries({ queryKey: userSessionKeys.list });
  };
  const signOutOne = useMutation({
    mutationFn: (session: UserSession) => signOutUserSession(session.id),
    onMutate: () => setOutcome(''),
    onSuccess: (_, session) => refresh(`${session.browser ?? 'The browser'} was signed out.`),
  });
  const signOutOthers = useMutation({
    mutationFn: signOutOtherSessions,
    onMutate: () => setOutcome(''),
    onSuccess: ({ signedOut }) => refresh(`${plural(signedOut, 'other browser')} signed out. This one stays signed in.`),
  });
  const failed = signOutOne.error ?? signOutOthers.error;
  return (
    <QueryState query={sessions}>
      {(items) => (
        <>
          <p className="text-sm text-slate-700">
            Every browser signed in as you. Signing one out ends its session: its next page asks to sign in again.
          </p>
          <Table
            // Not the section's own title: the table's scrolling region is a landmark too, and two of one name read as one.
            caption="Browsers signed in as you"
            columns={[
              {
                header: 'Browser',
                cell: (s) => (
                  <>
                    {s.browser ?? 'Unknown browser'}
                    {s.current && (
                      <span className="ml-2 rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-800">This browser</span>
                    )}
                  </>
                ),
              },
              { header: 'Signed in', cell: signedInAt },
              { header: 'Last used', cell: (s) => formatDate(s.lastUsedAt) },
              {
                header: 'Actions',
                cell: (s) =>
                  s.current ? null : (
                    <ConfirmDialog
                      trigger={
                        <Button variant="secondary" aria-label={`Sign out ${nameOf(s)}`}>
                          Sign out
                        </Button>
                      }
                      title={`Sign out ${s.browser ?? 'this unknown browser'}?`}
                      description={`${nameOf(s)}, last used ${formatDate(s.lastUsedAt)}. Its session ends at once; whoever uses it signs in again.`}
                      action="Sign out browser"
                      onConfirm={() => signOutOne.mutate(s)}
                    />
                  ),
              },
            ]}
            rows={items}
            rowKey={(s) => s.id}
            empty="No browser is signed in."
          />
          <LiveMessage tone="success">{outcome}</LiveMessage>
          {failed && <LiveMessage tone="error">{messageOf(failed)}</LiveMessage>}
          {items.some((s) => !s.current) && (
            <div>
              <ConfirmDialog
                trigger={<Button variant="secondary">Sign out other browsers</Button>}
                title="Sign out every other browser?"
                description={`${plural(items.filter((s) => !s.current).length, 'other browser')} signed in as you will have to sign in again. This browser stays signed in.`}
                action="Sign out other browsers"
                onConfirm={() => signOutOthers.mutate()}
              />
            </div>
          )}
        </>
      )}
    </QueryState>
  );
}
