import type { RenderHistoryItem } from '@pressroom/contracts';
import { plural } from '../kit/plural';
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
  /** The file's size; null until done and once the file is gone. */
  bytes: number | null;
  timings: {
    createdAt: string;
    startedAt: string | null;
    completedAt: string | null;
    queuedMs: number | null;
    renderMs: number | null;
    totalMs: number | null;
  };
  problem: { type: string; title: string; status: number; detail: string } | null;
  /** Only for a render made by a batch row: its batch and row (`index` counts from 0). */
  batch?: { id: string; index: number; layout?: string };
}

export interface RenderFilters {
  kind?: RenderKind | '';
  templateUid?: string;
  status?: RenderStatus | '';
  from?: string;
  to?: string;
  /** Text in the render's id, kept details or batch row variables, in any case. */
  q?: string;
}

export interface RenderPage {
  items: RenderItem[];
  pagination: { limit: number; nextCursor: string | null; hasMore: boolean };
}

export const renderKeys = {
  list: (filters: RenderFilters) => ['renders', 'list', filters] as const,
  recent: ['renders', 'recent'] as const,
  /** The Overview's failed renders of the last 24 hours (the window is taken when the request goes out). */
  recentFailures: ['renders', 'recent-failures'] as const,
  one: (id: string) => ['renders', id] as const,
};

export const listRenders = (filters: RenderFilters, cursor?: string, limit = 20) =>
  api<RenderPage>('/renders', { query: { ...filters, cursor, limit } });
/**
 * Where a Download link points: the API's copy of the render's file, from the dashboard's own origin with the session
 * cookie, answered as an attachment with a readable name. A link to the file's public URL (a bucket, a CDN, or the
 * same server under another host name) only opens the file: browsers ignore `download` across origins (docs/adr/0078).
 */
export const renderFileUrl = (id: string) => `/renders/${encodeURIComponent(id)}/file`;
/** Deletes a finished or failed render and its file from every store (DELETE /renders/{id}; 409 while it runs). */
export const deleteRender = (id: string) => api<unknown>(`/renders/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const getRenderDetail = async (id: string) => (await api<{ render: RenderDetail }>(`/renders/${encodeURIComponent(id)}`)).render;

/** What the playground shows of a finished render, whichever endpoint made it. */
export interface PlaygroundResult {
  id: string;
  url: string;
  /** A GIF's frame count and length, a PDF's page count and paper. */
  facts: string[];
}

interface ImageAnswer {
  id: string;
  url: string;
}
interface GifAnswer {
  gif: { uid: string; url: string; frames: number; animationLength: number };
}
interface PdfAnswer {
  id: string;
  url: string;
  pageCount: number;
  preset: string;
  /** Points. */
  pageSize: { width: number; height: number };
}

/**
 * A PDF's paper in words: its preset's name, or the page's size in points as printed for a `custom` page (Chromium rounds a
 * side) and a canvas page (`canvas`: the design's own size).
 */
export function paperText(pdf: Pick<PdfAnswer, 'preset' | 'pageSize'>): string {
  if (pdf.preset !== 'custom' && pdf.preset !== 'canvas') return pdf.preset;
  return `${Math.round(pdf.pageSize.width)}×${Math.round(pdf.pageSize.height)} pt`;
}

/**
 * POST `path` (/image, /gif, /pdf/render or a template's /render) with `body`, as the playground and the editors send it;
 * the answer, read as the `format` asked for, in one shape.
 */
export async function renderInPlayground(path: string, body: Record<string, unknown>, format: string): Promise<PlaygroundResult> {
  if (format === 'gif') {
    const { gif } = await api<GifAnswer>(path, { json: body });
    return { id: gif.uid, url: gif.url, facts: [plural(gif.frames, 'frame'), `${gif.animationLength} s`] };
  }
  if (format === 'pdf') {
    const pdf = await api<PdfAnswer>(path, { json: body });
    return { id: pdf.id, url: pdf.url, facts: [plural(pdf.pageCount, 'page'), paperText(pdf)] };
  }
  const image = await api<ImageAnswer>(path, { json: body });
  return { id: image.id, url: image.url, facts: [] };
}
