import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { assetKeys, deleteAsset, listAssets, type Asset, type AssetUsage } from '../../api/assets';
import { messageOf } from '../../api/problem';
import { Alert } from '../../kit/alert';
import { LiveMessage } from '../../kit/live-message';
import { Page, Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { useFontFaces } from './account-fonts';
import { AssetList } from './asset-list';
import { formatCount } from '../../kit/format';
import { plural } from '../../kit/plural';
import { formatBytes } from '../../kit/format-bytes';
import { UploadField } from './upload-field';
import { refusalOf, uploadEach } from './upload-each';

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
  // What the last delete removed, said above the lists (where focus goes once its card is gone).
  const [deleted, setDeleted] = useState<string | undefined>();

  const upload = useMutation({
    // One file after another: a refused one does not stop the rest (uploadEach, as the canvas editor's library dialog).
    mutationFn: async (files: File[]) => {
      const outcome = await uploadEach(files);
      if (outcome.done.length > 0) void queryClient.invalidateQueries({ queryKey: assetKeys.all });
      return outcome;
    },
    onMutate: () => {
      setUploadError(undefined);
      setUploaded(undefined);
      setDeleted(undefined);
    },
    onSuccess: (outcome) => {
      if (outcome.done.length > 0) setUploaded(`Uploaded ${outcome.done.map((asset) => asset.name).join(', ')}.`);
      setUploadError(refusalOf(outcome));
    },
    onError: (error) => setUploadError(messageOf(error)),
  });

  const remove = useMutation({
    mutationFn: (asset: Asset) => deleteAsset(asset.id),
    onMutate: () => setDeleted(undefined),
    onSuccess: (_, asset) => {
      // The upload's note would still name a file that is gone.
      setUploaded(undefined);
      setDeleted(asset.name);
      return queryClient.invalidateQueries({ queryKey: assetKeys.all });
    },
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
      {/* In the page while empty (out of view only): a live region shown together with its text is not read out by every screen reader. */}
      <LiveMessage tone="success" className={deleted ? undefined : 'sr-only'}>
        {deleted ? `Deleted ${deleted}.` : ''}
      </LiveMessage>
      <QueryState query={assets}>
        {(data) => (
          <>
            <Section title="Images">
              <AssetList title="Images" assets={data.assets.filter((a) => a.kind === 'image')} onDelete={(asset) => remove.mutate(asset)} />
            </Section>
            <Section title="Fonts">
              <p className="text-sm text-slate-700">Use a font by its family name in canvas and HTML templates.</p>
              <AssetList title="Fonts" assets={data.assets.filter((a) => a.kind === 'font')} onDelete={(asset) => remove.mutate(asset)} />
            </Section>
          </>
        )}
      </QueryState>
    </Page>
  );
}
