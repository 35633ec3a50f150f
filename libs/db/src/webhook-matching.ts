// Which webhook subscriptions an event reaches: the one rule, applied in memory to an owner's active
// subscriptions (the dispatcher keeps them per owner, dropped on owner.changed `webhooks`; docs/adr/0046).
import type { WebhookFiltersRecord } from './webhook-subscriptions.js';

/** What matching needs of one active subscription. */
export interface WebhookRoute {
  uid: string;
  event: string;
  filters: WebhookFiltersRecord;
}

/** What an event offers to filters; a filter that is set must equal it. */
export interface EventRouting {
  ownerId: string;
  event: string;
  templateId: string | null;
  bindingId: string | null;
  type: string | null;
}

const FILTERED = ['templateId', 'bindingId', 'type'] as const;

/**
 * Same event, and every filter that is set equals the event's value: an event without the field
 * (a render from raw HTML has no template) never matches a filter on it.
 */
export function webhookRouteMatches(route: WebhookRoute, routing: EventRouting): boolean {
  if (route.event !== routing.event) return false;
  return FILTERED.every((field) => route.filters[field] === undefined || route.filters[field] === routing[field]);
}

/** The uids of the owner's active subscriptions (`routes`, all of `routing.ownerId`) that the event reaches. */
export function matchingSubscriptions(routes: readonly WebhookRoute[], routing: EventRouting): string[] {
  return routes.filter((route) => webhookRouteMatches(route, routing)).map((route) => route.uid);
}
