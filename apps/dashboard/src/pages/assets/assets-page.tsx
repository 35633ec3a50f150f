import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { assetKeys, deleteAsset, listAssets, uploadAsset, type AssetUsage } from '../../api/assets';
import { messageOf } from '../../api/problem';
import { Alert } from '../../kit/alert';
import { Page, Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { useFontFaces } from './account-fonts';
import { AssetList } from './asset-list';
import { formatCount } from '../../kit/format';
import { plural } from '../../kit/plural';
import { formatBytes } from '../../kit/format-bytes';
import { UploadField } from './upload-field';

const ACCEPT = '.png,.jpg,.jpeg,.webp,.svg,.ttf,.otf,.woff2,image/png,image/jpeg,image/webp,image/svg+xml,font/ttf,font/otf,font/woff2';

function UsageMeters({ usage }: { usage: AssetUsage }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1 text-sm">
        <span>
          {formatCount(usage.assets)} of {plural(usage.limits.assets, 'asset')}
        </span>
        <progress className="w-full" aria-label="Assets used" value={usage.assets} max={usage.limits.assets} />
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <span>
          {formatBytes(usage.bytes)} of {formatBytes(usage.limits.bytes)} stored
        </span>
        <progress className="w-full" aria-label="Storage used" value={usage.bytes} max={usage.limits.bytes} />
      </div>
      <p className="text-xs text-slate-600 sm:col-span-2">
        The {usage.plan} plan takes files of up to {formatBytes(usage.limits.fileBytes)}.
      </p>
    </div>
  );
}

/** The asset library: upload images and fonts (button or drop), see them, delete them, against the plan's limits. */
export default function AssetsPage() {
  const queryClient = useQueryClient();
  const assets = useQuery({ queryKey: assetKeys.list('all'), queryFn: () => listAssets('all') });
  useFontFaces(assets.data?.assets ?? []);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [uploaded, setUploaded] = useState<string | undefined>();

  const upload = useMutation({
    // One file after another: each is checked against the plan as it arrives, and a refused one does not stop the rest.
    mutationFn: async (files: File[]) => {
      const done: string[] = [];
      const refused: string[] = [];
      for (const file of files) {
        try {
          done.push((await uploadAsset(file)).name);
        } catch (error) {
          refused.push(`${file.name}: ${messageOf(error)}`);
        }
      }
      if (done.length > 0) void queryClient.invalidateQueries({ queryKey: assetKeys.all });
      return { done, refused };
    },
    onMutate: () => {
      setUploadError(undefined);
      setUploaded(undefined);
    },
    onSuccess: ({ done, refused }) => {
      if (done.length > 0) setUploaded(`Uploaded ${done.join(', ')}.`);
      if (refused.length > 0)
        setUploadError(
          `${refused.length === 1 ? 'Not uploaded' : `${plural(refused.length, 'file')} not uploaded`}: ${refused.join(' · ')}`,
        );
    },
    onError: (error) => setUploadError(messageOf(error)),
  });

  const remove = useMutation({
    mutationFn: (id: string) => deleteAsset(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });

  return (
    <Page title="Assets">
      <Section title="Upload">
        <UploadField
          label="Images and fonts"
          accept={ACCEPT}
          hint="PNG, JPEG, WebP or SVG images; TTF, OTF or WOFF2 fonts. Choose files or drop them here."
          error={uploadError}
          busy={upload.isPending}
          onFiles={(files) => upload.mutate(files)}
        />
        {uploaded && <Alert tone="success">{uploaded}</Alert>}
        {assets.data && <UsageMeters usage={assets.data.usage} />}
      </Section>
      {remove.error && <Alert>{messageOf(remove.error)}</Alert>}
      <QueryState query={assets}>
        {(data) => (
          <>
            <Section title="Images">
              <AssetList
                title="Images"
                assets={data.assets.filter((a) => a.kind === 'image')}
                onDelete={(asset) => remove.mutate(asset.id)}
              />
            </Section>
            <Section title="Fonts">
              <p className="text-sm text-slate-700">Use a font by its family name in canvas and HTML templates.</p>
              <AssetList
                title="Fonts"
                assets={data.assets.filter((a) => a.kind === 'font')}
                onDelete={(asset) => remove.mutate(asset.id)}
              />
            </Section>
          </>
        )}
      </QueryState>
    </Page>
  );
}
