import { api } from './client';
import type { Session } from './auth';

export type Role = 'owner' | 'admin' | 'member';
export interface Team {
  id: string;
  name: string;
  role: Role;
}
export interface Member {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  joinedAt: string;
}
export interface Invite {
  id: string;
  token: string;
  url: string;
  emailed: boolean;
  role: Role;
  email: string | null;
  expiresAt: string;
}
/** A pending invitation as its team's owners and admins list it (the link itself is shown only when made). */
export interface PendingInvite {
  id: string;
  /** Null for a link invitation that anyone holding the link may accept. */
  email: string | null;
  role: Role;
  invitedBy: { id: string; email: string; name: string | null } | null;
  createdAt: string;
  expiresAt: string;
}

export const teamKeys = {
  all: ['teams'] as const,
  members: (id: string) => ['teams', id, 'members'] as const,
  invites: (id: string) => ['teams', id, 'invites'] as const,
};

const team = (id: string) => `/teams/${encodeURIComponent(id)}`;
export const listTeams = () => api<{ items: Team[] }>('/teams');
export const createTeam = (name: string) => api<Team>('/teams', { json: { name } });
export const listMembers = (id: string) => api<{ items: Member[] }>(`${team(id)}/members`);
export const setRole = (id: string, userId: string, role: Role) =>
  api<unknown>(`${team(id)}/members/${encodeURIComponent(userId)}`, { method: 'PATCH', json: { role } });
export const removeMember = (id: string, userId: string) =>
  api<void>(`${team(id)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
export const invite = (id: string, body: { email?: string; role: Role }) => api<Invite>(`${team(id)}/invites`, { json: body });
export const listInvites = (id: string) => api<{ items: PendingInvite[] }>(`${team(id)}/invites`);
export const revokeInvite = (id: string, inviteId: string) =>
  api<void>(`${team(id)}/invites/${encodeURIComponent(inviteId)}`, { method: 'DELETE' });
export const getInvite = (token: string) =>
  api<{ team: { id: string; name: string }; role: Role; email: string | null }>(`/invites/${encodeURIComponent(token)}`);
/** Joins the team; the answered session already works in it. */
export const acceptInvite = (token: string) =>
  api<{ team: { id: string; name: string }; alreadyMember: boolean; session: Session }>(`/invites/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
  });
