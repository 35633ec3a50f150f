import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { createKey, keyKeys, listKeys, type IssuedKey, type ListedKey } from '../../api/keys';
import { refusedHere } from '../../api/problem';
import { useCurrentSession } from '../../app/session';
import { workspaceLabel } from '../../app/workspace-switcher';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { LiveMessage } from '../../kit/live-message';
import { formatDate } from '../../kit/format';
import { Page, Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { SecretOnceDialog } from '../../kit/secret-once';
import { Table, type Column } from '../../kit/table';
import { creatorOf, keyButtonLabel, KeyActions } from './api-key-actions';
import { firstCallCurl } from './first-call';

function CreateKeyForm({ onIssued }: { onIssued: (key: IssuedKey) => void }) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const create = useMutation({
    // The API refuses an empty name in its own terms (`name` is required.): said here first, in plain words.
    mutationFn: () => (name.trim() ? createKey(name) : Promise.reject(refusedHere([{ field: 'name', message: 'Give the key a name.' }]))),
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

/** The list's columns; in a team, who created each key (every member's keys are listed there). */
function keyColumns(inTeam: boolean, onIssued: (key: IssuedKey) => void, onRevoked: (key: ListedKey) => void): Column<ListedKey>[] {
  return [
    { header: 'Name', cell: (k) => k.name || <span className="text-slate-600">(unnamed)</span> },
    { header: 'Key', cell: (k) => <code className="font-mono text-xs">{k.masked}</code> },
    ...(inTeam ? [{ header: 'Created by', cell: (k: ListedKey) => creatorOf(k) }] : []),
    { header: 'Created', cell: (k) => formatDate(k.createdAt), wide: true },
    { header: 'Last used', cell: (k) => (k.lastUsedAt ? formatDate(k.lastUsedAt) : 'Never') },
    { header: 'Actions', cell: (k) => <KeyActions apiKey={k} onIssued={onIssued} onRevoked={() => onRevoked(k)} /> },
  ];
}

export default function ApiKeysPage() {
  const keys = useQuery({ queryKey: keyKeys.all, queryFn: listKeys });
  const session = useCurrentSession();
  const workspace = session.workspaces.find((w) => w.id === session.workspaceId);
  const inTeam = workspace?.kind === 'team';
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  // The last key revoked: its row is gone, so the list says it (focus lands on this section's heading).
  const [revoked, setRevoked] = useState<string | null>(null);
  // A rotated key is a new row: its Rotate button replaced the one that opened the dialog, so focus returns there.
  const lastIssued = useRef('');
  const rotatedButton = () =>
    Array.from(document.querySelectorAll<HTMLButtonElement>('button[aria-label]')).find(
      (b) => b.getAttribute('aria-label') === `Rotate ${lastIssued.current}`,
    );
  const issue = (key: IssuedKey) => {
    setRevoked(null);
    lastIssued.current = keyButtonLabel(key);
    setIssued(key);
  };
  return (
    <Page title="API keys">
      {/* One explanation, not a box and a paragraph saying it twice: what a key is for, and that it opens everything. */}
      {/* Which workspace: with a team and a personal workspace, the same page lists different keys. */}
      <p className="max-w-prose text-sm text-slate-700">
        {workspace && (
          <>
            These keys belong to the workspace <strong className="font-medium text-slate-900">{workspaceLabel(workspace)}</strong>.{' '}
          </>
        )}
        A key lets a program call the API as this workspace. Every key has full access: whoever holds one can render, spend its credits and
        change its templates and webhooks.
      </p>
      <Section title="New key">
        <CreateKeyForm onIssued={issue} />
      </Section>
      <Section title="Keys">
        {/* Always in the page (a live region must exist before its message); visible once there is one. */}
        <LiveMessage tone={revoked ? 'success' : 'neutral'} className={revoked ? undefined : 'sr-only'}>
          {revoked ? `Revoked ${revoked}: requests with it are refused from now on.` : ''}
        </LiveMessage>
        {inTeam && (
          <p className="text-sm text-slate-700">
            Every member&apos;s keys are listed here. Owners and admins can revoke any of them, members their own, and only a key&apos;s
            creator can rotate it. A key stops working when the member who created it leaves the team or is removed.
          </p>
        )}
        <QueryState query={keys}>
          {({ items }) => (
            <Table
              caption="API keys"
              rows={items}
              rowKey={(k) => k.id}
              empty={inTeam ? 'No keys in this team yet.' : 'No keys yet.'}
              columns={keyColumns(inTeam, issue, (k) => setRevoked(`“${k.name || k.masked}” (ends …${k.masked.slice(-4)})`))}
            />
          )}
        </QueryState>
      </Section>
      <SecretOnceDialog
        secret={issued?.key ?? null}
        label="API key"
        title={issued ? `Your key “${issued.name || issued.masked}”` : ''}
        returnFocus={rotatedButton}
        example={
          issued
            ? {
                title: 'Try it: this makes a small image and prints its URL',
                text: firstCallCurl(window.location.origin, issued.key),
                copy: 'Copy first request',
              }
            : undefined
        }
        onClose={() => setIssued(null)}
      />
    </Page>
  );
}
