import { useQuery } from '@tanstack/react-query';
import { getTemplate, templateKeys } from '../../api/templates';
import { TextField } from '../../kit/field';
import { fieldError } from '../../kit/form';
import { TemplateChoice, useEveryTemplate } from '../templates/template-choice';

/** The templates a binding can render (every image one, by name): the create form and both edit dialogs read this list. */
export const useBindingTemplates = () => useEveryTemplate('image');

/**
 * The template a binding renders: from the pickers' list when it is there (every image template, up to
 * listEveryTemplate's cap), else read on its own (GET /templates/{id}, cached as the editors cache it). `template` is undefined while
 * either is loading (`loading` is then true) and once neither has it (deleted since).
 */
export function useBindingTemplate(templateId: string) {
  const templates = useBindingTemplates();
  const listed = templates.data?.templates.find((t) => t.uid === templateId);
  const alone = useQuery({
    queryKey: templateKeys.one(templateId),
    queryFn: () => getTemplate(templateId),
    enabled: templates.data !== undefined && listed === undefined,
  });
  const template = listed ?? alone.data;
  return { template, loading: !template && (templates.isPending || (alone.isPending && alone.fetchStatus !== 'idle')) };
}

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
  templates,
  errors,
}: {
  values: BindingBasics;
  /** One field edited: its new value. */
  onChange: (change: Partial<BindingBasics>) => void;
  /** The templates to choose from; undefined while they load. */
  templates: ReadonlyArray<{ uid: string; name: string }> | undefined;
  errors: { [K in keyof BindingBasics]?: string | undefined };
}) {
  return (
    <>
      <TextField label="Binding name" value={values.name} onChange={(e) => onChange({ name: e.target.value })} error={errors.name} />
      <TemplateChoice
        templates={templates}
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
