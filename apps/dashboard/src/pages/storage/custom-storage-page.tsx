import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  customStorageKeys,
  getCustomStorage,
  removeCustomStorage,
  saveCustomStorage,
  type CustomStorage,
  type CustomStorageInput,
} from '../../api/custom-storage';
import { messageOf } from '../../api/problem';
import { Facts } from '../../kit/facts';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { ConfirmDialog } from '../../kit/dialog';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { formatDate } from '../../kit/format';
import { Page, Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { ErrorText } from '../../kit/message-text';

const FIELDS = ['endpoint', 'region', 'bucket', 'forcePathStyle', 'prefix', 'publicBaseUrl', 'accessKeyId', 'secretAccessKey'] as const;

type Draft = Omit<CustomStorageInput, 'endpoint' | 'publicBaseUrl'> & { endpoint: string; publicBaseUrl: string };

function draftOf(saved: CustomStorage | null): Draft {
  return {
    endpoint: saved?.endpoint ?? '',
    region: saved?.region ?? 'us-east-1',
    bucket: saved?.bucket ?? '',
    forcePathStyle: saved?.forcePathStyle ?? false,
    prefix: saved?.prefix ?? '',
    publicBaseUrl: saved?.publicBaseUrl ?? '',
    accessKeyId: saved?.accessKeyId ?? '',
    // Write-only: never filled from the server, which never sends it back.
    secretAccessKey: '',
  };
}

/** Empty optional URLs are left out (unset), as the API expects. */
function inputOf({ endpoint, publicBaseUrl, ...rest }: Draft): CustomStorageInput {
  return {
    ...rest,
    ...(endpoint.trim() ? { endpoint: endpoint.trim() } : {}),
    ...(publicBaseUrl.trim() ? { publicBaseUrl: publicBaseUrl.trim() } : {}),
  };
}

/** The form; `onSaved` reports a save to the page, since a save re-keys (remounts) this form with the new settings. */
function SettingsForm({ saved, onSaved }: { saved: CustomStorage | null; onSaved: (notice: string | null) => void }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(saved));
  const set = (patch: Partial<Draft>) => {
    onSaved(null);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const save = useMutation({
    mutationFn: () => saveCustomStorage(inputOf(draft)),
    onMutate: () => onSaved(null),
    onSuccess: (next) => {
      onSaved(`The test write to ${next.bucket} worked; the settings are saved. Every new render is also copied there.`);
      client.setQueryData(customStorageKeys.current, next);
    },
  });
  const text = (field: 'endpoint' | 'region' | 'bucket' | 'prefix' | 'publicBaseUrl' | 'accessKeyId') => ({
    value: draft[field],
    onChange: (e: { target: { value: string } }) => set({ [field]: e.target.value }),
    error: fieldError(save.error, field),
  });
  return (
    <Form label="Custom storage settings" className="max-w-xl" onSubmit={() => save.mutate()} error={save.error} fields={FIELDS}>
      <TextField
        label="Endpoint"
        type="url"
        placeholder="https://s3.example.com"
        hint="Leave empty for AWS S3. MinIO, Cloudflare R2 and GCS (interoperability) need their endpoint."
        {...text('endpoint')}
      />
      <TextField label="Region" hint="us-east-1 unless your store says otherwise (R2: auto)." {...text('region')} />
      <TextField label="Bucket" {...text('bucket')} />
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={draft.forcePathStyle}
            aria-describedby="path-style-hint"
            onChange={(e) => set({ forcePathStyle: e.target.checked })}
          />
          Path-style URLs
        </label>
        <p id="path-style-hint" className="text-xs text-slate-600">
          endpoint/bucket/key instead of bucket.endpoint/key; MinIO usually needs it.
        </p>
        {fieldError(save.error, 'forcePathStyle') && <ErrorText text={fieldError(save.error, 'forcePathStyle')!} />}
      </div>
      <TextField label="Key prefix" placeholder="pressroom/" hint='Empty, or folders each ending in "/".' {...text('prefix')} />
      <TextField
        label="Public base URL"
        type="url"
        placeholder="https://cdn.example.com"
        hint="Where the copies are publicly reachable (a CDN); empty for the bucket's own URL."
        {...text('publicBaseUrl')}
      />
      <TextField label="Access key ID" autoComplete="off" {...text('accessKeyId')} />
      <TextField
        label="Secret access key"
        type="password"
        autoComplete="new-password"
        hint={
          saved
            ? 'A secret is saved (sealed, never shown again). Enter it, or a new one, to save changes.'
            : 'Write-only: sealed at rest and never shown again.'
        }
        value={draft.secretAccessKey}
        onChange={(e) => set({ secretAccessKey: e.target.value })}
        error={fieldError(save.error, 'secretAccessKey')}
      />
      <div>
        <Button type="submit" busy={save.isPending}>
          Test and save
        </Button>
      </div>
    </Form>
  );
}

function CurrentSettings({ saved, onRemoved }: { saved: CustomStorage; onRemoved: () => void }) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: removeCustomStorage,
    onSuccess: () => {
      onRemoved();
      client.setQueryData(customStorageKeys.current, null);
    },
  });
  const rows: [string, string][] = [
    ['Endpoint', saved.endpoint ?? 'AWS S3'],
    ['Region', saved.region],
    ['Bucket', saved.bucket],
    ['Path-style URLs', saved.forcePathStyle ? 'yes' : 'no'],
    ['Key prefix', saved.prefix || '(none)'],
    ['Public base URL', saved.publicBaseUrl ?? "(the bucket's own URL)"],
    ['Access key ID', saved.accessKeyId],
    ['Secret access key', 'saved, hidden'],
    ['Saved', formatDate(saved.updatedAt)],
  ];
  return (
    <Section
      title="Current storage"
      actions={
        <ConfirmDialog
          trigger={<Button variant="danger">Remove storage</Button>}
          title="Remove the custom storage?"
          description="New renders are no longer copied to this bucket. Copies already there stay; the saved secret is deleted."
          action="Remove storage"
          onConfirm={() => remove.mutate()}
        />
      }
    >
      <Facts rows={rows} />
      {saved.lastError && (
        <Alert>
          Last copy failed{saved.lastErrorAt ? ` on ${formatDate(saved.lastErrorAt)}` : ''}: {saved.lastError}
        </Alert>
      )}
      {remove.error != null && <Alert>{messageOf(remove.error)}</Alert>}
    </Section>
  );
}

/** Settings → Storage: the workspace's own S3-compatible bucket, where every render is also written (userStorageUrl). */
export default function CustomStoragePage() {
  const storage = useQuery({ queryKey: customStorageKeys.current, queryFn: getCustomStorage });
  const [notice, setNotice] = useState<string | null>(null);
  // A save remounts the form (its button with it): focus goes to the confirmation instead of the page's body.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  return (
    <Page title="Custom storage">
      <Alert tone="info">
        Every render of this workspace is also written to your own S3-compatible bucket; its address is the render&apos;s{' '}
        <code>userStorageUrl</code>. Saving runs a test write first: settings that cannot write are not saved. A failed copy never fails the
        render and is shown here.
      </Alert>
      <QueryState query={storage}>
        {(saved) => (
          <>
            {notice && (
              <div ref={noticeRef} tabIndex={-1} className="outline-none">
                <Alert tone="success">{notice}</Alert>
              </div>
            )}
            {saved && <CurrentSettings saved={saved} onRemoved={() => setNotice(null)} />}
            <Section title={saved ? 'Change storage' : 'Set up storage'}>
              <SettingsForm key={saved?.updatedAt ?? 'new'} saved={saved} onSaved={setNotice} />
            </Section>
          </>
        )}
      </QueryState>
    </Page>
  );
}
