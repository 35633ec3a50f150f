import { api } from './client';
import { readEveryPage, type Pagination } from './every-page';

export type AssetKind = 'image' | 'font';

export interface Asset {
  id: string;
  kind: AssetKind;
  format: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  url: string;
  font: { family: string; weight: number; style: string } | null;
  createdAt: string;
}

/** What the owner uses of the asset library against its plan (GET /assets answers it beside the list). */
export interface AssetUsage {
  plan: string;
  assets: number;
  bytes: number;
  limits: { assets: number; bytes: number; fileBytes: number };
}

export interface AssetList {
  assets: Asset[];
  pagination: Pagination;
  usage: AssetUsage;
}

export const assetKeys = {
  all: ['assets'] as const,
  list: (kind: AssetKind | 'all') => ['assets', 'list', kind] as const,
};

/** The newest 100 assets (of one kind); the library page and the picker show these. */
/** Every asset of `kind` (the library, the pickers, the editor's fonts): a library past 100 is read whole, not cut there. */
export const listAssets = (kind: AssetKind | 'all' = 'all') =>
  readEveryPage('assets', (page, limit) => api<AssetList>('/assets', { query: { kind: kind === 'all' ? undefined : kind, page, limit } }));

/** Uploads one file as the raw body; the server decides what it is from its bytes. */
/** The longest asset name the API takes (AssetUploadQuery in libs/contracts). */
const NAME_MAX = 200;

/**
 * A file's name as the asset's name: a longer one is shortened to what the API takes, keeping its extension (the
 * API would refuse the whole upload for its name alone). Cut between characters, not inside an emoji.
 */
export function assetNameOf(fileName: string): string {
  const name = fileName.trim();
  if (name.length <= NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  let stem = '';
  for (const char of name.slice(0, name.length - extension.length)) {
    if (stem.length + char.length + extension.length > NAME_MAX) break;
    stem += char;
  }
  return `${stem.trimEnd()}${extension}`;
}

export const uploadAsset = async (file: File) =>
  (
    await api<{ asset: Asset }>('/assets', {
      method: 'POST',
      query: { name: assetNameOf(file.name) },
      body: file,
      headers: { 'content-type': 'application/octet-stream' },
    })
  ).asset;

export const deleteAsset = (id: string) => api<unknown>(`/assets/${encodeURIComponent(id)}`, { method: 'DELETE' });
