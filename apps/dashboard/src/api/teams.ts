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
  token: string;
  url: string;
  emailed: boolean;
  role: Role;
  email: string | null;
}

export const teamKeys = {
  all: ['teams'] as const,
  members: (id: string) => ['teams', id, 'members'] as const,
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
export const getInvite = (token: string) =>
  api<{ team: { id: string; name: string }; role: Role; email: string | null }>(`/invites/${encodeURIComponent(token)}`);
export const acceptInvite = (token: string) =>
  api<{ team: Team; session: Session }>(`/invites/${encodeURIComponent(token)}/accept`, { method: 'POST' });
