// What the Overview's "Needs attention" block says. Without the API client, so its unit test
// (test/attention-lines.test.ts) loads it as Node does: the shapes are those of api/renders.ts, api/webhooks.ts
// and api/bindings.ts, spelled structurally.
import { plural } from '../../kit/plural.js';
import { localDayOf, searchOfFilters } from '../renders/render-filters.js';
import { asSentence } from '../../kit/sentence.js';
import { eventWords } from '../webhooks/event-words.js';

/** How far back failed renders count. */
export const FAILED_RENDERS_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The most failed renders asked for (GET /renders's largest page): past it the line says "more than". */
export const FAILED_RENDERS_PAGE = 100;

/** The page of GET /renders?status=failed&from=… the Overview asked for. */
export interface FailedRendersPage {
  items: unknown[];
  pagination: { hasMore: boolean };
}

export interface WebhookState {
  event: string;
  targetUrl: string;
  status: string;
}

export interface BindingState {
  name: string;
  status: string;
  lastError: { message: string } | null;
}

/** One kind of problem: what is wrong, and the page that fixes it. */
export interface AttentionLine {
  kind: 'renders' | 'webhooks' | 'bindings';
  text: string;
  link: { text: string; to: string };
}

/** A list the API would not give: why, in its words. */
export interface Unread {
  error: string;
}

/** What the lines are made from; a list still loading is undefined and says nothing yet. */
export interface AttentionInput {
  failedRenders: FailedRendersPage | Unread | undefined;
  webhooks: WebhookState[] | Unread | undefined;
  bindings: BindingState[] | Unread | undefined;
  now: Date;
}

/** The instant failed renders are counted from (GET /renders's `from`). */
export const failedRendersSince = (now: Date): string => new Date(now.getTime() - FAILED_RENDERS_WINDOW_MS).toISOString();

/**
 * The Renders list showing failed renders from the day the window starts on. The list filters whole days where the
 * reader is (render-filters.ts), so it may also show failures from earlier that day, never fewer than were counted.
 */
export function failedRendersLink(now: Date): string {
  const from = localDayOf(new Date(failedRendersSince(now)));
  return `/renders?${searchOfFilters({ kind: '', status: 'failed', templateUid: '', from, to: '', q: '' }).toString()}`;
}

/** Names in a sentence: "a", "a and b", "a, b and c", past `max` "a, b, c and 2 more". */
export function namesList(names: string[], max = 3): string {
  const shown = names.length > max ? [...names.slice(0, max), `${names.length - max} more`] : names;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

const rendersLink = (now: Date) => ({ text: 'See the failed renders and why', to: failedRendersLink(now) });
const webhooksLink = { text: 'Open Webhooks', to: '/settings/webhooks' };
const bindingsLink = { text: 'Open Bindings', to: '/bindings' };

function failedRendersLine(page: FailedRendersPage, now: Date): AttentionLine | null {
  const count = page.items.length;
  if (count === 0) return null;
  const text = page.pagination.hasMore
    ? `More than ${plural(count, 'render')} failed in the last 24 hours.`
    : `${plural(count, 'render')} failed in the last 24 hours.`;
  return { kind: 'renders', text, link: rendersLink(now) };
}

/**
 * `failed` is the dispatcher's word for a subscription it disabled; a paused one was paused on purpose. The event in the
 * words the Webhooks page shows for it, not its API name.
 */
function disabledWebhooksLine(webhooks: WebhookState[]): AttentionLine | null {
  const disabled = webhooks.filter((w) => w.status === 'failed');
  if (disabled.length === 0) return null;
  const text =
    disabled.length === 1
      ? `The webhook “${eventWords(disabled[0]!.event)}” to ${disabled[0]!.targetUrl} is disabled: events are not sent to it.`
      : `${plural(disabled.length, 'webhook')} are disabled: events are not sent to ${namesList(disabled.map((w) => w.targetUrl))}.`;
  return { kind: 'webhooks', text, link: webhooksLink };
}

/** A binding in `error`: its last refresh failed, so its image URL does not show the source's latest data. */
function failingBindingsLine(bindings: BindingState[]): AttentionLine | null {
  const failing = bindings.filter((b) => b.status === 'error');
  if (failing.length === 0) return null;
  const one = failing[0]!;
  const text =
    failing.length === 1
      ? `Binding ${one.name} could not refresh${one.lastError ? `: ${asSentence(one.lastError.message)}` : '.'}`
      : `${plural(failing.length, 'binding')} could not refresh: ${namesList(failing.map((b) => b.name))}.`;
  return { kind: 'bindings', text, link: bindingsLink };
}

const isUnread = (value: object): value is Unread => 'error' in value;

/**
 * A list that could not be read is said too, rather than passed over as if all were well there: the block's silence
 * must mean nothing is wrong.
 */
function line<T extends object>(
  value: T | Unread | undefined,
  what: string,
  link: AttentionLine['link'],
  kind: AttentionLine['kind'],
  judge: (value: T) => AttentionLine | null,
): AttentionLine | null {
  if (value === undefined) return null;
  if (isUnread(value)) return { kind, text: `Could not check ${what}: ${asSentence(value.error)}`, link };
  return judge(value);
}

/** One line per kind of problem, in this order; none when nothing is wrong (the block is then left out). */
export function attentionLines(input: AttentionInput): AttentionLine[] {
  return [
    line(input.failedRenders, 'for failed renders', rendersLink(input.now), 'renders', (page) => failedRendersLine(page, input.now)),
    line(input.webhooks, 'the webhooks', webhooksLink, 'webhooks', disabledWebhooksLine),
    line(input.bindings, 'the bindings', bindingsLink, 'bindings', failingBindingsLine),
  ].filter((l): l is AttentionLine => l !== null);
}
