import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bindingKeys, updateBindingSettings, type Binding } from '../../api/bindings';
import { refusedHere } from '../../api/problem';
import { DialogActions } from '../../kit/dialog';
import { Form } from '../../kit/form';
import { apiFieldsOf, basicsErrors, BindingBasicsFields, forgetErrorAbout, useBindingTemplate, type BindingBasics } from './binding-fields';
import { judgedTemplate, MappingList, mappingRefusals, withoutVariable, type Mapping } from './mapping-editor';
import { RefreshPolicyFields, useRefreshPolicy } from './refresh-policy-fields';
import { SourceHeaderFields, useSourceHeader } from './source-header-fields';

/** A changed value, or undefined for one left as stored (the API is then not asked to judge it again). */
const changed = (value: string, stored: string) => (value === stored ? undefined : value);

/**
 * Edits a binding's name, template, data source URL, refresh policy and source header (PUT /bindings/{uid}). The
 * stored header value is never shown: an empty value keeps it, a new one replaces it, and "Remove" deletes the
 * stored credentials. A value the API refuses (a blocked URL, a template that no longer exists) shows beside its field.
 * Another template that lacks a mapped variable is refused under the mapping, as the create form does (unmapping it
 * here saves the mapping without it).
 */
export function EditSettings({ binding, onClose }: { binding: Binding; onClose: () => void }) {
  const client = useQueryClient();
  const [basics, setBasics] = useState<BindingBasics>({ name: binding.name, templateId: binding.templateId, url: binding.dataSource.url });
  const policy = useRefreshPolicy(binding.refreshPolicy);
  const source = useSourceHeader(binding.dataSource.credentials);
  const [remove, setRemove] = useState(false);
  const [mapping, setMapping] = useState<Mapping>(binding.mapping);
  const templateId = changed(basics.templateId, binding.templateId);
  // Judged against another template only: the stored one is what the binding already renders with.
  const other = useBindingTemplate(templateId ?? '').template;
  const judged = templateId === undefined ? undefined : judgedTemplate(other);
  const save = useMutation({
    mutationFn: () => {
      const refusals = mappingRefusals(mapping, judged);
      if (refusals.length > 0) throw refusedHere(refusals);
      return updateBindingSettings(binding, {
        refreshPolicy: policy.value,
        name: changed(basics.name, binding.name),
        templateId,
        // Sent only when something was unmapped here (the list refreshes every few seconds: compared by content).
        mapping: JSON.stringify(mapping) === JSON.stringify(binding.mapping) ? undefined : mapping,
        url: changed(basics.url, binding.dataSource.url),
        header: remove ? null : source.header,
      });
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: bindingKeys.all });
      onClose();
    },
  });
  return (
    <Form
      label="Binding settings"
      onSubmit={() => save.mutate()}
      error={save.error}
      fields={['name', 'templateId', 'dataSource.url', 'mapping', 'refreshPolicy', 'dataSource.credentials']}
    >
      <BindingBasicsFields
        values={basics}
        onChange={(change) => {
          setBasics((b) => ({ ...b, ...change }));
          forgetErrorAbout(save, ...apiFieldsOf(change), ...(change.templateId !== undefined ? ['mapping'] : []));
        }}
        errors={basicsErrors(save.error)}
      />
      <MappingList
        mapping={mapping}
        onUnmap={(v) => {
          setMapping((m) => withoutVariable(m, v));
          forgetErrorAbout(save, 'mapping');
        }}
        template={judged}
        error={save.error}
      />
      <RefreshPolicyFields policy={policy} error={save.error} onEdit={() => forgetErrorAbout(save, 'refreshPolicy')} />
      <SourceHeaderFields
        source={source}
        error={save.error}
        disabled={remove}
        onEdit={() => forgetErrorAbout(save, 'dataSource.credentials')}
      />
      {binding.dataSource.credentials && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={remove} onChange={(e) => setRemove(e.target.checked)} />
          Remove the stored source credentials
        </label>
      )}
      <DialogActions onCancel={onClose} submit="Save settings" busy={save.isPending} />
    </Form>
  );
}
