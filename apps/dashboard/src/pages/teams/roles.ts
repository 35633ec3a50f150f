// Plain data and words, without the API client, so the node tests load this file (test/team-words.test.ts): the
// shapes are the API's (api/teams.ts Role and Member), spelled structurally.
type Role = 'owner' | 'admin' | 'member';
interface Person {
  name: string | null;
  email: string;
}

export const ROLES: { value: Role; label: string }[] = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
  { value: 'owner', label: 'Owner' },
];
/** What an admin may give (only an owner grants or takes the owner role), and what an invitation may carry. */
export const NON_OWNER_ROLES = ROLES.filter((r) => r.value !== 'owner');

/** A member as the page names them in messages: the name they gave, else their email. */
export function memberName(member: Person): string {
  return member.name || member.email;
}

/**
 * What an owner may do, in the words the confirmations use: granting it cannot be undone by the person who grants
 * it (the new owner may demote or remove them), so the dialog says so before it happens.
 */
export const OWNER_POWERS =
  "Owners can do everything in the team: change anyone's role (yours too), remove any member (you too) and make more owners. Only an owner can take the role back.";

/**
 * The confirmation a role change needs, or null when it applies at once (docs/dashboard.md, Teams): granting the owner
 * role, taking it from another owner, and stepping down yourself ask first.
 */
export function roleChangeConfirmation(input: {
  teamName: string;
  member: Person & { role: Role };
  self: boolean;
  to: Role;
}): { title: string; description: string; action: string } | null {
  const { teamName, member, self, to } = input;
  if (self) {
    // Stepping down is the one change a person cannot undo alone.
    const after =
      to === 'member'
        ? 'As a member you can no longer invite people or manage members.'
        : 'As an admin you can still invite people and manage members and admins, but not owners.';
    const regain =
      member.role === 'owner' ? 'Only another owner can make you an owner again.' : 'Only an owner or admin can make you an admin again.';
    return {
      title: `Step down to ${to} in ${teamName}?`,
      description: `You will no longer be an ${member.role} of ${teamName}. ${after} ${regain}`,
      action: 'Change my role',
    };
  }
  if (to === 'owner') {
    return { title: `Make ${memberName(member)} an owner of ${teamName}?`, description: OWNER_POWERS, action: 'Make owner' };
  }
  if (member.role === 'owner') {
    // Taking the owner role from someone else is as far-reaching as granting it: they lose control of the team.
    const name = memberName(member);
    const after =
      to === 'member'
        ? 'As a member they can no longer invite people or manage members.'
        : 'As an admin they can still invite people and manage members and admins, but not owners.';
    return {
      title: `Make ${name} ${to === 'admin' ? 'an admin' : 'a member'} of ${teamName}?`,
      description: `${name} will no longer be an owner of ${teamName}. ${after} Only an owner can make them an owner again.`,
      action: `Make ${to}`,
    };
  }
  return null;
}
