import type { RenderHistoryItem } from '@pressroom/contracts';
import { api } from './client';

export type RenderKind = 'image' | 'gif' | 'pdf' | 'video';
export type RenderStatus = 'queued' | 'rendering' | 'done' | 'failed';

/** One entry of GET /renders, with the kinds and states the filters offer. */
export interface RenderItem extends RenderHistoryItem {
  kind: RenderKind;
  status: RenderStatus;
}

export interface RenderDetail extends RenderItem {
  parameters: Record<string, unknown>;
  contentType: string | null;
  timings: {
    createdAt: string;
    startedAt: string | null;
    completedAt: string | null;
    queuedMs: number | null;
    renderMs: number | null;
    totalMs: number | null;
  };
  problem: { type: string; title: string; status: number; detail: string } | null;
}

export interface RenderFilters {
  kind?: RenderKind | '';
  templateUid?: string;
  status?: RenderStatus | '';
  from?: string;
  to?: string;
}

export interface RenderPage {
  items: RenderItem[];
  pagination: { limit: number; nextCursor: string | null; hasMore: boolean };
}

export const renderKeys = {
  list: (filters: RenderFilters) => ['renders', 'list', filters] as const,
  recent: ['renders', 'recent'] as const,
  one: (id: string) => ['renders', id] as const,
};

export const listRenders = (filters: RenderFilters, cursor?: string, limit = 20) =>
  api<RenderPage>('/renders', { query: { ...filters, cursor, limit } });
export const getRenderDetail = async (id: string) => (await api<{ render: RenderDetail }>(`/renders/${encodeURIComponent(id)}`)).render;

/** POST /image, as the playground sends it. */
export const renderImage = (body: { html?: string; url?: string; width: number; height: number; fileExtension: string }) =>
  api<{ url: string; id: string; createdAt: string }>('/image', { json: body });
