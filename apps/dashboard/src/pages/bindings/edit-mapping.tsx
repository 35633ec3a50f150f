import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bindingKeys, testBinding, updateBindingMapping, type Binding } from '../../api/bindings';
import { DialogActions } from '../../kit/dialog';
import { Form } from '../../kit/form';
import { plural } from '../../kit/plural';
import { QueryState } from '../../kit/query-state';
import { variablesOf } from '../templates/variable-names';
import { useBindingTemplate } from './binding-fields';
import { MappingList, MappingPicker, withoutVariable, type Mapping } from './mapping-editor';

/**
 * Edits an existing binding's mapping: its own source is fetched again (with its stored credentials,
 * POST /bindings/{uid}/test), values are clicked to map them, mappings removed, and PUT saves the result
 * (the binding then re-renders with it).
 */
export function EditMapping({ binding, onClose }: { binding: Binding; onClose: () => void }) {
  const client = useQueryClient();
  const [mapping, setMapping] = useState<Mapping>(binding.mapping);
  const source = useQuery({ queryKey: bindingKeys.test(binding.uid), queryFn: () => testBinding(binding.uid), gcTime: 0 });
  const { template } = useBindingTemplate(binding.templateId);
  // The template's variables, and any already mapped (a template edited since may have dropped one: it can still be unmapped).
  const variables = [
    ...new Set([
      ...(template ? variablesOf(template.html ?? '', template.variableDefinitions).map((v) => v.name) : []),
      ...Object.keys(mapping),
    ]),
  ];
  const save = useMutation({
    mutationFn: () => updateBindingMapping(binding.uid, mapping),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: bindingKeys.all });
      onClose();
    },
  });
  return (
    <Form label="Edit mapping" onSubmit={() => save.mutate()} error={save.error} fields={['mapping']}>
      <QueryState query={source}>
        {(fetched) => (
          <>
            <p className="text-sm">
              Fetched {plural(fetched.bytes, 'byte')} (HTTP {fetched.status}) from the binding&apos;s source. Choose a variable, then click
              a value to map it.
            </p>
            <MappingPicker data={fetched.data} variables={variables} onMap={(v, path) => setMapping((m) => ({ ...m, [v]: path }))} />
          </>
        )}
      </QueryState>
      <MappingList mapping={mapping} onUnmap={(v) => setMapping((m) => withoutVariable(m, v))} />
      <DialogActions onCancel={onClose} submit="Save mapping" busy={save.isPending} />
    </Form>
  );
}
