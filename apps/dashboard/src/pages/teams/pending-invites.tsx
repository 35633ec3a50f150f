import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { messageOf } from '../../api/problem';
import { listInvites, revokeInvite, teamKeys, type PendingInvite, type Team } from '../../api/teams';
import { Button } from '../../kit/button';
import { ConfirmDialog } from '../../kit/dialog';
import { focusSectionHeading } from '../../kit/focus-section-heading';
import { formatDate } from '../../kit/format';
import { Instant } from '../../kit/instant';
import { LiveMessage } from '../../kit/live-message';
import { QueryState } from '../../kit/query-state';
import { Table } from '../../kit/table';

/** Who an invitation is for, in words: a link invitation has no email, so its date tells it apart. */
function inviteeOf(invite: PendingInvite): string {
  return invite.email ?? `anyone with the link made ${formatDate(invite.createdAt)}`;
}

function RevokeInvite({ team, invite }: { team: Team; invite: PendingInvite }) {
  const client = useQueryClient();
  const row = useRef<HTMLDivElement>(null);
  const revoke = useMutation({
    mutationFn: () => revokeInvite(team.id, invite.id),
    // The row (and the Revoke button focus returned to) goes: keyboard users continue at the list's heading.
    onSuccess: () => focusSectionHeading(row.current),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.invites(team.id) }),
  });
  const invitee = inviteeOf(invite);
  return (
    <div ref={row} className="flex flex-wrap items-center gap-2">
      <ConfirmDialog
        trigger={
          <Button variant="danger" busy={revoke.isPending} aria-label={`Revoke the invitation for ${invitee}`}>
            Revoke
          </Button>
        }
        title={`Revoke the invitation for ${invitee}?`}
        description="Its link stops working at once. To let them join later, invite them again."
        action="Revoke invitation"
        onConfirm={() => revoke.mutate()}
      />
      {revoke.isError && (
        <LiveMessage tone="error" inline>
          {messageOf(revoke.error)}
        </LiveMessage>
      )}
    </div>
  );
}

/** A team's invitations nobody has accepted yet, for its owners and admins to see and revoke. */
export function PendingInvites({ team }: { team: Team }) {
  const invites = useQuery({ queryKey: teamKeys.invites(team.id), queryFn: () => listInvites(team.id) });
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">Pending invitations</h3>
      <p className="text-sm text-slate-700">
        An invitation's link is shown only when it is made. Inviting the same email again replaces only that person's earlier invitation
        (its link stops working); links for other people, and links without an email, stay valid.
      </p>
      {/* The API lists only invitations still usable: an expired one leaves the list without a word, so it is said here.
          Each row carries its own expiry (PRESSROOM_INVITE_TTL when it was made), so no lifetime is guessed. */}
      <p className="text-sm text-slate-700">
        Each link works until the time under Expires. After that the invitation leaves this list: invite them again if they have not joined.
      </p>
      <QueryState query={invites}>
        {({ items }) => (
          <Table
            caption={`Pending invitations to ${team.name}`}
            rows={items}
            rowKey={(i) => i.id}
            empty="No pending invitations."
            columns={[
              { header: 'Invitee', cell: (i) => i.email ?? 'Anyone with the link' },
              { header: 'Role', cell: (i) => i.role },
              { header: 'Invited by', cell: (i) => (i.invitedBy ? i.invitedBy.name || i.invitedBy.email : 'A deleted user'), wide: true },
              { header: 'Expires', cell: (i) => <Instant iso={i.expiresAt} /> },
              { header: 'Actions', cell: (i) => <RevokeInvite team={team} invite={i} /> },
            ]}
          />
        )}
      </QueryState>
    </div>
  );
}
