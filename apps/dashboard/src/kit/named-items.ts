import type { NamedItem } from './name-finder';

/**
 * A list's items as a finder's choices: the name, and the id beside it only where two share a name (which one is
 * meant must be readable). Sorted by label, as a person looks for a name.
 */
export function namedItems(items: readonly { id: string; name: string }[]): NamedItem[] {
  const count = new Map<string, number>();
  for (const item of items) count.set(item.name, (count.get(item.name) ?? 0) + 1);
  return items
    .map((item) => ({ id: item.id, label: (count.get(item.name) ?? 0) > 1 ? `${item.name} (${item.id})` : item.name }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
