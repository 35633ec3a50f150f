import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { bindingAction, bindingKeys, createBinding, deleteBinding, listBindings, testSource, type Binding } from '../../api/bindings';
import { messageOf } from '../../api/problem';
import { listTemplates, templateKeys } from '../../api/templates';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { ConfirmDialog, Dialog } from '../../kit/dialog';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { Page, Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { TemplateChoice } from '../templates/template-choice';
import { variablesOf } from '../templates/variable-names';
import { EditMapping } from './edit-mapping';
import { EditSettings } from './edit-settings';
import { MappingList, MappingPicker, withoutVariable, type Mapping } from './mapping-editor';
import { RefreshPolicyFields, refreshPolicyText, useRefreshPolicy } from './refresh-policy-fields';
import { credentialsText, SourceHeaderFields, useSourceHeader } from './source-header-fields';
import { formatDate } from '../../kit/format';
import { LiveMessage } from '../../kit/live-message';
import { plural } from '../../kit/plural';

/** Data bindings: create one from a tested data source by clicking values, then watch and operate them. */
export default function BindingsPage() {
  // Refreshes run in the scheduler, after the button's request has answered: look again every few seconds.
  const bindings = useQuery({ queryKey: bindingKeys.all, queryFn: listBindings, refetchInterval: 3_000 });
  return (
    <Page title="Bindings">
      <NewBinding />
      <Section title="Your bindings">
        <QueryState query={bindings}>
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-slate-700">No bindings yet.</p>
            ) : (
              list.map((b) => <BindingCard key={b.uid} binding={b} />)
            )
          }
        </QueryState>
      </Section>
    </Page>
  );
}

/**
 * The create form. A successful create remounts it (a new `key`): every piece of its state (name, template, URL,
 * header, the test's fetched JSON, the chosen variable, the mapping, the refresh policy) starts afresh, and the
 * binding name field takes focus for the next one.
 */
function NewBinding() {
  const [created, setCreated] = useState<{ count: number; name: string } | null>(null);
  return (
    <Section title="New binding">
      {/* Always in the page (a live region must exist before its message); visible once there is one. */}
      <LiveMessage className={created ? undefined : 'sr-only'}>{created ? `Created ${created.name}.` : ''}</LiveMessage>
      <NewBindingForm
        key={created?.count ?? 0}
        focusName={created !== null}
        onCreated={(name) => setCreated((c) => ({ count: (c?.count ?? 0) + 1, name }))}
      />
    </Section>
  );
}

function NewBindingForm({ focusName, onCreated }: { focusName: boolean; onCreated: (name: string) => void }) {
  const queryClient = useQueryClient();
  const templates = useQuery({
    queryKey: templateKeys.list({ bindings: true }),
    queryFn: () => listTemplates({ limit: 100, sort: 'name', outputFormat: 'image' }),
  });
  const [name, setName] = useState('');
  const [uid, setUid] = useState('');
  const [url, setUrl] = useState('');
  const [mapping, setMapping] = useState<Mapping>({});
  const source = useSourceHeader();
  const policy = useRefreshPolicy();
  const nameField = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusName) nameField.current?.querySelector('input')?.focus();
  }, [focusName]);
  const template = templates.data?.templates.find((t) => t.uid === uid) ?? templates.data?.templates[0];
  const variables = template ? variablesOf(template.html ?? '', template.variableDefinitions).map((v) => v.name) : [];
  const test = useMutation({ mutationFn: () => testSource(url, source.header ?? null) });
  const testUrlError = fieldError(test.error, 'dataSource.url') ?? fieldError(test.error, 'url');
  const create = useMutation({
    onMutate: () => {
      if (test.isError) test.reset();
    },
    mutationFn: () =>
      createBinding({
        name: name || `Binding of ${template!.name}`,
        templateId: template!.uid,
        url,
        header: source.header ?? null,
        mapping,
        refreshPolicy: policy.value,
      }),
    onSuccess: async ({ binding }) => {
      await queryClient.invalidateQueries({ queryKey: bindingKeys.all });
      onCreated(binding.name);
    },
  });
  return (
    <Form
      label="New binding"
      onSubmit={() => create.mutate()}
      error={create.error}
      fields={['name', 'templateId', 'dataSource.url', 'url', 'dataSource.credentials', 'mapping', 'refreshPolicy']}
    >
      <div ref={nameField} className="contents">
        <TextField label="Binding name" value={name} onChange={(e) => setName(e.target.value)} error={fieldError(create.error, 'name')} />
      </div>
      <TemplateChoice templates={templates.data?.templates} value={template?.uid ?? ''} onChange={setUid} renders="a binding renders one" />
      <TextField
        label="Data source URL"
        type="url"
        value={url}
        onChange={(e) => {
          setUrl(e.target.value);
          // A test's refusal was about the URL as it was: an edit takes it away (its data stays until the next test).
          if (test.isError) test.reset();
        }}
        error={testUrlError ?? fieldError(create.error, 'dataSource.url') ?? fieldError(create.error, 'url')}
      />
      <SourceHeaderFields source={source} error={test.error ?? create.error} />
      <Button variant="secondary" className="self-start" busy={test.isPending} disabled={!url} onClick={() => test.mutate()}>
        Test data source
      </Button>
      {test.isError && !testUrlError && !fieldError(test.error, 'dataSource.credentials') && <Alert>{messageOf(test.error)}</Alert>}
      {test.data && (
        <div className="flex flex-col gap-2">
          <p className="text-sm">
            Fetched {plural(test.data.bytes, 'byte')} (HTTP {test.data.status}). Choose a variable, then click a value to map it.
          </p>
          <MappingPicker data={test.data.data} variables={variables} onMap={(v, path) => setMapping((m) => ({ ...m, [v]: path }))} />
        </div>
      )}
      <MappingList mapping={mapping} onUnmap={(v) => setMapping((m) => withoutVariable(m, v))} />
      <RefreshPolicyFields policy={policy} error={create.error} />
      <Button type="submit" className="self-start" busy={create.isPending} disabled={!template || !url}>
        Create binding
      </Button>
    </Form>
  );
}

function BindingCard({ binding }: { binding: Binding }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<'mapping' | 'settings' | null>(null);
  const mapped = Object.entries(binding.mapping);
  const act = useMutation({
    mutationFn: (action: 'refresh' | 'pause' | 'resume') => bindingAction(binding.uid, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bindingKeys.all }),
  });
  const remove = useMutation({
    mutationFn: () => deleteBinding(binding.uid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bindingKeys.all }),
  });
  return (
    <article className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 text-sm" aria-label={binding.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{binding.name}</h3>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs">Status: {binding.status}</span>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3">
        <dt>Last refresh</dt>
        <dd>{binding.lastRefreshAt ? formatDate(binding.lastRefreshAt) : 'never'}</dd>
        <dt>Mapping</dt>
        <dd className="break-all">{mapped.length ? mapped.map(([v, path]) => `${v} ← ${path}`).join(', ') : 'none'}</dd>
        <dt>Source</dt>
        <dd className="break-all">{binding.dataSource.url}</dd>
        <dt>Source header</dt>
        <dd className="break-all">{credentialsText(binding.dataSource.credentials)}</dd>
        <dt>Refresh</dt>
        <dd>{refreshPolicyText(binding.refreshPolicy)}</dd>
        {binding.refreshPolicy.type === 'webhook' && (
          <>
            <dt>Trigger URL (POST)</dt>
            <dd className="font-mono text-xs break-all">{binding.webhookUrl}</dd>
          </>
        )}
        <dt>Image URL</dt>
        <dd className="break-all">
          <a className="text-indigo-700 underline" href={binding.renderUrl}>
            {binding.renderUrl}
          </a>
        </dd>
      </dl>
      {binding.lastError && <Alert>{binding.lastError.message}</Alert>}
      {act.isError && <Alert>{messageOf(act.error)}</Alert>}
      {remove.isError && <Alert>{messageOf(remove.error)}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" busy={act.isPending} onClick={() => act.mutate('refresh')} disabled={binding.status === 'paused'}>
          Refresh now
        </Button>
        {binding.status === 'paused' ? (
          <Button variant="secondary" onClick={() => act.mutate('resume')}>
            Resume
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => act.mutate('pause')}>
            Pause
          </Button>
        )}
        <Button variant="secondary" onClick={() => setEditing('mapping')}>
          Edit mapping
        </Button>
        <Button variant="secondary" onClick={() => setEditing('settings')}>
          Edit settings
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="danger" busy={remove.isPending}>
              Delete
            </Button>
          }
          title={`Delete ${binding.name}?`}
          description="Its image URL stops answering and its refreshes stop. Images it already rendered stay in the history."
          action="Delete binding"
          onConfirm={() => remove.mutate()}
        />
      </div>
      <Dialog
        open={editing === 'mapping'}
        onOpenChange={(open) => setEditing(open ? 'mapping' : null)}
        title={`Mapping of ${binding.name}`}
      >
        {editing === 'mapping' && <EditMapping binding={binding} onClose={() => setEditing(null)} />}
      </Dialog>
      <Dialog
        open={editing === 'settings'}
        onOpenChange={(open) => setEditing(open ? 'settings' : null)}
        title={`Settings of ${binding.name}`}
      >
        {editing === 'settings' && <EditSettings binding={binding} onClose={() => setEditing(null)} />}
      </Dialog>
    </article>
  );
}
