import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PLAN_TITLES, type PlanName } from '../../api/instance-plans';
import type { Usage } from '../../api/usage';
import { useCurrentSession } from '../../app/session';
import { Alert } from '../../kit/alert';
import { formatCount, formatUtcDate } from '../../kit/format';
import type { MeterState } from '../../kit/meter';
import { plural } from '../../kit/plural';
import { percentUsed, poolLevel } from './quota-state';

/** Where the notice stands: the overview links to Usage and plan, the usage page points at its own switch. */
type Where = 'overview' | 'usage';

const linkClass = 'font-medium underline';

/** The top plan has no bigger one: there, more credits means higher limits of its own (Instance), not an upgrade. */
const isTopPlan = (plan: string) => plan === (Object.keys(PLAN_TITLES) as PlanName[]).at(-1);

/** Whether the signed-in person may turn overage on (a team's owners and admins; the API refuses the rest). */
export function useMayChangeOverage(): boolean {
  const session = useCurrentSession();
  const workspace = session.workspaces.find((w) => w.id === session.workspaceId);
  return workspace?.kind !== 'team' || workspace.role !== 'member';
}

/** The render-credit meter's look: red while renders are refused, amber near the limit or when overage is billing. */
export function renderMeterState(usage: Usage): MeterState {
  const level = poolLevel(usage.credits.used, usage.credits.limit);
  if (level === 'full') return usage.credits.overage ? 'near' : 'full';
  return level === 'near' ? 'near' : 'normal';
}

export function aiMeterState(usage: Usage): MeterState {
  const level = poolLevel(usage.aiCredits.used, usage.aiCredits.limit);
  return level === 'ok' ? 'normal' : level;
}

/**
 * "To render before then, turn on overage billing …, or give the workspace a bigger plan on Instance.": what can be
 * done, and by whom. `ahead`: the pool is not used up yet, so it is about going on once it is.
 */
function WaysOut({ usage, where, what, ahead = false }: { usage: Usage; where: Where; what: 'render' | 'ai'; ahead?: boolean }) {
  const mayChangeOverage = useMayChangeOverage();
  const isInstanceOwner = useCurrentSession().user.instanceRole === 'owner';
  const ways: ReactNode[] = [];
  // AI credits have no overage (docs/limits.md).
  if (what === 'render' && usage.credits.overageAllowed) {
    if (!mayChangeOverage) ways.push("ask a team owner or admin to turn on overage billing (each credit past the plan's is billed)");
    else if (where === 'usage') ways.push("turn on Pay for renders past the plan's credits below (each credit past the plan's is billed)");
    else
      ways.push(
        <>
          turn on overage billing under{' '}
          <Link className={linkClass} to="/settings/usage">
            Usage and plan
          </Link>{' '}
          (each credit past the plan&apos;s is billed)
        </>,
      );
  }
  const more = isTopPlan(usage.rate.tier) ? 'higher limits' : 'a bigger plan';
  if (isInstanceOwner)
    ways.push(
      <>
        give the workspace {more} on{' '}
        <Link className={linkClass} to="/settings/instance">
          Instance
        </Link>
      </>,
    );
  else ways.push(`ask the instance's owner for ${more}`);
  return (
    <>
      {' '}
      {ahead ? 'To go on then' : `To ${what === 'render' ? 'render' : 'use AI'} before then`},{' '}
      {ways.map((way, i) => (
        <span key={i}>
          {i > 0 && ', or '}
          {way}
        </span>
      ))}
      .
    </>
  );
}

/** The render credits' state when it needs attention: used up (renders refused, or billed as overage) or near it. */
function RenderCreditsNotice({ usage, where }: { usage: Usage; where: Where }) {
  const { used, limit, overage } = usage.credits;
  const level = poolLevel(used, limit);
  const renews = `${formatUtcDate(usage.period.end)} (UTC)`;
  if (level === 'ok') return null;
  if (overage)
    return (
      <Alert tone="info">
        {level === 'full'
          ? `This month's ${plural(limit, 'render credit')} ${limit === 1 ? 'is' : 'are'} used up. Overage billing is on, so renders go on and each credit past the plan's is billed as overage (${formatCount(Math.max(0, used - limit))} so far).`
          : `${percentUsed(used, limit)}% of this month's render credits are used (${formatCount(used)} of ${formatCount(limit)}). Overage billing is on: past them, renders go on and each credit is billed as overage.`}
      </Alert>
    );
  if (level === 'full')
    return (
      // The workspace's state, not news: shown where it is read, not announced on every page load.
      <Alert tone="error" live={false}>
        <strong>Render credits used up: renders are being refused.</strong> All {formatCount(limit)} of this month&apos;s render credits are
        used, so every render is refused until they renew on {renews}.
        <WaysOut usage={usage} where={where} what="render" />
      </Alert>
    );
  return (
    <Alert tone="info">
      <strong>Render credits almost used up.</strong> {percentUsed(used, limit)}% of this month&apos;s are used ({formatCount(used)} of{' '}
      {formatCount(limit)}). Once they are, renders are refused until they renew on {renews}.
      <WaysOut usage={usage} where={where} what="render" ahead />
    </Alert>
  );
}

/** The AI credits' state when it needs attention (they have no overage). */
function AiCreditsNotice({ usage, where }: { usage: Usage; where: Where }) {
  const { used, limit } = usage.aiCredits;
  const level = poolLevel(used, limit);
  const renews = `${formatUtcDate(usage.period.end)} (UTC)`;
  if (level === 'ok') return null;
  if (level === 'full')
    return (
      <Alert tone="error" live={false}>
        <strong>AI credits used up: AI operations are being refused.</strong> All {formatCount(limit)} of this month&apos;s AI credits are
        used, so AI operations are refused until they renew on {renews}.
        <WaysOut usage={usage} where={where} what="ai" />
      </Alert>
    );
  return (
    <Alert tone="info">
      <strong>AI credits almost used up.</strong> {percentUsed(used, limit)}% of this month&apos;s are used ({formatCount(used)} of{' '}
      {formatCount(limit)}). Once they are, AI operations are refused until they renew on {renews}.
      <WaysOut usage={usage} where={where} what="ai" ahead />
    </Alert>
  );
}

/** The monthly pools that need attention now, most urgent first, for the overview and Usage and plan. */
export function QuotaNotices({ usage, where }: { usage: Usage; where: Where }) {
  return (
    <>
      <RenderCreditsNotice usage={usage} where={where} />
      <AiCreditsNotice usage={usage} where={where} />
    </>
  );
}
