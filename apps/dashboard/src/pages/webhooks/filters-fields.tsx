import type { UseQueryResult } from '@tanstack/react-query';
import { RENDER_TYPES, type WebhookFilters } from '../../api/webhooks';
import { TextField } from '../../kit/field';
import { fieldError } from '../../kit/form';
import { SelectField } from '../../kit/select-field';
import { TemplateFinder } from '../templates/template-finder';
import { filterOptions, useBindingChoices, type Choice } from './filter-choices';

/**
 * One id filter picked by name from the workspace's list (with "any" first). Should the list not load, the field
 * takes the id as text, and says where that id is found.
 */
function IdFilter({
  label,
  any,
  choices,
  value,
  onChange,
  error,
  fallbackHint,
}: {
  label: string;
  any: string;
  choices: UseQueryResult<Choice[]>;
  value: string | null | undefined;
  onChange: (next: string | null) => void;
  error: string | undefined;
  fallbackHint: string;
}) {
  if (choices.isError) {
    return (
      <TextField
        label={label}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
        error={error}
        hint={`The list could not be loaded: ${fallbackHint}`}
      />
    );
  }
  return (
    <SelectField
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || null)}
      options={filterOptions(any, choices.data ?? [], value)}
      error={error}
      aria-busy={choices.isPending || undefined}
    />
  );
}

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
  const bindings = useBindingChoices();
  // min-w-0: a fieldset is at least as wide as its widest content by default, so a long template name in a picker
  // widened the form past a 375 px phone's screen; now the pickers shrink to it (a select shows what fits).
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium">Filters (empty means any)</legend>
      <SelectField
        label="Render type"
        value={value.type ?? ''}
        onChange={(e) => onChange({ ...value, type: e.target.value || null })}
        options={[{ value: '', label: 'Any type' }, ...RENDER_TYPES.map((t) => ({ value: t, label: t }))]}
        error={fieldError(error, 'type')}
      />
      {/* Found by name as typed (the API's search), of image, PDF and video templates; a saved one is read by id to
          name it, and one the API no longer has stays chosen, said so, so an edit never drops it unseen. */}
      <TemplateFinder
        scope={{ outputFormat: 'all', withVideo: true }}
        any="Any template"
        value={value.templateId ?? ''}
        onChange={(templateId) => onChange({ ...value, templateId: templateId || null })}
        unlisted={(uid, gone) => (gone ? `${uid} (not in this workspace's list)` : uid)}
        typedIdHint="type the template's ID (tpl_…, or vtp_… for a video), shown in the address of its page."
        error={fieldError(error, 'templateId')}
      />
      <IdFilter
        label="Binding"
        any="Any binding"
        choices={bindings}
        value={value.bindingId}
        onChange={(bindingId) => onChange({ ...value, bindingId })}
        error={fieldError(error, 'bindingId')}
        fallbackHint="type the binding's ID (bnd_…), the name of its image URL under Bindings (/b/bnd_….png)."
      />
    </fieldset>
  );
}

/** Only the filters that are set: the API treats a present filter as a constraint. */
export function setFilters(filters: WebhookFilters): WebhookFilters | undefined {
  const entries = Object.entries(filters).filter(([, v]) => v);
  return entries.length ? Object.fromEntries(entries) : undefined;
}
