/** The part of the session (api/auth.ts Session) this file reads; structural, so node tests load this file. */
interface SessionWorkspaces {
  workspaces: { id: string; kind: 'personal' | 'team'; name: string }[];
  workspaceId: string;
}

/** The teams this browser last saw the user in, and the workspace it worked in then. */
export interface SeenMembership {
  teams: { id: string; name: string }[];
  workspaceId: string;
}

/** Teams the user is no longer in since `before`, and whether the session was working in one of them. */
export interface LostMembership {
  names: string[];
  movedOut: boolean;
}

export function seenMembershipOf(session: SessionWorkspaces): SeenMembership {
  return {
    teams: session.workspaces.filter((w) => w.kind === 'team').map((w) => ({ id: w.id, name: w.name })),
    workspaceId: session.workspaceId,
  };
}

/**
 * What changed for the worse between what this browser saw and the session now: a team gone from the session's
 * workspaces was left elsewhere or the person was removed (leaving here is forgotten first, forgetTeam). Null when
 * nothing was seen before (a first sign-in here) or no team went.
 */
export function membershipLost(before: SeenMembership | null, now: SeenMembership): LostMembership | null {
  if (!before) return null;
  const lost = before.teams.filter((team) => !now.teams.some((t) => t.id === team.id));
  if (lost.length === 0) return null;
  return { names: lost.map((t) => t.name), movedOut: lost.some((t) => t.id === before.workspaceId) };
}

// Kept in localStorage per user, so a removal is noticed after a reload or in a later visit too; a browser that
// refuses storage simply shows no notice.
const keyOf = (userId: string) => `pressroom.teams.${userId}`;

export function readSeenMembership(userId: string): SeenMembership | null {
  try {
    const raw = localStorage.getItem(keyOf(userId));
    return raw ? (JSON.parse(raw) as SeenMembership) : null;
  } catch {
    return null;
  }
}

export function writeSeenMembership(userId: string, seen: SeenMembership): void {
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(seen));
  } catch {
    // Storage full or refused: the notice is a convenience.
  }
}

/** Leaving a team on purpose: forget it first, so its disappearance is not taken for a removal. */
export function forgetTeam(userId: string, teamId: string): void {
  const seen = readSeenMembership(userId);
  if (seen) writeSeenMembership(userId, { ...seen, teams: seen.teams.filter((t) => t.id !== teamId) });
}
