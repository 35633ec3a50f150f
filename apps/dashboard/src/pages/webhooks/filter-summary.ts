// Without the API client, so the node tests load this file (test/webhook-filter-summary.test.ts): the shapes are
// api/webhooks.ts WebhookFilters and filter-choices.ts Choice, spelled structurally.
interface WebhookFilters {
  templateId?: string | null;
  bindingId?: string | null;
  type?: string | null;
}
interface Choice {
  value: string;
  label: string;
}

/** What each filter is called on a subscription's card: the words of the form's fields, not the API's ids. */
const WORDS: Record<keyof WebhookFilters, string> = { type: 'type', templateId: 'template', bindingId: 'binding' };

/**
 * A subscription's filters in one line ("type = image, template = Hook card"), or "none". Templates and bindings go
 * by the names the form's pickers show; an id the lists do not hold (deleted since, or the lists not loaded) is shown
 * as it is, so the line never hides what the filter matches.
 */
export function filterSummary(
  filters: WebhookFilters | null | undefined,
  names: { templates?: readonly Choice[] | undefined; bindings?: readonly Choice[] | undefined },
): string {
  const nameOf = (choices: readonly Choice[] | undefined, id: string) => choices?.find((c) => c.value === id)?.label ?? id;
  const parts = (Object.keys(WORDS) as (keyof WebhookFilters)[]).flatMap((key) => {
    const value = filters?.[key];
    if (!value) return [];
    const shown = key === 'templateId' ? nameOf(names.templates, value) : key === 'bindingId' ? nameOf(names.bindings, value) : value;
    return [`${WORDS[key]} = ${shown}`];
  });
  return parts.length ? parts.join(', ') : 'none';
}
