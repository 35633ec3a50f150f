import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { createKey, keyKeys, listKeys, revokeKey, rotateKey, type ApiKey, type IssuedKey } from '../../api/keys';
import { messageOf } from '../../api/problem';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { ConfirmDialog, Dialog } from '../../kit/dialog';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { formatDate } from '../../kit/format';
import { Page, Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { SecretOnce } from '../../kit/secret-once';
import { Table } from '../../kit/table';

function CreateKeyForm({ onIssued }: { onIssued: (key: IssuedKey) => void }) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => createKey(name),
    onSuccess: async (issued) => {
      setName('');
      onIssued(issued);
      await client.invalidateQueries({ queryKey: keyKeys.all });
    },
  });
  return (
    <Form label="Create an API key" className="max-w-md" onSubmit={() => create.mutate()} error={create.error} fields={['name']}>
      <TextField
        label="Key name"
        hint="What uses this key, e.g. “CMS production”."
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={fieldError(create.error, 'name')}
      />
      <div>
        <Button type="submit" busy={create.isPending}>
          Create key
        </Button>
      </div>
    </Form>
  );
}

function KeyActions({ apiKey, onIssued }: { apiKey: ApiKey; onIssued: (key: IssuedKey) => void }) {
  const client = useQueryClient();
  const label = apiKey.name || apiKey.masked;
  const refresh = () => client.invalidateQueries({ queryKey: keyKeys.all });
  const rotate = useMutation({ mutationFn: () => rotateKey(apiKey.id), onSuccess: async (issued) => (onIssued(issued), refresh()) });
  const revoke = useMutation({ mutationFn: () => revokeKey(apiKey.id), onSuccess: refresh });
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmDialog
        trigger={
          <Button variant="secondary" aria-label={`Rotate ${label}`}>
            Rotate
          </Button>
        }
        title={`Rotate “${label}”?`}
        description="A new key replaces this one. The current key stops working at once: update every client that uses it."
        action="Rotate key"
        onConfirm={() => rotate.mutate()}
      />
      <ConfirmDialog
        trigger={
          <Button variant="danger" aria-label={`Revoke ${label}`}>
            Revoke
          </Button>
        }
        title={`Revoke “${label}”?`}
        description="Requests with this key are refused from now on. This cannot be undone."
        action="Revoke key"
        onConfirm={() => revoke.mutate()}
      />
      {(rotate.error ?? revoke.error) != null && (
        <span role="alert" className="text-sm text-red-700">
          {messageOf(rotate.error ?? revoke.error)}
        </span>
      )}
    </div>
  );
}

export default function ApiKeysPage() {
  const keys = useQuery({ queryKey: keyKeys.all, queryFn: listKeys });
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  // A rotated key is a new row: its Rotate button replaced the one that opened the dialog, so focus returns there.
  const lastIssued = useRef('');
  const rotatedButton = () =>
    Array.from(document.querySelectorAll<HTMLButtonElement>('button[aria-label]')).find(
      (b) => b.getAttribute('aria-label') === `Rotate ${lastIssued.current}`,
    );
  const issue = (key: IssuedKey) => {
    lastIssued.current = key.name || key.masked;
    setIssued(key);
  };
  return (
    <Page title="API keys">
      <Alert tone="info">Keys authenticate API requests for this workspace. They are created, rotated and revoked here only.</Alert>
      <Section title="New key">
        <CreateKeyForm onIssued={issue} />
      </Section>
      <Section title="Keys">
        <QueryState query={keys}>
          {({ items }) => (
            <Table
              caption="API keys"
              rows={items}
              rowKey={(k) => k.id}
              empty="No keys yet."
              columns={[
                { header: 'Name', cell: (k) => k.name || <span className="text-slate-600">(unnamed)</span> },
                { header: 'Key', cell: (k) => <code className="font-mono text-xs">{k.masked}</code> },
                { header: 'Created', cell: (k) => formatDate(k.createdAt), wide: true },
                { header: 'Last used', cell: (k) => (k.lastUsedAt ? formatDate(k.lastUsedAt) : 'Never'), wide: true },
                { header: 'Actions', cell: (k) => <KeyActions apiKey={k} onIssued={issue} /> },
              ]}
            />
          )}
        </QueryState>
      </Section>
      <Dialog
        open={issued !== null}
        onOpenChange={(open) => !open && setIssued(null)}
        title={issued ? `Your key “${issued.name || issued.masked}”` : ''}
        returnFocus={rotatedButton}
      >
        {issued && <SecretOnce label="API key" value={issued.key} />}
        <div className="flex justify-end">
          <Button onClick={() => setIssued(null)}>Done</Button>
        </div>
      </Dialog>
    </Page>
  );
}
