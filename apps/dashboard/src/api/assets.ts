import { api } from './client';

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
  pagination: { page: number; totalPages: number; total: number; hasNext: boolean; hasPrev: boolean };
  usage: AssetUsage;
}

export const assetKeys = {
  all: ['assets'] as const,
  list: (kind: AssetKind | 'all') => ['assets', 'list', kind] as const,
};

/** The newest 100 assets (of one kind); the library page and the picker show these. */
export const listAssets = (kind: AssetKind | 'all' = 'all') =>
  api<AssetList>('/assets', { query: { kind: kind === 'all' ? undefined : kind, limit: 100 } });

/** Uploads one file as the raw body; the server decides what it is from its bytes. */
export const uploadAsset = async (file: File) =>
  (
    await api<{ asset: Asset }>('/assets', {
      method: 'POST',
      query: { name: file.name },
      body: file,
      headers: { 'content-type': 'application/octet-stream' },
    })
  ).asset;

export const deleteAsset = (id: string) => api<unknown>(`/assets/${encodeURIComponent(id)}`, { method: 'DELETE' });
