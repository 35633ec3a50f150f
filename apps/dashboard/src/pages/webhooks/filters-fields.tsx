import { RENDER_TYPES, type WebhookFilters } from '../../api/webhooks';
import { fieldError } from '../../kit/form';
import { SelectField } from '../../kit/select-field';
import { BindingFinder } from '../bindings/binding-finder';
import { TemplateFinder } from '../templates/template-finder';

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
      {/* The same for bindings: the 100 newest, and past 30 a box that asks GET /bindings?search=. */}
      <BindingFinder
        any="Any binding"
        value={value.bindingId ?? ''}
        onChange={(bindingId) => onChange({ ...value, bindingId: bindingId || null })}
        unlisted={(uid, gone) => (gone ? `${uid} (not in this workspace's list)` : uid)}
        typedIdHint="type the binding's ID (bnd_…), the name of its image URL under Bindings (/b/bnd_….png)."
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
