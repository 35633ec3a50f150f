import type { VideoRenderResult, VideoSceneModule, VideoTemplateView } from '@pressroom/contracts';
import { ApiError } from './problem';
import { api } from './client';

/** Code (TSX) video templates as the code editor uses them: load, save, the compiled scene, render. */
export const videoCodeKeys = {
  one: (uid: string) => ['video-templates', uid] as const,
  module: (uid: string, updatedAt: string) => ['video-templates', uid, 'module', updatedAt] as const,
};

export const getVideoTemplate = (uid: string) =>
  api<{ template: VideoTemplateView }>(`/video/templates/${encodeURIComponent(uid)}`).then((r) => r.template);

/** Saves a code template's name and TSX in one request (the API checks the name before it compiles the scene). */
export const saveCodeTemplate = (uid: string, draft: { name: string; tsx: string }) =>
  api<{ template: VideoTemplateView }>(`/video/templates/${encodeURIComponent(uid)}`, { method: 'PUT', json: draft }).then(
    (r) => r.template,
  );

export const createCodeTemplate = (body: { name: string; tsx: string }) =>
  api<{ template: VideoTemplateView }>('/video/templates', { json: body }).then((r) => r.template);

export const getSceneModule = (uid: string) => api<VideoSceneModule>(`/video/templates/${encodeURIComponent(uid)}/module`);

/** 200 with the file, or 202 when the render outlived the gateway's wait: queued, its `url` still null. */
export type VideoRenderAnswer = VideoRenderResult | { id: string; status: 'queued'; url: null };

export const renderVideo = (uid: string, format: VideoRenderResult['format']) =>
  api<VideoRenderAnswer>(`/video/templates/${encodeURIComponent(uid)}/render`, {
    json: { format, variables: {} },
  });

/** One compiler message of a 422 `template-compile-error` (line and column are 1-based; null when the message has no place). */
export interface CompilerError {
  line: number | null;
  column: number | null;
  message: string;
}

/** The compiler messages of a failed save, or null when the failure was something else. */
export function compilerErrorsOf(error: unknown): CompilerError[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const list = (error.problem as { compilerErrors?: unknown }).compilerErrors;
  return Array.isArray(list) ? (list as CompilerError[]) : null;
}
