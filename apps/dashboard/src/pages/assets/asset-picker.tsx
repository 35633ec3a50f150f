import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { assetKeys, listAssets, type Asset, type AssetKind } from '../../api/assets';
import { QueryState } from '../../kit/query-state';
import { useFontFaces } from './account-fonts';

/**
 * Choose an image or a font from the account's asset library (the editor's "image from the library" and
 * its font family list). A group of radio buttons: arrow keys move between assets, each is named by its
 * file or family, images show a thumbnail and fonts a sample in their own face. `value` is the chosen
 * image's URL or font's family.
 */
export function AssetPicker({
  kind,
  label,
  value,
  onChange,
  linkToUpload = true,
}: {
  kind: AssetKind;
  label: string;
  value?: string | undefined;
  onChange: (asset: Asset) => void;
  /** Off where the picker has an upload field of its own (the editor's dialog): the link would leave the page. */
  linkToUpload?: boolean;
}) {
  const assets = useQuery({ queryKey: assetKeys.list(kind), queryFn: () => listAssets(kind) });
  useFontFaces(kind === 'font' ? (assets.data?.assets ?? []) : []);
  const keyOf = (asset: Asset) => (asset.kind === 'font' ? asset.font!.family : asset.url);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <QueryState query={assets}>
        {(data) =>
          data.assets.length === 0 ? (
            <p className="text-sm text-slate-700">
              No {kind === 'font' ? 'fonts' : 'images'} in the library yet.
              {linkToUpload && (
                <>
                  {' '}
                  <Link className="text-indigo-700 underline" to="/assets">
                    Upload one
                  </Link>
                </>
              )}
            </p>
          ) : (
            <div className={kind === 'image' ? 'grid grid-cols-3 gap-2' : 'flex flex-col gap-1'}>
              {data.assets.map((asset) => {
                const checked = value === keyOf(asset);
                return (
                  <label
                    key={asset.id}
                    className={`flex cursor-pointer items-center gap-2 rounded-md border p-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 ${checked ? 'border-indigo-600 bg-indigo-50' : 'border-slate-200'}`}
                  >
                    <input
                      type="radio"
                      name={`asset-picker-${kind}`}
                      className="sr-only"
                      checked={checked}
                      onChange={() => onChange(asset)}
                    />
                    {asset.kind === 'image' ? (
                      <>
                        <img src={asset.url} alt="" className="h-12 w-12 shrink-0 object-contain" loading="lazy" />
                        <span className="min-w-0 wrap-anywhere">{asset.name}</span>
                      </>
                    ) : (
                      <span style={{ fontFamily: `${JSON.stringify(asset.font!.family)}, monospace` }} className="text-base">
                        {asset.font!.family}
                      </span>
                    )}
                  </label>
                );
              })}
            </div>
          )
        }
      </QueryState>
    </fieldset>
  );
}
