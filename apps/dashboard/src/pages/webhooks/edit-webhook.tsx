import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { updateWebhook, webhookKeys, type WebhookPatch, type WebhookSubscription } from '../../api/webhooks';
import { DialogActions } from '../../kit/dialog';
import { Form } from '../../kit/form';
import { setFilters } from './filters-fields';
import { SUBSCRIPTION_FIELDS, SubscriptionFields, type SubscriptionDraft } from './subscription-fields';

/**
 * The PUT body of an edit. Event and target URL go only when changed: the server checks a target
 * again (SSRF guard, https), and an unchanged one must not block saving new filters. Filters always
 * go (null clears them), so the body is never empty.
 */
function webhookPatch(saved: WebhookSubscription, draft: SubscriptionDraft): WebhookPatch {
  const patch: WebhookPatch = { filters: setFilters(draft.filters) ?? null };
  if (draft.event !== saved.event) patch.event = draft.event;
  if (draft.targetUrl !== saved.targetUrl) patch.targetUrl = draft.targetUrl;
  return patch;
}

/** The edit dialog's form: event, target URL and filters of a saved subscription. Its signing secret is neither shown nor changed. */
export function EditWebhook({ subscription, onClose }: { subscription: WebhookSubscription; onClose: () => void }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<SubscriptionDraft>({
    event: subscription.event,
    targetUrl: subscription.targetUrl,
    filters: subscription.filters ?? {},
  });
  const save = useMutation({
    mutationFn: () => updateWebhook(subscription.uid, webhookPatch(subscription, draft)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: webhookKeys.all });
      onClose();
    },
  });
  return (
    <Form label="Edit webhook" onSubmit={() => save.mutate()} error={save.error} fields={SUBSCRIPTION_FIELDS}>
      <SubscriptionFields value={draft} onChange={setDraft} error={save.error} />
      <DialogActions onCancel={onClose} submit="Save webhook" busy={save.isPending} />
    </Form>
  );
}
