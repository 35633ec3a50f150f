import type { VideoTemplateView } from '@pressroom/contracts';
import type { TimelineProjectInput } from '@pressroom/contracts/video-timeline';
import { api } from './client';
import type { VariableDefinition } from './templates';
import type { Pagination } from './every-page';

/**
 * A video template as the API shows it (docs/video.md); lists leave out the design (`tsx` / `projectJson`). The
 * contract's view, with the timeline typed as the studio edits it.
 */
export type VideoTemplate = Omit<VideoTemplateView, 'projectJson'> & { projectJson?: TimelineProjectInput };

export interface VideoTemplateList {
  templates: VideoTemplate[];
  pagination: Pagination;
}

export type VideoFormat = 'mp4' | 'webm' | 'gif';

/** A video render as `GET /video/renders/{id}` shows it (the render endpoint's 200 has the same facts). */
export interface VideoRender {
  id: string;
  status: 'queued' | 'rendering' | 'done' | 'failed';
  url: string | null;
  posterUrl: string | null;
  format: string;
  error: { detail?: string; title?: string } | string | null;
}

export const videoKeys = {
  all: ['video-templates'] as const,
  list: (page: number) => ['video-templates', 'list', page] as const,
  one: (uid: string) => ['video-templates', uid] as const,
};

const path = (uid: string) => `/video/templates/${encodeURIComponent(uid)}`;

/** Newest first; `search`: only the video templates whose name contains it, in any case (the pagination counts those). */
export const listVideoTemplates = (page: number, limit = 24, search = '') =>
  api<VideoTemplateList>('/video/templates', { query: { page, limit, search } });
export const getVideoTemplate = async (uid: string) => (await api<{ template: VideoTemplate }>(path(uid))).template;

export interface VideoTemplateDraft {
  name?: string;
  tsx?: string;
  projectJson?: TimelineProjectInput;
  variableDefinitions?: VariableDefinition[];
}

export const createVideoTemplate = async (draft: VideoTemplateDraft) =>
  (await api<{ template: VideoTemplate }>('/video/templates', { json: draft })).template;
export const updateVideoTemplate = async (uid: string, draft: VideoTemplateDraft) =>
  (await api<{ template: VideoTemplate }>(path(uid), { method: 'PUT', json: draft })).template;
export const deleteVideoTemplate = (uid: string) => api<unknown>(path(uid), { method: 'DELETE' });

/**
 * Starts a render: the API answers 200 with the file when it finished within its wait, else 202 with the
 * id (`status: "queued"`, `url: null`); the caller then polls `getVideoRender`.
 */
export const startVideoRender = (uid: string, body: { format: VideoFormat; variables: Record<string, unknown> }) =>
  api<{ id: string; url: string | null; posterUrl?: string | null; status?: string }>(`${path(uid)}/render`, { json: body });
export const getVideoRender = (id: string) => api<VideoRender>(`/video/renders/${encodeURIComponent(id)}`);
