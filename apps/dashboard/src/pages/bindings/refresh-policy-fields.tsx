import { useState } from 'react';
import { BINDING_TTL, REFRESH_POLICY_TYPES, type RefreshPolicy, type RefreshPolicyInput, type RefreshPolicyType } from '../../api/bindings';
import { TextField } from '../../kit/field';
import { fieldError } from '../../kit/form';
import { SelectField } from '../../kit/select-field';

const POLICY_LABELS: Record<RefreshPolicyType, string> = {
  ttl: 'On a schedule',
  etag: 'When the data changes (ETag checked on a schedule)',
  webhook: 'When its trigger URL is called',
  manual: 'Only with Refresh now',
};

/** Policies that fetch every `ttlSeconds` (the others ignore it). */
const usesTtl = (type: RefreshPolicyType) => type === 'ttl' || type === 'etag';

/** The refresh policy as the form holds it: the seconds as typed, judged by the API. */
export function useRefreshPolicy(initial?: RefreshPolicy) {
  const [type, setType] = useState<RefreshPolicyType>(initial?.type ?? 'ttl');
  const [ttl, setTtl] = useState(String(initial?.ttlSeconds ?? BINDING_TTL.default));
  const value: RefreshPolicyInput = {
    type,
    // Empty goes as null, so the API says beside the field that it needs a number (not a silent default).
    ...(usesTtl(type) ? { ttlSeconds: ttl.trim() === '' ? null : Number(ttl) } : {}),
    ...(initial ? { onError: initial.onError } : {}),
  };
  return { type, setType, ttl, setTtl, value };
}

/** The policy's type and, for those on a schedule, the seconds between refreshes with the API's range error beside them. */
export function RefreshPolicyFields({
  policy,
  error,
  onEdit,
}: {
  policy: ReturnType<typeof useRefreshPolicy>;
  error: unknown;
  /** Either field edited (a form forgets a refusal that was about the policy as it was). */
  onEdit?: () => void;
}) {
  return (
    <div className="flex flex-wrap items-start gap-3">
      <SelectField
        label="Refresh"
        value={policy.type}
        onChange={(e) => {
          policy.setType(e.target.value as RefreshPolicyType);
          onEdit?.();
        }}
        options={REFRESH_POLICY_TYPES.map((t) => [t, POLICY_LABELS[t]] as const)}
        error={fieldError(error, 'refreshPolicy.type')}
      />
      {usesTtl(policy.type) && (
        <TextField
          label="Refresh every (seconds)"
          type="number"
          inputMode="numeric"
          min={BINDING_TTL.min}
          max={BINDING_TTL.max}
          className="w-56"
          value={policy.ttl}
          onChange={(e) => {
            policy.setTtl(e.target.value);
            onEdit?.();
          }}
          hint={`${BINDING_TTL.min} (a minute) to ${BINDING_TTL.max} (a week)`}
          error={fieldError(error, 'refreshPolicy.ttlSeconds')}
        />
      )}
    </div>
  );
}

/** How a binding refreshes, in words (its card). */
export function refreshPolicyText(policy: RefreshPolicy): string {
  if (policy.type === 'ttl') return `Every ${policy.ttlSeconds} s`;
  if (policy.type === 'etag') return `When the data's ETag changes, checked every ${policy.ttlSeconds} s`;
  return POLICY_LABELS[policy.type];
}
