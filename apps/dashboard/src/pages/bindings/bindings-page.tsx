import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { bindingKeys, createBinding, listBindings, testSource } from '../../api/bindings';
import { messageOf, refusedHere } from '../../api/problem';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { fieldError, Form } from '../../kit/form';
import { LiveMessage } from '../../kit/live-message';
import { Page, Section } from '../../kit/page';
import { plural } from '../../kit/plural';
import { QueryState } from '../../kit/query-state';
import { variablesOf } from '../templates/variable-names';
import { BindingCard } from './binding-card';
import { apiFieldsOf, basicsErrors, BindingBasicsFields, forgetErrorAbout, useBindingTemplate, type BindingBasics } from './binding-fields';
import { judgedTemplate, MappingList, MappingPicker, mappingRefusals, withoutVariable, type Mapping } from './mapping-editor';
import { RefreshPolicyFields, useRefreshPolicy } from './refresh-policy-fields';
import { SourceHeaderFields, useSourceHeader } from './source-header-fields';

/** Data bindings: create one from a tested data source by clicking values, then watch and operate them. */
export default function BindingsPage() {
  // Refreshes run in the scheduler, after the button's request has answered: look again every few seconds.
  const bindings = useQuery({ queryKey: bindingKeys.all, queryFn: listBindings, refetchInterval: 3_000 });
  // The last binding deleted: its card is gone, so the list says it (focus lands on this section's heading).
  const [deleted, setDeleted] = useState<string | null>(null);
  return (
    <Page title="Bindings">
      <NewBinding quiet={deleted !== null} onCreated={() => setDeleted(null)} />
      <Section title="Your bindings">
        {/* Always in the page (a live region must exist before its message); visible once there is one. */}
        <LiveMessage tone={deleted ? 'success' : 'neutral'} className={deleted ? undefined : 'sr-only'}>
          {deleted ? `Deleted ${deleted}: its image URL no longer answers.` : ''}
        </LiveMessage>
        <QueryState query={bindings}>
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-slate-700">No bindings yet.</p>
            ) : (
              list.map((b) => <BindingCard key={b.uid} binding={b} onDeleted={() => setDeleted(b.name)} />)
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
function NewBinding({ quiet, onCreated }: { quiet: boolean; onCreated: () => void }) {
  const [created, setCreated] = useState<{ count: number; name: string } | null>(null);
  // A binding deleted since (quiet) is the page's latest news: "Created …" no longer stands beside it.
  const said = created && !quiet ? `Created ${created.name}.` : '';
  return (
    <Section title="New binding">
      {/* Always in the page (a live region must exist before its message); visible once there is one. */}
      <LiveMessage className={said ? undefined : 'sr-only'}>{said}</LiveMessage>
      <NewBindingForm
        key={created?.count ?? 0}
        focusName={created !== null}
        onCreated={(name) => {
          setCreated((c) => ({ count: (c?.count ?? 0) + 1, name }));
          onCreated();
        }}
      />
    </Section>
  );
}

/** Testing or creating without a data source URL: said beside the URL field. */
const NO_URL = { field: 'dataSource.url', message: 'Give the address of the JSON to fetch.' };

function NewBindingForm({ focusName, onCreated }: { focusName: boolean; onCreated: (name: string) => void }) {
  const queryClient = useQueryClient();
  const [basics, setBasics] = useState<BindingBasics>({ name: '', templateId: '', url: '' });
  const [mapping, setMapping] = useState<Mapping>({});
  const source = useSourceHeader();
  const policy = useRefreshPolicy();
  const basicsFields = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusName) basicsFields.current?.querySelector('input')?.focus();
  }, [focusName]);
  const { name, url } = basics;
  // The chosen template, or the first by name until one is chosen.
  const { template, first } = useBindingTemplate(basics.templateId, { orFirst: true });
  const variables = template ? variablesOf(template.html ?? '', template.variableDefinitions).map((v) => v.name) : [];
  const judged = judgedTemplate(template);
  const create = useMutation({
    onMutate: () => {
      if (test.isError) test.reset();
    },
    mutationFn: () => {
      // Refused here, beside each field, before anything is sent: the buttons stay enabled (a disabled one is
      // skipped by Tab and never says what is missing).
      const missing = [
        ...(template ? [] : [{ field: 'templateId', message: first ? 'Make an image template first.' : 'Choose a template.' }]),
        ...(url ? [] : [NO_URL]),
        ...mappingRefusals(mapping, judged),
      ];
      if (missing.length > 0 || !template) throw refusedHere(missing);
      return createBinding({
        name: name || `Binding of ${template.name}`,
        templateId: template.uid,
        url,
        header: source.header ?? null,
        mapping,
        refreshPolicy: policy.value,
      });
    },
    onSuccess: async ({ binding }) => {
      await queryClient.invalidateQueries({ queryKey: bindingKeys.all });
      onCreated(binding.name);
    },
  });
  const test = useMutation({
    mutationFn: () => (url ? testSource(url, source.header ?? null) : Promise.reject(refusedHere([NO_URL]))),
    // The source answered: a refusal of its URL or header at create time no longer holds (nor its highlight).
    onSuccess: () => forgetErrorAbout(create, 'dataSource'),
  });
  // Whatever a failed test said (beside a field or in its alert) was about the source as it was: an edit of its URL
  // or header takes it away.
  const forgetFailedTest = () => {
    if (test.isError) test.reset();
  };
  const testUrlError = fieldError(test.error, 'dataSource.url');
  // A test refused over its URL: focus goes to the field, as the form's own refusals do (the test is not a submit).
  useEffect(() => {
    if (testUrlError) basicsFields.current?.querySelector<HTMLElement>('input[type="url"]')?.focus();
  }, [test.error, testUrlError]);
  const createErrors = basicsErrors(create.error);
  const editMapping = (change: (m: Mapping) => Mapping) => {
    setMapping(change);
    forgetErrorAbout(create, 'mapping');
  };
  return (
    <Form
      label="New binding"
      onSubmit={() => create.mutate()}
      error={create.error}
      fields={['name', 'templateId', 'dataSource.url', 'dataSource.credentials', 'mapping', 'refreshPolicy']}
      labels={{ templateId: 'Template' }}
    >
      <div ref={basicsFields} className="contents">
        <BindingBasicsFields
          values={{ ...basics, templateId: template?.uid ?? '' }}
          onChange={(change) => {
            setBasics((b) => ({ ...b, ...change }));
            // A refusal was about the value as it was: an edit takes it away (a test's data stays until the next test).
            // A failed test's alert too: it described the URL as it was, not what the form now holds.
            if (change.url !== undefined) forgetFailedTest();
            forgetErrorAbout(create, ...apiFieldsOf(change), ...(change.templateId !== undefined ? ['mapping'] : []));
          }}
          errors={{ ...createErrors, url: testUrlError ?? createErrors.url }}
        />
      </div>
      <SourceHeaderFields
        source={source}
        error={test.error ?? create.error}
        onEdit={() => {
          forgetFailedTest();
          forgetErrorAbout(create, 'dataSource.credentials');
        }}
      />
      <Button variant="secondary" className="self-start" busy={test.isPending} onClick={() => test.mutate()}>
        Test data source
      </Button>
      {test.isError && !testUrlError && !fieldError(test.error, 'dataSource.credentials') && <Alert>{messageOf(test.error)}</Alert>}
      {test.data && (
        <div className="flex flex-col gap-2">
          <p className="text-sm">
            Fetched {plural(test.data.bytes, 'byte')} (HTTP {test.data.status}). Choose a variable, then click a value to map it.
          </p>
          <MappingPicker data={test.data.data} variables={variables} onMap={(v, path) => editMapping((m) => ({ ...m, [v]: path }))} />
        </div>
      )}
      <MappingList mapping={mapping} onUnmap={(v) => editMapping((m) => withoutVariable(m, v))} template={judged} error={create.error} />
      <RefreshPolicyFields policy={policy} error={create.error} onEdit={() => forgetErrorAbout(create, 'refreshPolicy')} />
      <Button type="submit" className="self-start" busy={create.isPending}>
        Create binding
      </Button>
    </Form>
  );
}
