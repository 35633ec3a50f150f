import { api } from './client';

export interface DayCounts {
  date: string;
  image: number;
  gif: number;
  pdf: number;
  video: number;
  /** Of the day's renders (all kinds, counted in their kind too), the failed ones: never charged. */
  failed: number;
  /** Of the day's renders, binding refreshes that did not fail: never charged (a failed one is in `failed` only). */
  bindingRefreshes: number;
  /** Of the day's renders, AI screenshots that did not fail: paid in AI credits, not render credits. */
  aiScreenshots: number;
}

/** The credit period's renders: each in one of charged, failed, bindingRefreshes, aiScreenshots. */
export interface PeriodRenders {
  total: number;
  charged: number;
  failed: number;
  bindingRefreshes: number;
  aiScreenshots: number;
}

export interface Usage {
  period: { start: string; end: string };
  credits: { used: number; limit: number; overage: boolean; overageAllowed: boolean };
  aiCredits: { used: number; limit: number };
  rate: { perMinute: number; perDay: number; tier: string };
  perDay: DayCounts[];
  renders: PeriodRenders;
}

export const usageKeys = { all: ['usage'] as const };
export const getUsage = () => api<Usage>('/usage', { query: { days: 30 } });
export const setOverage = (enabled: boolean) => api<{ enabled: boolean }>('/usage/overage', { method: 'PUT', json: { enabled } });
