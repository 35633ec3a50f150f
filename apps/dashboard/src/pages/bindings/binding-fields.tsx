import { TextField } from '../../kit/field';
import { fieldError } from '../../kit/form';
import { TemplateChoice, useChosenTemplate } from '../templates/template-choice';

/**
 * The image template `templateId` names (a binding renders images), whole: from the pickers' first page when it is
 * there, else read on its own (GET /templates/{id}, cached as the editors cache it). `template` is undefined while it
 * loads (`loading` is then true) and once it is not found (deleted since). `orFirst`: no id means the first template,
 * as the create form's default choice; `first` is that first page (undefined while it loads).
 */
export const useBindingTemplate = (templateId: string, options: { orFirst?: boolean } = {}) =>
  useChosenTemplate('image', templateId, options);

/** A failed request's error, forgotten once a field it names is edited: it was about the value as it was. */
export function forgetErrorAbout(request: { error: unknown; reset: () => void }, ...fields: string[]) {
  if (fields.some((field) => fieldError(request.error, field))) request.reset();
}

export interface BindingBasics {
  name: string;
  templateId: string;
  url: string;
}

/** Where the API names each of these fields in its errors. */
const API_FIELDS: Record<keyof BindingBasics, string> = { name: 'name', templateId: 'templateId', url: 'dataSource.url' };

/** The API names of the fields in `change` (to forget a refusal about them once they are edited). */
export const apiFieldsOf = (change: Partial<BindingBasics>) => (Object.keys(change) as (keyof BindingBasics)[]).map((k) => API_FIELDS[k]);

/** Each field's refusal in a failed request's error. */
export const basicsErrors = (error: unknown) => ({
  name: fieldError(error, API_FIELDS.name),
  templateId: fieldError(error, API_FIELDS.templateId),
  url: fieldError(error, API_FIELDS.url),
});

/**
 * What a binding is: its name, the template it renders and the URL of its JSON, each with the API's refusal beside
 * it. Creating a binding and editing its settings both use these fields.
 */
export function BindingBasicsFields({
  values,
  onChange,
  errors,
}: {
  values: BindingBasics;
  /** One field edited: its new value. */
  onChange: (change: Partial<BindingBasics>) => void;
  errors: { [K in keyof BindingBasics]?: string | undefined };
}) {
  return (
    <>
      <TextField label="Binding name" value={values.name} onChange={(e) => onChange({ name: e.target.value })} error={errors.name} />
      <TemplateChoice
        outputFormat="image"
        value={values.templateId}
        onChange={(templateId) => onChange({ templateId })}
        renders="a binding renders one"
        error={errors.templateId}
      />
      <TextField
        label="Data source URL"
        type="url"
        value={values.url}
        onChange={(e) => onChange({ url: e.target.value })}
        error={errors.url}
      />
    </>
  );
}
