import type { Asset } from '../../api/assets';
import { Button } from '../../kit/button';
import { ConfirmDialog } from '../../kit/dialog';
import { formatBytes } from '../../kit/format-bytes';

/** The sample line a font preview is drawn with. */
export const FONT_SAMPLE = 'The quick brown fox jumps over the lazy dog 0123456789';

/** What an asset looks like: the image itself, or a line of text set in the font. */
export function AssetPreview({ asset }: { asset: Asset }) {
  if (asset.kind === 'image') {
    return <img src={asset.url} alt={`Preview of ${asset.name}`} className="max-h-full max-w-full object-contain" loading="lazy" />;
  }
  const font = asset.font!;
  return (
    <p
      role="img"
      aria-label={`Preview of ${font.family}`}
      className="p-2 text-xl leading-snug wrap-anywhere text-slate-900"
      style={{ fontFamily: `${JSON.stringify(font.family)}, monospace`, fontWeight: font.weight, fontStyle: font.style }}
    >
      {FONT_SAMPLE}
    </p>
  );
}

/** One kind of asset as cards: preview, name, size, and delete behind a confirmation. */
export function AssetList({ title, assets, onDelete }: { title: string; assets: Asset[]; onDelete: (asset: Asset) => void }) {
  if (assets.length === 0) return <p className="text-sm text-slate-700">No {title.toLowerCase()} yet.</p>;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={title}>
      {assets.map((asset) => (
        <li key={asset.id} className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
          <div className="flex h-32 items-center justify-center overflow-hidden bg-slate-100">
            <AssetPreview asset={asset} />
          </div>
          <div className="flex items-start justify-between gap-2 p-3">
            <div className="min-w-0">
              <p className="font-medium wrap-anywhere">{asset.font ? asset.font.family : asset.name}</p>
              <p className="text-xs text-slate-600">
                {asset.format.toUpperCase()} · {formatBytes(asset.sizeBytes)}
                {asset.font ? ` · ${asset.font.weight} ${asset.font.style} · ${asset.name}` : ''}
              </p>
            </div>
            <ConfirmDialog
              trigger={
                <Button variant="ghost" aria-label={`Delete ${asset.name}`}>
                  Delete
                </Button>
              }
              title={`Delete ${asset.name}?`}
              description="Templates that use it will render without it (images fail to load, text falls back to another font)."
              action="Delete asset"
              onConfirm={() => onDelete(asset)}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
