import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { bindingKeys, listBindings } from '../../api/bindings';
import { messageOf } from '../../api/problem';
import { listRenders, renderKeys } from '../../api/renders';
import { listWebhooks, webhookKeys } from '../../api/webhooks';
import { attentionLines, FAILED_RENDERS_PAGE, failedRendersSince, type Unread } from './attention-lines';

/** A query's data for the lines: undefined while loading, the API's reason when it would not answer. */
function readOf<T, U>(query: UseQueryResult<T>, pick: (data: T) => U): U | Unread | undefined {
  if (query.isError) return { error: messageOf(query.error) };
  return query.data === undefined ? undefined : pick(query.data);
}

/**
 * What is wrong in the workspace, one line per kind of problem (failed renders of the last 24 hours, webhooks the
 * dispatcher disabled, bindings whose refresh failed), each with the page that fixes it. Absent when all is well.
 */
export function NeedsAttention() {
  const failedRenders = useQuery({
    queryKey: renderKeys.recentFailures,
    queryFn: () => listRenders({ status: 'failed', from: failedRendersSince(new Date()) }, undefined, FAILED_RENDERS_PAGE),
  });
  // The Webhooks and Bindings pages' own queries: opening either from here shows the same lists at once.
  const webhooks = useQuery({ queryKey: webhookKeys.all, queryFn: listWebhooks });
  const bindings = useQuery({ queryKey: bindingKeys.all, queryFn: listBindings });
  const lines = attentionLines({
    failedRenders: readOf(failedRenders, (page) => page),
    webhooks: readOf(webhooks, (data) => data.subscriptions),
    bindings: readOf(bindings, (list) => list),
    now: new Date(),
  });
  if (lines.length === 0) return null;
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950" aria-label="Needs attention">
      <h2 className="text-lg font-semibold">Needs attention</h2>
      <ul className="flex flex-col gap-1.5 text-sm">
        {lines.map((line) => (
          <li key={line.kind} className="wrap-anywhere">
            {line.text}{' '}
            <Link className="font-medium text-red-900 underline" to={line.link.to}>
              {line.link.text}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
