import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../api/problem';
import {
  createTeam,
  invite,
  listMembers,
  listTeams,
  removeMember,
  setRole,
  teamKeys,
  type Invite,
  type Member,
  type Role,
  type Team,
} from '../../api/teams';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { ConfirmDialog } from '../../kit/dialog';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { Page, Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { SelectField } from '../../kit/select-field';
import { Table } from '../../kit/table';
import { useCurrentSession } from '../../app/session';
import { PendingInvites } from './pending-invites';

const ROLES: { value: Role; label: string }[] = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
  { value: 'owner', label: 'Owner' },
];
/** What an admin may give (only an owner grants or takes the owner role), and what an invitation may carry. */
const NON_OWNER_ROLES = ROLES.filter((r) => r.value !== 'owner');

function CreateTeam() {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => createTeam(name),
    onSuccess: async () => {
      setName('');
      await client.invalidateQueries();
    },
  });
  return (
    <Form label="Create a team" className="max-w-md" onSubmit={() => create.mutate()} error={create.error} fields={['name']}>
      <TextField label="Team name" value={name} onChange={(e) => setName(e.target.value)} error={fieldError(create.error, 'name')} />
      <div>
        <Button type="submit" busy={create.isPending}>
          Create team
        </Button>
      </div>
    </Form>
  );
}

function InviteForm({ team }: { team: Team }) {
  const [email, setEmail] = useState('');
  const [role, setRoleValue] = useState<Role>('member');
  const [issued, setIssued] = useState<Invite | null>(null);
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: () => invite(team.id, { role, ...(email ? { email } : {}) }),
    onSuccess: async (made) => {
      setIssued(made);
      await client.invalidateQueries({ queryKey: teamKeys.invites(team.id) });
    },
  });
  return (
    <div className="flex flex-col gap-3">
      <Form label="Invite to the team" className="max-w-md" onSubmit={() => send.mutate()} error={send.error} fields={['email', 'role']}>
        <TextField
          label="Email (optional)"
          type="email"
          hint="Without an email you get a link to hand over."
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError(send.error, 'email')}
        />
        <SelectField
          label="Role"
          value={role}
          onChange={(e) => setRoleValue(e.target.value as Role)}
          options={NON_OWNER_ROLES}
          error={fieldError(send.error, 'role')}
        />
        <div>
          <Button type="submit" busy={send.isPending}>
            Create invitation
          </Button>
        </div>
      </Form>
      {issued && (
        <Alert tone="success">
          {issued.emailed ? `Invitation emailed to ${issued.email}. ` : 'Share this link: '}
          <a className="break-all text-indigo-800 underline" href={issued.url}>
            {issued.url}
          </a>
        </Alert>
      )}
    </div>
  );
}

/**
 * Why the team's only owner cannot leave (the API refuses it with 409: a team keeps at least one owner), in
 * place of a Leave button that could only fail. There is no deleting a team.
 */
function soleOwnerNote(alone: boolean): string {
  return alone
    ? 'You are the only owner and the only member: invite someone and make them an owner before you can leave.'
    : 'You are the only owner: make another member an owner before you can leave.';
}

function MemberActions({
  team,
  member,
  selfId,
  owners,
  members,
}: {
  team: Team;
  member: Member;
  selfId: string;
  /** How many owners the team has, and members: the only owner is not offered to leave. */
  owners: number;
  members: number;
}) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: teamKeys.members(team.id) });
  const change = useMutation({ mutationFn: (role: Role) => setRole(team.id, member.userId, role), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => removeMember(team.id, member.userId), onSuccess: refresh });
  const leave = useMutation({
    mutationFn: () => removeMember(team.id, selfId),
    // Out of the team: the session is back in the personal workspace, and every list changes.
    onSuccess: () => client.invalidateQueries(),
  });
  const failure = change.error ?? remove.error ?? leave.error;
  const error = failure != null && (
    <span role="alert" className="text-sm text-red-700">
      {messageOf(failure)}
    </span>
  );
  if (member.userId === selfId) {
    if (member.role === 'owner' && owners <= 1) {
      return (
        <div className="flex flex-col gap-1">
          <span>{member.role} (you)</span>
          <p className="text-sm text-slate-700">{soleOwnerNote(members <= 1)}</p>
        </div>
      );
    }
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span>{member.role} (you)</span>
        <ConfirmDialog
          trigger={<Button variant="secondary">Leave team</Button>}
          title={`Leave ${team.name}?`}
          description="You lose access to the team's templates, renders and keys at once; your keys in the team are revoked. Someone must invite you to come back."
          action="Leave team"
          onConfirm={() => leave.mutate()}
        />
        {error}
      </div>
    );
  }
  // An admin manages members and admins; owners are an owner's to change.
  const canManage = team.role === 'owner' || (team.role === 'admin' && member.role !== 'owner');
  if (!canManage) return <span>{member.role}</span>;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField
        label={`Role of ${member.email}`}
        value={member.role}
        onChange={(e) => change.mutate(e.target.value as Role)}
        options={team.role === 'owner' ? ROLES : NON_OWNER_ROLES}
      />
      <ConfirmDialog
        trigger={
          <Button variant="danger" aria-label={`Remove ${member.email}`}>
            Remove
          </Button>
        }
        title={`Remove ${member.email}?`}
        description="They lose access to this team's templates, renders and keys at once."
        action="Remove member"
        onConfirm={() => remove.mutate()}
      />
      {error}
    </div>
  );
}

function TeamSection({ team }: { team: Team }) {
  const selfId = useCurrentSession().user.id;
  const members = useQuery({ queryKey: teamKeys.members(team.id), queryFn: () => listMembers(team.id) });
  return (
    <Section title={`${team.name} (you are ${team.role})`}>
      <QueryState query={members}>
        {({ items }) => (
          <Table
            caption={`Members of ${team.name}`}
            rows={items}
            rowKey={(m) => m.userId}
            empty="No members."
            columns={[
              { header: 'Member', cell: (m) => m.name || m.email },
              { header: 'Email', cell: (m) => m.email, wide: true },
              {
                header: 'Role',
                cell: (m) => (
                  <MemberActions
                    team={team}
                    member={m}
                    selfId={selfId}
                    owners={items.filter((other) => other.role === 'owner').length}
                    members={items.length}
                  />
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {(team.role === 'owner' || team.role === 'admin') && (
        <>
          <InviteForm team={team} />
          <PendingInvites team={team} />
        </>
      )}
    </Section>
  );
}

export default function TeamsPage() {
  const teams = useQuery({ queryKey: teamKeys.all, queryFn: listTeams });
  return (
    <Page title="Teams">
      <Section title="New team">
        <CreateTeam />
      </Section>
      <QueryState query={teams}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-sm text-slate-700">You are in no team yet.</p>
          ) : (
            items.map((t) => <TeamSection key={t.id} team={t} />)
          )
        }
      </QueryState>
    </Page>
  );
}
