import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bindingKeys, updateBindingSettings, type Binding } from '../../api/bindings';
import { DialogActions } from '../../kit/dialog';
import { Form } from '../../kit/form';
import { RefreshPolicyFields, useRefreshPolicy } from './refresh-policy-fields';
import { SourceHeaderFields, useSourceHeader } from './source-header-fields';

/**
 * Edits a binding's refresh policy and its source header (PUT /bindings/{uid}). The stored header value is never
 * shown: an empty value keeps it, a new one replaces it, and "Remove" deletes the stored credentials.
 */
export function EditSettings({ binding, onClose }: { binding: Binding; onClose: () => void }) {
  const client = useQueryClient();
  const policy = useRefreshPolicy(binding.refreshPolicy);
  const source = useSourceHeader(binding.dataSource.credentials);
  const [remove, setRemove] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      updateBindingSettings(binding, { refreshPolicy: policy.value, ...(remove ? { header: null } : { header: source.header }) }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: bindingKeys.all });
      onClose();
    },
  });
  return (
    <Form label="Binding settings" onSubmit={() => save.mutate()} error={save.error} fields={['refreshPolicy', 'dataSource.credentials']}>
      <RefreshPolicyFields policy={policy} error={save.error} />
      <SourceHeaderFields source={source} error={save.error} disabled={remove} />
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
