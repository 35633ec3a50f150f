import { api } from './client';

/** A plan's request rates and monthly credits (docs/limits.md). */
export interface PlanLimits {
  perMinute: number;
  perDay: number;
  renderCredits: number;
  aiCredits: number;
}

export type PlanName = 'free' | 'pro' | 'business' | 'enterprise';

export const PLAN_TITLES: Record<PlanName, string> = { free: 'Free', pro: 'Pro', business: 'Business', enterprise: 'Enterprise' };

/** A plan as the Instance page names it (Free, Pro); a plan this dashboard does not know, as the server says it. */
export function planTitle(tier: string): string {
  return (PLAN_TITLES as Record<string, string>)[tier] ?? tier;
}

/** A team, or an account outside any team: whoever holds a plan of its own. */
export interface Workspace {
  id: string;
  kind: 'account' | 'team';
  name: string;
  email: string | null;
  members: number | null;
  plan: PlanName;
  overage: boolean;
  customLimits: boolean;
  limits: PlanLimits;
  creditsUsed: number;
}

export interface WorkspaceListing {
  items: Workspace[];
  plans: Record<PlanName, PlanLimits>;
}

/** The body of PUT /instance/workspaces/{id}/plan: custom limits on enterprise only, overage on paid plans. */
export type PlanChange = { plan: PlanName; overage?: boolean } & Partial<PlanLimits>;

export const workspaceKeys = { all: ['instance', 'workspaces'] as const };
export const listWorkspaces = () => api<WorkspaceListing>('/instance/workspaces');
export const changeWorkspacePlan = (id: string, change: PlanChange) =>
  api<{ id: string; plan: PlanName }>(`/instance/workspaces/${encodeURIComponent(id)}/plan`, { method: 'PUT', json: change });
