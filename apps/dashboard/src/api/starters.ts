// Types only (erased from the bundle): a starter is the catalogue's own StarterTemplate, as GET /templates/starters sends it.
import type { StarterTemplate } from '@pressroom/starter-templates';
import { api, request } from './client';
import type { SavedTemplate } from './templates';

export type Starter = StarterTemplate;

export const starterKeys = { all: ['starters'] as const, thumbnail: (key: string) => ['starters', 'thumbnail', key] as const };

export const listStarters = async () => (await api<{ starters: Starter[] }>('/templates/starters')).starters;

/** Copies a starter into the current account (or team) as an ordinary template, with the version the copy recorded. */
export const copyStarter = (key: string) => api<SavedTemplate>(`/templates/starters/${encodeURIComponent(key)}/copy`, { json: {} });

/** The starter rendered by the renderer (an uncharged preview), as an object URL. */
export async function starterThumbnail(starter: Starter): Promise<string> {
  const res = await request('/templates/preview', {
    json: {
      ...(starter.engine === 'html' ? { html: starter.html } : { canvas: starter.fabricJSData }),
      variableDefinitions: starter.variableDefinitions,
      layout: { width: starter.width, height: starter.height },
      format: 'png',
    },
    headers: { accept: 'image/png' },
  });
  return URL.createObjectURL(await res.blob());
}
