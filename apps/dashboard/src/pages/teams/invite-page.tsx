import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { acceptInvite, getInvite } from '../../api/teams';
import { authKeys, signOut } from '../../api/auth';
import { SIGNED_OUT, useCurrentSession } from '../../app/session';
import { Button } from '../../kit/button';
import { Alert } from '../../kit/alert';
import { ApiError, messageOf } from '../../api/problem';
import { Page, Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { forgetRememberedValues } from '../templates/remembered-values';
import type { JoinedState } from './teams-page';

/**
 * An invitation that names another address than the one signed in: only that address may accept it (the server
 * refuses anyone else, 403), so instead of an Accept that can only be refused the page says whose it is and signs out
 * onto the invitation's own sign-in, where the invited address is filled in (sign-up is a link away).
 */
function ForAnotherAddress({ token, invited, signedInAs }: { token: string; invited: string; signedInAs: string }) {
  const navigate = useNavigate();
  const out = useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // As the header's Sign out: the next person at this browser sees nothing of this one's (shell.tsx).
      forgetRememberedValues();
      await navigate(`/sign-in?returnTo=${encodeURIComponent(`/invite/${token}`)}`, { state: SIGNED_OUT });
    },
  });
  return (
    <>
      <Alert tone="info">
        This invitation is for <strong>{invited}</strong>, and you are signed in as <strong>{signedInAs}</strong>: sign out, then sign in or
        sign up with {invited} to accept it.
      </Alert>
      {out.isError && <Alert>{messageOf(out.error)}</Alert>}
      <div>
        <Button variant="secondary" busy={out.isPending} onClick={() => out.mutate()}>
          Sign out to use {invited}
        </Button>
      </div>
    </>
  );
}

/**
 * A link that no longer works (404 invalid-invite: unknown, expired, revoked or used): the API's words, then what to do
 * instead and a way on, rather than a dead end. `focus`: it replaced the Accept button focus was on (the link died
 * while the page was open), so focus moves here and is not dropped to the page's start.
 */
function DeadLink({ error, focus = false }: { error: unknown; focus?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) box.current?.focus();
  }, [focus]);
  return (
    <div ref={box} tabIndex={-1} className="flex flex-col gap-3">
      <Alert>{messageOf(error)}</Alert>
      <p className="text-sm">
        Ask whoever sent you the link for a new invitation. The teams you are in are on{' '}
        <Link className="text-indigo-700 underline" to="/settings/teams">
          Teams
        </Link>
        .
      </p>
    </div>
  );
}

const isDeadLink = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Where an invitation link lands (after sign-in or sign-up): accept to join and work in the team. */
export default function InvitePage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useCurrentSession();
  const details = useQuery({ queryKey: ['invites', token], queryFn: () => getInvite(token) });
  const accept = useMutation({
    // The server answers with the session already working in the team: the invitation is to work there.
    mutationFn: async () => acceptInvite(token),
    onSuccess: async ({ session, alreadyMember }) => {
      client.setQueryData(authKeys.session, session);
      // The invitation is spent now: its query is dropped, not fetched again (a 404 nobody asked for).
      client.removeQueries({ queryKey: ['invites', token] });
      await client.invalidateQueries();
      // The Teams page says which team was joined (the session works in it now), or that it already was.
      void navigate('/settings/teams', { state: { joined: true, alreadyMember } satisfies JoinedState });
    },
  });
  return (
    <Page title="Team invitation">
      <QueryState query={details} missing={<DeadLink error={details.error} />}>
        {(invite) => (
          <Section title={`Join ${invite.team.name}`}>
            <p className="text-sm">
              You are invited to <strong>{invite.team.name}</strong> as <strong>{invite.role}</strong>.
            </p>
            {invite.email && invite.email.toLowerCase() !== session.user.email.toLowerCase() ? (
              <ForAnotherAddress token={token} invited={invite.email} signedInAs={session.user.email} />
            ) : isDeadLink(accept.error) ? (
              // It stopped working while the page was open: an Accept could only be refused again.
              <DeadLink error={accept.error} focus />
            ) : (
              <>
                {accept.isError && <Alert>{messageOf(accept.error)}</Alert>}
                <div>
                  <Button busy={accept.isPending} onClick={() => accept.mutate()}>
                    Accept invitation
                  </Button>
                </div>
              </>
            )}
          </Section>
        )}
      </QueryState>
    </Page>
  );
}
