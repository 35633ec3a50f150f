import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { Page, Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { SecretOnce } from '../../kit/secret-once';
import { DeliveryLog } from './delivery-log';
import { EditWebhook } from './edit-webhook';
import { setFilters } from './filters-fields';
import { SUBSCRIPTION_FIELDS, SubscriptionFields, type SubscriptionDraft } from './subscription-fields';

const STATUS_STYLE: Record<WebhookSubscription['status'], string> = {
  active: 'bg-green-100 text-green-900',
  paused: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
};

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
  const answer = last.responseCode !== null ? `the endpoint answered HTTP ${last.responseCode}` : (last.error ?? 'no answer');
  return `Disabled on ${formatDate(last.timestamp)}: delivery ${last.deliveryId} failed all ${last.attempt} attempts (last: ${answer}). Re-enable it once the endpoint works again.`;
}

function SubscriptionCard({ subscription }: { subscription: WebhookSubscription }) {
  const client = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const [editing, setEditing] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: webhookKeys.all });
  const toggle = useMutation({
    mutationFn: () => (subscription.status === 'active' ? pauseWebhook(subscription.uid) : resumeWebhook(subscription.uid)),
    onSuccess: refresh,
  });
  const test = useMutation({
    mutationFn: () => sendTestEvent(subscription.uid),
    onSuccess: async () => {
      setShowLog(true);
      await client.invalidateQueries({ queryKey: webhookKeys.deliveries(subscription.uid) });
    },
  });
  const remove = useMutation({ mutationFn: () => deleteWebhook(subscription.uid), onSuccess: refresh });
  const toggleLabel = subscription.status === 'active' ? 'Pause' : subscription.status === 'failed' ? 'Re-enable' : 'Resume';
  const filters = Object.entries(subscription.filters ?? {}).filter(([, v]) => v);
  const failure = toggle.error ?? test.error ?? remove.error;
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={`${subscription.event} to ${subscription.targetUrl}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[subscription.status]}`}>{subscription.status}</span>
        <strong className="text-sm">{subscription.event}</strong>
        <span className="text-sm break-all text-slate-700">{subscription.targetUrl}</span>
      </div>
      <p className="text-sm text-slate-700">
        Filters: {filters.length ? filters.map(([k, v]) => `${k} = ${String(v)}`).join(', ') : 'none'} · {subscription.deliveryCount}{' '}
        attempts, {subscription.failureCount} failed · last delivery {formatDate(subscription.lastDeliveryAt)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" busy={toggle.isPending} onClick={() => toggle.mutate()}>
          {toggleLabel}
        </Button>
        <Button variant="secondary" busy={test.isPending} onClick={() => test.mutate()}>
          Send test event
        </Button>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Edit
        </Button>
        <Button variant="ghost" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          {showLog ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="danger" busy={remove.isPending}>
              Delete
            </Button>
          }
          title={`Delete the ${subscription.event} webhook?`}
          description={`Deliveries to ${subscription.targetUrl} stop, including retries still waiting. Its delivery log goes with it.`}
          action="Delete webhook"
          onConfirm={() => remove.mutate()}
        />
      </div>
      {subscription.status === 'failed' && <p className="text-sm text-red-800">{disabledReason(subscription)}</p>}
      {failure != null && <Alert>{messageOf(failure)}</Alert>}
      {showLog && <DeliveryLog uid={subscription.uid} />}
      <Dialog
        open={editing}
        onOpenChange={setEditing}
        title={`Edit the ${subscription.event} webhook`}
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
  return (
    <Page title="Webhooks">
      <Section title="New webhook">
        <CreateWebhook onSecret={setSecret} />
      </Section>
      <Section title="Subscriptions">
        <QueryState query={webhooks}>
          {({ subscriptions }) =>
            subscriptions.length === 0 ? (
              <p className="text-sm text-slate-700">No webhooks yet.</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {subscriptions.map((s) => (
                  <SubscriptionCard key={s.uid} subscription={s} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </Section>
      <Dialog open={secret !== null} onOpenChange={(open) => !open && setSecret(null)} title="Webhook signing secret">
        {secret && <SecretOnce label="Signing secret" value={secret} />}
        <div className="flex justify-end">
          <Button onClick={() => setSecret(null)}>Done</Button>
        </div>
      </Dialog>
    </Page>
  );
}
