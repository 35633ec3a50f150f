import { api } from './client';

/** One saved version (docs/templates.md#versions). */
export interface TemplateVersion {
  id: string;
  number: number;
  createdAt: string;
  createdBy: string;
  thumbnail: string | null;
}

export const versionKeys = {
  list: (uid: string) => ['templates', uid, 'versions'] as const,
};

const base = (uid: string) => `/templates/${encodeURIComponent(uid)}/versions`;

export const listTemplateVersions = async (uid: string) => (await api<{ versions: TemplateVersion[] }>(base(uid))).versions;

export const restoreTemplateVersion = (uid: string, id: string) =>
  api<{ template: { uid: string; updatedAt: string }; version: TemplateVersion }>(`${base(uid)}/${encodeURIComponent(id)}/restore`, {
    method: 'POST',
  });

/** The editor's PNG export of the canvas, as the thumbnail of a saved version. */
export const uploadVersionThumbnail = (uid: string, id: string, image: string) =>
  api<{ version: TemplateVersion }>(`${base(uid)}/${encodeURIComponent(id)}/thumbnail`, { method: 'PUT', json: { image } });
