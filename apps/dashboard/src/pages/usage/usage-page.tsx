import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../api/problem';
import { planTitle } from '../../api/instance-plans';
import { getUsage, setOverage, usageKeys, type Usage } from '../../api/usage';
import { Alert } from '../../kit/alert';
import { formatCount, formatUtcDate, formatUtcPeriod } from '../../kit/format';
import { Meter } from '../../kit/meter';
import { Page, Section } from '../../kit/page';
import { plural } from '../../kit/plural';
import { QueryState } from '../../kit/query-state';
import { aiMeterState, QuotaNotices, renderMeterState, useMayChangeOverage } from './quota-notice';
import { RendersChart } from './renders-chart';

/** Credits used past the plan's monthly ones: only possible with overage on, and billed as overage (docs/limits.md). */
function overageUsed(credits: Usage['credits']): number {
  return Math.max(0, Math.round((credits.used - credits.limit) * 100) / 100);
}

/**
 * The workspace's overage setting (paid plans; a team's owners and admins). Off: a render past the monthly
 * credits is refused with the contract's 429 `quota_exceeded`. On: renders go on and the extra is counted.
 */
function OverageToggle({ usage }: { usage: Usage }) {
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => setOverage(enabled),
    onSuccess: () => client.invalidateQueries({ queryKey: usageKeys.all }),
  });
  const beyond = overageUsed(usage.credits);
  // A team's members see the setting; its owners and admins change it (the API refuses the rest).
  const mayChange = useMayChangeOverage();
  if (!usage.credits.overageAllowed)
    return <p className="text-sm text-slate-700">Overage is not available on the {planTitle(usage.rate.tier)} plan.</p>;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          role="switch"
          aria-describedby="overage-effect"
          checked={usage.credits.overage}
          disabled={toggle.isPending || !mayChange}
          onChange={(e) => toggle.mutate(e.target.checked)}
        />
        <span>
          Pay for renders past the plan&apos;s credits <span className="font-normal text-slate-700">(overage billing)</span>
        </span>
      </label>
      {!mayChange && <p className="text-sm text-slate-700">Only the team's owners and admins can change it.</p>}
      <p id="overage-effect" className="text-sm text-slate-700">
        {usage.credits.overage
          ? `On: renders continue past the ${plural(usage.credits.limit, 'monthly credit')}; each credit beyond is billed as overage.`
          : `Off: past the ${plural(usage.credits.limit, 'monthly credit')}, renders are refused until the credits renew on ${formatUtcDate(usage.period.end)} (UTC).`}
      </p>
      {!usage.credits.overage && (
        <p className="text-xs text-slate-600">For developers: the API answers a refused render with HTTP 429 (quota_exceeded).</p>
      )}
      {beyond > 0 && <p className="text-sm font-medium">Overage this month: {plural(beyond, 'credit')} beyond the plan.</p>}
      {toggle.isError && <Alert>{messageOf(toggle.error)}</Alert>}
    </div>
  );
}

export default function UsagePage() {
  const usage = useQuery({ queryKey: usageKeys.all, queryFn: getUsage });
  return (
    <Page title="Usage and plan">
      <QueryState query={usage}>
        {(u) => (
          <>
            <Section title="This month">
              <p className="text-sm text-slate-700">
                Period {formatUtcPeriod(u.period.start, u.period.end)} (UTC) · plan <strong>{planTitle(u.rate.tier)}</strong> ·{' '}
                {plural(u.rate.perMinute, 'request')} per minute, {formatCount(u.rate.perDay)} per day
              </p>
              <QuotaNotices usage={u} where="usage" />
              <Meter label="Render credits" used={u.credits.used} limit={u.credits.limit} state={renderMeterState(u)} />
              <Meter label="AI credits" used={u.aiCredits.used} limit={u.aiCredits.limit} state={aiMeterState(u)} />
              <OverageToggle usage={u} />
            </Section>
            <Section title="Renders per day">
              <RendersChart days={u.perDay} />
            </Section>
          </>
        )}
      </QueryState>
    </Page>
  );
}
