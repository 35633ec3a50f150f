import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { messageOf } from '../../api/problem';
import { removeMember, setRole, teamKeys, type Member, type Role, type Team } from '../../api/teams';
import { Button } from '../../kit/button';
import { ConfirmDialog } from '../../kit/dialog';
import { focusSectionHeading } from '../../kit/focus-section-heading';
import { LiveMessage } from '../../kit/live-message';
import { SelectField } from '../../kit/select-field';
import { forgetTeam } from './membership-memory';
import { memberName, NON_OWNER_ROLES, ROLES, roleChangeConfirmation } from './roles';

/** Says what an action did: `section` beside the team's heading, `page` beside the page's (the team may be gone). */
export interface Announce {
  section: (text: string) => void;
  page: (text: string) => void;
}

function ErrorNote({ error }: { error: unknown }) {
  if (error == null) return null;
  return (
    <LiveMessage tone="error" inline>
      {messageOf(error)}
    </LiveMessage>
  );
}

/**
 * A member's role: the select only picks a pending role, **Save role** applies it (arrow keys through a closed
 * select must not grant anything on the way). Granting owner, and stepping down yourself, ask first. The result is
 * announced beside the team's heading and focus stays on the select.
 */
function RoleControl({ team, member, self, announce }: { team: Team; member: Member; self: boolean; announce: Announce }) {
  const client = useQueryClient();
  const [pending, setPending] = useState<Role>(member.role);
  // When the stored role changes (saved here, or elsewhere and refetched), the choice starts from it again. Not a
  // remount (key): that would replace the focused select.
  const [stored, setStored] = useState<Role>(member.role);
  if (stored !== member.role) {
    setStored(member.role);
    setPending(member.role);
  }
  const box = useRef<HTMLDivElement>(null);
  const select = () => box.current?.querySelector('select') ?? null;
  const name = memberName(member);
  const change = useMutation({
    mutationFn: (role: Role) => setRole(team.id, member.userId, role),
    onSuccess: async (_answer, role) => {
      const row = box.current;
      await client.invalidateQueries({ queryKey: teamKeys.members(team.id) });
      // Your own role also changes the team's heading ("you are …") and what the page offers you.
      if (self) await client.invalidateQueries({ queryKey: teamKeys.all });
      announce.section(self ? `You are now ${role} in ${team.name}.` : `${name} is now ${role}.`);
      // Save role goes once nothing is left to save: focus stays on the role, or (a member's own row has no role
      // select) moves to the team's heading.
      if (self && role === 'member') focusSectionHeading(row);
      else select()?.focus();
    },
  });
  const confirmation = pending === member.role ? null : roleChangeConfirmation({ teamName: team.name, member, self, to: pending });
  const label = self ? `Your role in ${team.name}` : `Role of ${member.email}`;
  const saveName = self ? `Save your role in ${team.name}` : `Save role for ${member.email}`;
  const save = (
    <Button
      variant="secondary"
      busy={change.isPending}
      aria-label={saveName}
      onClick={confirmation ? undefined : () => change.mutate(pending)}
    >
      Save role
    </Button>
  );
  const options = team.role === 'owner' ? ROLES : NON_OWNER_ROLES;
  return (
    <div ref={box} className="flex flex-wrap items-end gap-2">
      <SelectField label={label} value={pending} onChange={(e) => setPending(e.target.value as Role)} options={options} />
      {pending !== member.role &&
        (confirmation ? (
          <ConfirmDialog
            trigger={save}
            title={confirmation.title}
            description={confirmation.description}
            action={confirmation.action}
            onConfirm={() => change.mutate(pending)}
            returnFocus={select}
          />
        ) : (
          save
        ))}
      <ErrorNote error={change.error} />
    </div>
  );
}

function RemoveMember({ team, member, announce }: { team: Team; member: Member; announce: Announce }) {
  const client = useQueryClient();
  const name = memberName(member);
  const remove = useMutation({
    mutationFn: () => removeMember(team.id, member.userId),
    onSuccess: async () => {
      announce.section(`Removed ${name} from ${team.name}. The API keys they created in the team are revoked.`);
      await client.invalidateQueries({ queryKey: teamKeys.members(team.id) });
    },
  });
  return (
    <>
      <ConfirmDialog
        trigger={
          <Button variant="danger" busy={remove.isPending} aria-label={`Remove ${member.email}`}>
            Remove
          </Button>
        }
        title={`Remove ${member.email}?`}
        // What removal does (libs/db team-workspaces.ts removeTeamMember): keys revoked, sessions moved out.
        description={`${name} loses access to ${team.name}'s templates, renders and keys at once. Every API key they created in this team is revoked now: anything using one (a CI job, a script) stops working. Their personal workspace and its keys are not affected.`}
        action="Remove member"
        onConfirm={() => remove.mutate()}
      />
      <ErrorNote error={remove.error} />
    </>
  );
}

/**
 * Why the team's only owner cannot leave or step down (the API refuses it with 409: a team keeps at least one
 * owner), in place of controls that could only fail. There is no deleting a team.
 */
function soleOwnerNote(alone: boolean): string {
  return alone
    ? 'You are the only owner and the only member: invite someone and make them an owner before you can leave.'
    : 'You are the only owner: make another member an owner before you can leave.';
}

function LeaveTeam({ team, selfId, working, announce }: { team: Team; selfId: string; working: boolean; announce: Announce }) {
  const client = useQueryClient();
  const leave = useMutation({
    // Known before the server answers, so the shell does not take the team's disappearance for a removal.
    onMutate: () => forgetTeam(selfId, team.id),
    mutationFn: () => removeMember(team.id, selfId),
    onSuccess: async () => {
      announce.page(`You left ${team.name}.${working ? ' You now work in your personal workspace.' : ''}`);
      // Out of the team: the session is back in the personal workspace, and every list changes.
      await client.invalidateQueries();
    },
  });
  return (
    <>
      <ConfirmDialog
        trigger={
          <Button variant="secondary" busy={leave.isPending}>
            Leave team
          </Button>
        }
        title={`Leave ${team.name}?`}
        description="You lose access to the team's templates, renders and keys at once; the API keys you created in the team are revoked. Someone must invite you to come back."
        action="Leave team"
        onConfirm={() => leave.mutate()}
      />
      <ErrorNote error={leave.error} />
    </>
  );
}

/** The Role cell of a member's row: what the viewer may do to that member (or to themselves). */
export function MemberActions({
  team,
  member,
  selfId,
  working,
  owners,
  members,
  announce,
}: {
  team: Team;
  member: Member;
  selfId: string;
  /** The session works in this team now (leaving it moves the session to the personal workspace). */
  working: boolean;
  /** How many owners the team has, and members: the only owner is not offered to leave or step down. */
  owners: number;
  members: number;
  announce: Announce;
}) {
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
      <div className="flex flex-wrap items-end gap-2">
        {member.role === 'member' ? (
          <span className="self-center">{member.role} (you)</span>
        ) : (
          // Owners (with another owner) and admins may step down; a member has nothing below.
          <RoleControl team={team} member={member} self announce={announce} />
        )}
        <LeaveTeam team={team} selfId={selfId} working={working} announce={announce} />
      </div>
    );
  }
  // An admin manages members and admins; owners are an owner's to change.
  const canManage = team.role === 'owner' || (team.role === 'admin' && member.role !== 'owner');
  if (!canManage) return <span>{member.role}</span>;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <RoleControl team={team} member={member} self={false} announce={announce} />
      <RemoveMember team={team} member={member} announce={announce} />
    </div>
  );
}
