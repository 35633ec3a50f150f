import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { acceptInvite, getInvite } from '../../api/teams';
import { authKeys } from '../../api/auth';
import { Button } from '../../kit/button';
import { Alert } from '../../kit/alert';
import { messageOf } from '../../api/problem';
import { Page, Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import type { JoinedState } from './teams-page';

/** Where an invitation link lands (after sign-in or sign-up): accept to join and work in the team. */
export default function InvitePage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const client = useQueryClient();
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
      <QueryState query={details}>
        {(invite) => (
          <Section title={`Join ${invite.team.name}`}>
            <p className="text-sm">
              You are invited to <strong>{invite.team.name}</strong> as <strong>{invite.role}</strong>.
            </p>
            {accept.isError && <Alert>{messageOf(accept.error)}</Alert>}
            <div>
              <Button busy={accept.isPending} onClick={() => accept.mutate()}>
                Accept invitation
              </Button>
            </div>
          </Section>
        )}
      </QueryState>
    </Page>
  );
}
