import { WEBHOOK_EVENTS, type WebhookFilters } from '../../api/webhooks';
import { TextField } from '../../kit/field';
import { fieldError } from '../../kit/form';
import { SelectField } from '../../kit/select-field';
import { eventChoiceLabel } from './event-words';
import { FiltersFields } from './filters-fields';

/** A subscription as its form holds it: the create form starts empty, the edit dialog from the saved one. */
export interface SubscriptionDraft {
  event: string;
  targetUrl: string;
  filters: WebhookFilters;
}

/** The body fields these inputs show errors for (Form's `fields`); the rest go to the top of the form. */
export const SUBSCRIPTION_FIELDS = ['event', 'targetUrl', 'type', 'templateId', 'bindingId'] as const;

/** Event, target URL and filters, shared by the create form and the edit dialog so both read and refuse alike. */
export function SubscriptionFields({
  value,
  onChange,
  error,
}: {
  value: SubscriptionDraft;
  onChange: (next: SubscriptionDraft) => void;
  error: unknown;
}) {
  return (
    <>
      <SelectField
        label="Event"
        value={value.event}
        onChange={(e) => onChange({ ...value, event: e.target.value })}
        options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: eventChoiceLabel(e) }))}
        error={fieldError(error, 'event')}
      />
      <TextField
        label="Target URL"
        type="url"
        placeholder="https://example.com/hooks/pressroom"
        value={value.targetUrl}
        onChange={(e) => onChange({ ...value, targetUrl: e.target.value })}
        error={fieldError(error, 'targetUrl')}
      />
      <FiltersFields value={value.filters} onChange={(filters) => onChange({ ...value, filters })} error={error} />
    </>
  );
}
