import type { AssetView } from '@pressroom/contracts';
import type { AssetRow } from '@pressroom/db';

export function assetUrl(publicBaseUrl: string, row: Pick<AssetRow, 'storageKey'>): string {
  return `${publicBaseUrl.replace(/\/$/, '')}/files/${row.storageKey}`;
}

export function assetView(row: AssetRow, publicBaseUrl: string): AssetView {
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    name: row.name,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    url: assetUrl(publicBaseUrl, row),
    font: row.fontFamily ? { family: row.fontFamily, weight: row.fontWeight ?? 400, style: row.fontStyle ?? 'normal' } : null,
    createdAt: row.createdAt.toISOString(),
  };
}
