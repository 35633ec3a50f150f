import { useQuery } from '@tanstack/react-query';
import { bindingKeys, type Binding } from '../../api/bindings';
import { api } from '../../api/client';
import { templateLabel, useTemplateName } from '../templates/template-name';

export interface Choice {
  value: string;
  label: string;
}

/**
 * Named choices for ids: the name, and the id beside it only where two share a name (which one is meant must be
 * readable). Sorted by label, as a person looks for a name.
 */
export function choicesOf(items: readonly { id: string; name: string }[]): Choice[] {
  const count = new Map<string, number>();
  for (const item of items) count.set(item.name, (count.get(item.name) ?? 0) + 1);
  return items
    .map((item) => ({ value: item.id, label: (count.get(item.name) ?? 0) > 1 ? `${item.name} (${item.id})` : item.name }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The select's options: "any" first, then the workspace's choices, and a saved id the list does not hold (the
 * binding was deleted, or lies past the first page) kept as it is, so an edit never drops a filter unseen.
 */
export function filterOptions(any: string, choices: readonly Choice[], saved: string | null | undefined): Choice[] {
  const known =
    saved && !choices.some((c) => c.value === saved) ? [{ value: saved, label: `${saved} (not in this workspace's list)` }] : [];
  return [{ value: '', label: any }, ...known, ...choices];
}

async function bindingChoices(): Promise<Choice[]> {
  const { bindings } = await api<{ bindings: Binding[] }>('/bindings', { query: { limit: 100 } });
  return choicesOf(bindings.map((b) => ({ id: b.uid, name: b.name })));
}

/**
 * The workspace's bindings for the webhook filters, under the bindings' keys (one created, renamed or deleted elsewhere
 * refreshes them). An error leaves the field as free text. The template filter asks the API as its box is typed in
 * (TemplateFinder), and names a saved template by reading it (useFilterTemplateNames).
 */
export function useBindingChoices() {
  return useQuery({ queryKey: [...bindingKeys.all, 'webhook-filter'], queryFn: bindingChoices });
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
