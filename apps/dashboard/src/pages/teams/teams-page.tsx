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

const ROLES: { value: Role; label: string }[] = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
  { value: 'owner', label: 'Owner' },
];

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
  const send = useMutation({ mutationFn: () => invite(team.id, { role, ...(email ? { email } : {}) }), onSuccess: setIssued });
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
          options={ROLES}
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

function MemberActions({ team, member }: { team: Team; member: Member }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: teamKeys.members(team.id) });
  const change = useMutation({ mutationFn: (role: Role) => setRole(team.id, member.userId, role), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => removeMember(team.id, member.userId), onSuccess: refresh });
  const canManage = team.role === 'owner' || team.role === 'admin';
  if (!canManage) return <span>{member.role}</span>;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField
        label={`Role of ${member.email}`}
        value={member.role}
        onChange={(e) => change.mutate(e.target.value as Role)}
        options={ROLES}
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
      {(change.error ?? remove.error) != null && (
        <span role="alert" className="text-sm text-red-700">
          {messageOf(change.error ?? remove.error)}
        </span>
      )}
    </div>
  );
}

function TeamSection({ team }: { team: Team }) {
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
              { header: 'Role', cell: (m) => <MemberActions team={team} member={m} /> },
            ]}
          />
        )}
      </QueryState>
      {(team.role === 'owner' || team.role === 'admin') && <InviteForm team={team} />}
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
