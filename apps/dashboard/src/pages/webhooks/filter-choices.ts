import { useBindingName } from '../bindings/binding-finder';
import { templateLabel, useTemplateName } from '../templates/template-name';

export interface Choice {
  value: string;
  label: string;
}

/**
 * A subscription's filtered template as a choice, by its name (read by id: from any page of the list, or a video
 * template, marked as the picker marks it); none while it is read, or when it is gone (the card then shows the id).
 */
export function useFilterTemplateNames(templateId: string | null | undefined): Choice[] | undefined {
  const uid = templateId ?? '';
  const named = useTemplateName(uid, []);
  if (!uid || named.name === undefined) return undefined;
  return [{ value: uid, label: templateLabel({ name: named.name, video: named.video }) }];
}

/**
 * A subscription's filtered binding as a choice, by its name, read by id (GET /bindings/{uid}) wherever it lies in
 * the list; none while it is read, or when it is gone (the card then shows the id).
 */
export function useFilterBindingNames(bindingId: string | null | undefined): Choice[] | undefined {
  const uid = bindingId ?? '';
  const named = useBindingName(uid, []);
  if (!uid || named.label === undefined) return undefined;
  return [{ value: uid, label: named.label }];
}
