import type { RefusedRequestList } from '@pressroom/contracts';
import { api } from './client';

export type { RefusedRequestList, RefusedRequestView } from '@pressroom/contracts';

export const refusedRequestKeys = { all: ['refused-requests'] as const };
export const listRefusedRequests = () => api<RefusedRequestList>('/account/refused-requests', { query: { limit: 50 } });
