import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../api/problem';
import {
  createWebhook,
  deleteWebhook,
  pauseWebhook,
  resumeWebhook,
  sendTestEvent,
  webhookKeys,
  WEBHOOK_EVENTS,
  listWebhooks,
  type WebhookSubscription,
} from '../../api/webhooks';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { ConfirmDialog, Dialog } from '../../kit/dialog';
import { Form } from '../../kit/form';
import { formatDate } from '../../kit/format';
import { LiveMessage } from '../../kit/live-message';
import { Page, Section } from '../../kit/page';
import { plural } from '../../kit/plural';
import { QueryState } from '../../kit/query-state';
import { SecretOnceDialog } from '../../kit/secret-once';
import { DeliveryLog } from './delivery-log';
import { EditWebhook } from './edit-webhook';
import { eventWords } from './event-words';
import { useFilterBindingNames, useFilterTemplateNames } from './filter-choices';
import { filterSummary } from './filter-summary';
import { setFilters } from './filters-fields';
import { SUBSCRIPTION_FIELDS, SubscriptionFields, type SubscriptionDraft } from './subscription-fields';
import { asSentence } from '../../kit/sentence';
import { StatusBadge } from '../../kit/status-badge';
import { subscriptionName, subscriptionStatusTone, subscriptionStatusWord } from './subscription-words';
import { verificationCode } from './verify-code';

const EMPTY_DRAFT: SubscriptionDraft = { event: WEBHOOK_EVENTS[0], targetUrl: '', filters: {} };

function CreateWebhook({ onSecret }: { onSecret: (secret: string) => void }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<SubscriptionDraft>(EMPTY_DRAFT);
  const create = useMutation({
    mutationFn: () => {
      const filters = setFilters(draft.filters);
      return createWebhook({ event: draft.event, targetUrl: draft.targetUrl, ...(filters ? { filters } : {}) });
    },
    onSuccess: async ({ subscription }) => {
      // The event stays chosen for the next one; URL and filters start over.
      setDraft((current) => ({ ...EMPTY_DRAFT, event: current.event }));
      onSecret(subscription.secret);
      await client.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
  return (
    <Form label="Create a webhook" className="max-w-md" onSubmit={() => create.mutate()} error={create.error} fields={SUBSCRIPTION_FIELDS}>
      <SubscriptionFields value={draft} onChange={setDraft} error={create.error} />
      <div>
        <Button type="submit" busy={create.isPending}>
          Create webhook
        </Button>
      </div>
    </Form>
  );
}

/** Why the dispatcher disabled a subscription: its last delivery failed every attempt (docs/webhooks.md). */
function disabledReason(subscription: WebhookSubscription): string {
  const last = subscription.lastDelivery;
  if (!last) return 'Disabled after a delivery failed every attempt.';
  const answer = last.responseCode !== null ? `The endpoint answered HTTP ${last.responseCode}.` : asSentence(last.error ?? 'No answer');
  return `Disabled on ${formatDate(last.timestamp)}: delivery ${last.deliveryId} failed ${last.attempt === 1 ? 'its only attempt' : `all ${plural(last.attempt, 'attempt')}`}. Last attempt: ${answer} Events that happen while it is disabled are not kept for it. Re-enable it once the endpoint works again.`;
}

/**
 * The card's counts, as the server keeps them: every attempt sent, retries and test events included, so a test event
 * delivered in the log below is one of them. Said on the card, since the log lists deliveries and each may take several.
 */
const attemptsSummary = (s: Pick<WebhookSubscription, 'deliveryCount' | 'failureCount'>) =>
  `${plural(s.deliveryCount, 'delivery attempt')}, ${s.failureCount} failed (retries and test events included)`;

/**
 * Test events go out only while a subscription is active: a paused or disabled one holds every delivery until it is
 * resumed (docs/webhooks.md), so the card says that instead of offering a test that would wait unseen.
 */
function testHeldReason(status: WebhookSubscription['status']): string | null {
  if (status === 'paused') return 'Test events are sent only while the webhook is active: resume it to send one.';
  if (status === 'failed') return 'Test events are sent only while the webhook is active: re-enable it first.';
  return null;
}

/** What the card's line says when the dispatcher disabled the subscription while the page was open. */
const DISABLED_NOW = 'Disabled just now: a delivery failed every attempt. Why is said below.';

function SubscriptionCard({ subscription, onDeleted }: { subscription: WebhookSubscription; onDeleted: () => void }) {
  const client = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const [editing, setEditing] = useState(false);
  const name = subscriptionName(subscription);
  const refresh = () => client.invalidateQueries({ queryKey: webhookKeys.all });
  const card = useRef<HTMLLIElement>(null);
  // The card's control that last had focus: Send test event goes when the subscription stops being active.
  const lastFocused = useRef<Element | null>(null);
  const previousStatus = useRef(subscription.status);
  // Disabled by the dispatcher (a delivery, often the test event just sent, failed every attempt) while on the page.
  const [disabledNow, setDisabledNow] = useState(false);
  useEffect(() => {
    const was = previousStatus.current;
    previousStatus.current = subscription.status;
    if (was === subscription.status) return;
    setDisabledNow(was === 'active' && subscription.status === 'failed');
    // Focus on a button that went with the old status (Send test event) would fall to the page's start: it moves to
    // the card's first button, which now says what to do (Re-enable).
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && lastFocused.current && !lastFocused.current.isConnected) card.current?.querySelector('button')?.focus();
  }, [subscription.status]);
  const toggle = useMutation({
    mutationFn: () => (subscription.status === 'active' ? pauseWebhook(subscription.uid) : resumeWebhook(subscription.uid)),
    onSuccess: refresh,
  });
  const test = useMutation({
    mutationFn: () => sendTestEvent(subscription.uid),
    onSuccess: async () => {
      // The log opens below with the queued delivery (marked "test"); the status line says it was queued.
      setShowLog(true);
      await client.invalidateQueries({ queryKey: webhookKeys.deliveries(subscription.uid) });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteWebhook(subscription.uid),
    onSuccess: async () => {
      onDeleted();
      await refresh();
    },
  });
  const toggleLabel = subscription.status === 'active' ? 'Pause' : subscription.status === 'failed' ? 'Re-enable' : 'Resume';
  // The card names a filtered template or binding, each read by id (wherever it lies in its list), as the form does.
  const templates = useFilterTemplateNames(subscription.filters?.templateId);
  const bindings = useFilterBindingNames(subscription.filters?.bindingId);
  const filters = filterSummary(subscription.filters, { templates, bindings });
  const failure = toggle.error ?? test.error ?? remove.error;
  const held = testHeldReason(subscription.status);
  return (
    <li
      ref={card}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={name}
      onFocus={(e) => (lastFocused.current = e.target)}
    >
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={subscriptionStatusTone(subscription.status)}>{subscriptionStatusWord(subscription.status)}</StatusBadge>
        <strong className="text-sm">{eventWords(subscription.event)}</strong>
        <code className="rounded bg-slate-100 px-1 text-xs text-slate-700">{subscription.event}</code>
        <span className="text-sm break-all text-slate-700">{subscription.targetUrl}</span>
      </div>
      <p className="text-sm text-slate-700">
        Filters: {filters} · {attemptsSummary(subscription)} · last delivery {formatDate(subscription.lastDeliveryAt)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          busy={toggle.isPending}
          onClick={() => {
            test.reset();
            toggle.mutate();
          }}
          aria-label={`${toggleLabel} ${name}`}
        >
          {toggleLabel}
        </Button>
        {!held && (
          <Button variant="secondary" busy={test.isPending} onClick={() => test.mutate()} aria-label={`Send test event to ${name}`}>
            Send test event
          </Button>
        )}
        <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        <Button
          variant="ghost"
          aria-expanded={showLog}
          onClick={() => setShowLog(!showLog)}
          aria-label={`${showLog ? 'Hide' : 'Show'} deliveries of ${name}`}
        >
          {showLog ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="danger" busy={remove.isPending} aria-label={`Delete ${name}`}>
              Delete
            </Button>
          }
          title={`Delete the “${eventWords(subscription.event)}” webhook?`}
          description={`Deliveries to ${subscription.targetUrl} stop, including retries still waiting. Its delivery log goes with it.`}
          action="Delete webhook"
          onConfirm={() => remove.mutate()}
        />
        {/* Present from the start, so a screen reader announces the acknowledgement when it appears. */}
        <LiveMessage inline className="self-center">
          {disabledNow ? DISABLED_NOW : test.isSuccess && !held ? 'Test event queued: it is marked “test” in the delivery log below.' : ''}
        </LiveMessage>
      </div>
      {subscription.status === 'failed' && <p className="text-sm text-red-800">{disabledReason(subscription)}</p>}
      {held && <p className="text-sm text-slate-700">{held}</p>}
      {failure != null && <Alert>{messageOf(failure)}</Alert>}
      {showLog && <DeliveryLog uid={subscription.uid} name={name} status={subscription.status} attempts={subscription.deliveryCount} />}
      <Dialog
        open={editing}
        onOpenChange={setEditing}
        title={`Edit the “${eventWords(subscription.event)}” webhook`}
        description={`Now ${subscription.event} to ${subscription.targetUrl}. Saving keeps the signing secret: receivers verify deliveries as before.`}
      >
        <EditWebhook subscription={subscription} onClose={() => setEditing(false)} />
      </Dialog>
    </li>
  );
}

export default function WebhooksPage() {
  // Deliveries (and the dispatcher disabling a subscription) happen after any button's request answered: look again every few seconds.
  const webhooks = useQuery({ queryKey: webhookKeys.all, queryFn: listWebhooks, refetchInterval: 3_000 });
  const [secret, setSecret] = useState<string | null>(null);
  // The last webhook deleted: its card is gone, so the list says it (focus lands on this section's heading).
  const [deleted, setDeleted] = useState<string | null>(null);
  return (
    <Page title="Webhooks">
      <Section title="New webhook">
        <CreateWebhook
          onSecret={(made) => {
            setDeleted(null);
            setSecret(made);
          }}
        />
      </Section>
      <Section title="Subscriptions">
        {/* Always in the page (a live region must exist before its message); visible once there is one. */}
        <LiveMessage tone={deleted ? 'success' : 'neutral'} className={deleted ? undefined : 'sr-only'}>
          {deleted ? `Deleted “${deleted}”: nothing more is delivered to it.` : ''}
        </LiveMessage>
        <QueryState query={webhooks}>
          {({ subscriptions }) =>
            subscriptions.length === 0 ? (
              <p className="text-sm text-slate-700">
                No webhooks yet. A webhook posts to your address when a render, a batch or a binding finishes or fails, so your software
                learns of it without asking again and again.
              </p>
            ) : (
              <ul className="flex flex-col gap-3">
                {subscriptions.map((s) => (
                  <SubscriptionCard key={s.uid} subscription={s} onDeleted={() => setDeleted(subscriptionName(s))} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </Section>
      <SecretOnceDialog
        secret={secret}
        label="Signing secret"
        title="Webhook signing secret"
        example={
          secret
            ? {
                title: 'Verify each delivery: verifyWebhook(raw body, X-Service-Signature header) (Node; docs/webhooks.md)',
                text: verificationCode(secret),
                copy: 'Copy verification code',
              }
            : undefined
        }
        onClose={() => setSecret(null)}
      />
    </Page>
  );
}
