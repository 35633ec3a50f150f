import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { refusedHere } from '../../api/problem';
import { createTeam, listMembers, listTeams, teamKeys, type Team } from '../../api/teams';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { LiveMessage } from '../../kit/live-message';
import { Page, Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { Table } from '../../kit/table';
import { useCurrentSession } from '../../app/session';
import { InviteForm } from './invite-form';
import { MemberActions, type Announce } from './member-actions';
import { PendingInvites } from './pending-invites';

/** Route state the invitation's accept and sign-up pass: the session they answer already works in the joined team. */
export interface JoinedState {
  joined: true;
  /** Accepted by someone in the team already: the link was not spent. */
  alreadyMember?: boolean;
}

/** A status line: what the last action did, read out by screen readers (kept in the page so changes are announced). */
function News({ text }: { text: string }) {
  return (
    <LiveMessage tone="success" className="font-medium">
      {text}
    </LiveMessage>
  );
}

function CreateTeam({ announce }: { announce: (text: string) => void }) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const create = useMutation({
    // The API refuses an empty name in its own terms (`name` is required.): said here first, in plain words, as for a key.
    mutationFn: () => (name.trim() ? createTeam(name) : Promise.reject(refusedHere([{ field: 'name', message: 'Give the team a name.' }]))),
    onSuccess: async (team) => {
      setName('');
      announce(`Created the team ${team.name}: you are its owner. Invite people below.`);
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

function TeamSection({ team, announcePage }: { team: Team; announcePage: (text: string) => void }) {
  const session = useCurrentSession();
  const members = useQuery({ queryKey: teamKeys.members(team.id), queryFn: () => listMembers(team.id) });
  const [news, setNews] = useState('');
  const announce: Announce = { section: setNews, page: announcePage };
  return (
    <Section title={`${team.name} (you are ${team.role})`} actions={<News text={news} />}>
      <QueryState query={members}>
        {({ items }) => (
          <Table
            caption={`Members of ${team.name}`}
            rows={items}
            rowKey={(m) => m.userId}
            empty="No members."
            columns={[
              // The name with the email under it; without a name, the email once (not twice, in two columns).
              {
                header: 'Member',
                cell: (m) =>
                  m.name ? (
                    <>
                      {m.name}
                      <span className="block text-xs text-slate-600">{m.email}</span>
                    </>
                  ) : (
                    m.email
                  ),
              },
              {
                header: 'Role',
                cell: (m) => (
                  <MemberActions
                    team={team}
                    member={m}
                    selfId={session.user.id}
                    working={session.workspaceId === team.id}
                    owners={items.filter((other) => other.role === 'owner').length}
                    members={items.length}
                    announce={announce}
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

/**
 * "You joined <team>" after an invitation's accept or sign-up (they navigate here with JoinedState): the session
 * already works in the team, so its workspace names it. Shown once: the history entry's state is cleared, so a
 * reload or Back does not say it again.
 */
function useJoinedNotice(): string | null {
  const session = useCurrentSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [joined] = useState(() => {
    if ((location.state as JoinedState | null)?.joined !== true) return null;
    const team = session.workspaces.find((w) => w.id === session.workspaceId && w.kind === 'team');
    if (!team) return null;
    if ((location.state as JoinedState).alreadyMember)
      return `You are already a member of ${team.name} (${team.role}): the invitation was left unused, for whoever it was meant for. You are working in the team's workspace now.`;
    return `You joined ${team.name} as ${team.role}. You are working in its workspace now: its templates, renders and keys are shared with the team.`;
  });
  useEffect(() => {
    if (joined) void navigate(location.pathname, { replace: true, state: null });
  }, [joined, navigate, location.pathname]);
  return joined;
}

export default function TeamsPage() {
  const teams = useQuery({ queryKey: teamKeys.all, queryFn: listTeams });
  const joined = useJoinedNotice();
  const [news, setNews] = useState('');
  return (
    <Page title="Teams" actions={<News text={news} />}>
      {joined && <Alert tone="success">{joined}</Alert>}
      <Section title="New team">
        <CreateTeam announce={setNews} />
      </Section>
      <QueryState query={teams}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-sm text-slate-700">
              You are in no team yet. A team is a workspace you share: its members see the same templates, renders and keys, and spend the
              team&rsquo;s credits. Create one above, or follow an invitation link from a team.
            </p>
          ) : (
            items.map((t) => <TeamSection key={t.id} team={t} announcePage={setNews} />)
          )
        }
      </QueryState>
    </Page>
  );
}
