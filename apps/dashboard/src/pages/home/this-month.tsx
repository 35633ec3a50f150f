import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { planTitle } from '../../api/instance-plans';
import { getUsage, usageKeys, type Usage } from '../../api/usage';
import { useCurrentSession } from '../../app/session';
import { formatUtcDate } from '../../kit/format';
import { Meter } from '../../kit/meter';
import { Section } from '../../kit/page';
import { plural } from '../../kit/plural';
import { QueryState } from '../../kit/query-state';
import { dayTotal, freeNote } from '../usage/chart-days';
import { QuotaNotices, renderMeterState } from '../usage/quota-notice';

/** Today's renders of every kind and why some were free (the last day of GET /usage's per-day counts, which ends today). */
function rendersToday(usage: Usage): { total: number; note: string } {
  const today = usage.perDay.at(-1);
  return today ? { total: dayTotal(today), note: freeNote(today) } : { total: 0, note: '' };
}

/** The month's credits at a glance, with the way to the whole usage page. */
export function ThisMonth() {
  const usage = useQuery({ queryKey: usageKeys.all, queryFn: getUsage });
  const isOwner = useCurrentSession().user.instanceRole === 'owner';
  return (
    <Section
      title="This month"
      actions={
        <Link className="text-sm text-indigo-700 underline" to="/settings/usage">
          Usage and plan
        </Link>
      }
    >
      <QueryState query={usage}>
        {(u) => (
          <div className="flex flex-col gap-3">
            <Meter label="Render credits" used={u.credits.used} limit={u.credits.limit} state={renderMeterState(u)} />
            <QuotaNotices usage={u} where="overview" />
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-700">Renders today</dt>
              {/*
                The count includes renders the credits above do not: failed ones and binding refreshes (and AI screenshots,
                paid in AI credits). Said when there are some, so the two never seem to disagree.
              */}
              <dd>
                {rendersToday(u).total}
                {rendersToday(u).note !== '' && <span className="text-xs text-slate-700"> ({rendersToday(u).note})</span>}
              </dd>
              <dt className="text-slate-700">Plan</dt>
              <dd>
                {planTitle(u.rate.tier)}, {plural(u.rate.perMinute, 'request')} a minute
                {isOwner && (
                  <>
                    {' · '}
                    <Link className="text-indigo-700 underline" to="/settings/instance">
                      Change plans
                    </Link>
                  </>
                )}
              </dd>
              <dt className="text-slate-700">Credits renew</dt>
              <dd>{formatUtcDate(u.period.end)} (UTC)</dd>
            </dl>
          </div>
        )}
      </QueryState>
    </Section>
  );
}
