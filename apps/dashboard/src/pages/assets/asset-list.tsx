import type { Asset } from '../../api/assets';
import { Button } from '../../kit/button';
import { CopyButton } from '../../kit/copy-button';
import { ConfirmDialog } from '../../kit/dialog';
import { formatBytes } from '../../kit/format-bytes';
import { formatDate, utcIso } from '../../kit/format';

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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

/**
 * How each card tells its asset from the others, as it shows it and as its Delete button is named: the upload time
 * to the second, and where two of the same name were uploaded in the same second (files chosen together), which of
 * them it is ("2 of 2"). Two uploads of one file are otherwise the same card, and "Delete green.png" twice.
 */
function distinctionsOf(assets: Asset[]): Map<string, string> {
  const uploaded = (asset: Asset) => `uploaded ${formatDate(asset.createdAt, { seconds: true })}`;
  const groups = new Map<string, Asset[]>();
  for (const asset of assets) {
    const key = `${asset.name}\n${uploaded(asset)}`;
    groups.set(key, [...(groups.get(key) ?? []), asset]);
  }
  const distinctions = new Map<string, string>();
  for (const group of groups.values())
    group.forEach((asset, i) =>
      distinctions.set(asset.id, group.length > 1 ? `${uploaded(asset)} (${i + 1} of ${group.length})` : uploaded(asset)),
    );
  return distinctions;
}

/** One kind of asset as cards: preview, name, size, upload time, an image's address to copy, and delete behind a confirmation. */
export function AssetList({ title, assets, onDelete }: { title: string; assets: Asset[]; onDelete: (asset: Asset) => void }) {
  if (assets.length === 0) return <p className="text-sm text-slate-700">No {title.toLowerCase()} yet.</p>;
  const distinctions = distinctionsOf(assets);
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
              <p className="text-xs text-slate-600">
                <time dateTime={utcIso(asset.createdAt)} title={utcIso(asset.createdAt)}>
                  {sentenceCase(distinctions.get(asset.id)!)}
                </time>
              </p>
            </div>
            <ConfirmDialog
              trigger={
                <Button variant="ghost" aria-label={`Delete ${asset.name}, ${distinctions.get(asset.id)}`}>
                  Delete
                </Button>
              }
              title={`Delete ${asset.name}?`}
              description="Templates that use it will render without it (images fail to load, text falls back to another font)."
              action="Delete asset"
              onConfirm={() => onDelete(asset)}
            />
          </div>
          {/* An image is used in a template by its address (docs/assets.md: an <img> src, a canvas Image, a CSS
              background); a font by its family name, which the card already shows. */}
          {asset.kind === 'image' && (
            <div className="flex flex-col gap-2 border-t border-slate-100 px-3 pt-2 pb-3">
              <code className="text-xs break-all text-slate-700">{asset.url}</code>
              <CopyButton text={asset.url} label="Copy address" name={`Copy address of ${asset.name}, ${distinctions.get(asset.id)}`} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
