import { api } from './client';

export interface DayCounts {
  date: string;
  image: number;
  gif: number;
  pdf: number;
  video: number;
  /** Of the day's renders (all kinds, counted in their kind too), the failed ones: never charged. */
  failed: number;
}

export interface Usage {
  period: { start: string; end: string };
  credits: { used: number; limit: number; overage: boolean; overageAllowed: boolean };
  aiCredits: { used: number; limit: number };
  rate: { perMinute: number; perDay: number; tier: string };
  perDay: DayCounts[];
}

export const usageKeys = { all: ['usage'] as const };
export const getUsage = () => api<Usage>('/usage', { query: { days: 30 } });
export const setOverage = (enabled: boolean) => api<{ enabled: boolean }>('/usage/overage', { method: 'PUT', json: { enabled } });
