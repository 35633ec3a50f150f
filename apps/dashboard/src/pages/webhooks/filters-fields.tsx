import { RENDER_TYPES, type WebhookFilters } from '../../api/webhooks';
import { TextField } from '../../kit/field';
import { fieldError } from '../../kit/form';
import { SelectField } from '../../kit/select-field';

/** The filter inputs shared by the create form and the edit dialog; empty means "any". */
export function FiltersFields({
  value,
  onChange,
  error,
}: {
  value: WebhookFilters;
  onChange: (next: WebhookFilters) => void;
  error: unknown;
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium">Filters (empty means any)</legend>
      <SelectField
        label="Render type"
        value={value.type ?? ''}
        onChange={(e) => onChange({ ...value, type: e.target.value || null })}
        options={[{ value: '', label: 'Any type' }, ...RENDER_TYPES.map((t) => ({ value: t, label: t }))]}
        error={fieldError(error, 'type')}
      />
      <TextField
        label="Template ID"
        value={value.templateId ?? ''}
        onChange={(e) => onChange({ ...value, templateId: e.target.value || null })}
        error={fieldError(error, 'templateId')}
      />
      <TextField
        label="Binding ID"
        value={value.bindingId ?? ''}
        onChange={(e) => onChange({ ...value, bindingId: e.target.value || null })}
        error={fieldError(error, 'bindingId')}
      />
    </fieldset>
  );
}

/** Only the filters that are set: the API treats a present filter as a constraint. */
export function setFilters(filters: WebhookFilters): WebhookFilters | undefined {
  const entries = Object.entries(filters).filter(([, v]) => v);
  return entries.length ? Object.fromEntries(entries) : undefined;
}
