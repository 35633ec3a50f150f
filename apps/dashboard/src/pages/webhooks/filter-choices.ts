import { useQuery } from '@tanstack/react-query';
import { bindingKeys, type Binding } from '../../api/bindings';
import { api } from '../../api/client';
import { listEveryTemplate, templateKeys } from '../../api/templates';
import { listVideoTemplates } from '../../api/video';

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
 * template was deleted, or lies past the first pages) kept as it is, so an edit never drops a filter unseen.
 */
export function filterOptions(any: string, choices: readonly Choice[], saved: string | null | undefined): Choice[] {
  const known =
    saved && !choices.some((c) => c.value === saved) ? [{ value: saved, label: `${saved} (not in this workspace's list)` }] : [];
  return [{ value: '', label: any }, ...known, ...choices];
}

/** Every template a render event can name: HTML and canvas templates, and video templates (marked as such). */
async function templateChoices(): Promise<Choice[]> {
  const [templates, videos] = await Promise.all([listEveryTemplate({ sort: 'name', outputFormat: 'all' }), listVideoTemplates(1, 100)]);
  return choicesOf([
    ...templates.templates.map((t) => ({ id: t.uid, name: t.name })),
    ...videos.templates.map((t) => ({ id: t.uid, name: `${t.name} (video)` })),
  ]);
}

async function bindingChoices(): Promise<Choice[]> {
  const { bindings } = await api<{ bindings: Binding[] }>('/bindings', { query: { limit: 100 } });
  return choicesOf(bindings.map((b) => ({ id: b.uid, name: b.name })));
}

/**
 * The workspace's templates and bindings for the webhook filters, under their lists' keys (a template or binding
 * created, renamed or deleted elsewhere refreshes them). `null` while loading; an error leaves the field as free text.
 */
export function useFilterChoices() {
  const templates = useQuery({ queryKey: templateKeys.list({ webhookFilter: true }), queryFn: templateChoices });
  const bindings = useQuery({ queryKey: [...bindingKeys.all, 'webhook-filter'], queryFn: bindingChoices });
  return { templates, bindings };
}
