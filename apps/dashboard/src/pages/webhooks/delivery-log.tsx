import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../api/problem';
import { listDeliveries, redeliver, webhookKeys, type Delivery } from '../../api/webhooks';
import { Button } from '../../kit/button';
import { formatDate } from '../../kit/format';
import { QueryState } from '../../kit/query-state';
import { Table } from '../../kit/table';

function RedeliverButton({ delivery, uid }: { delivery: Delivery; uid: string }) {
  const client = useQueryClient();
  const again = useMutation({
    mutationFn: () => redeliver(delivery.id),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.deliveries(uid) }),
  });
  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="secondary"
        busy={again.isPending}
        onClick={() => again.mutate()}
        aria-label={`Redeliver ${delivery.event} of ${formatDate(delivery.createdAt)}`}
      >
        Redeliver
      </Button>
      {again.isError && (
        <span role="alert" className="text-sm text-red-700">
          {messageOf(again.error)}
        </span>
      )}
    </div>
  );
}

/** One delivery as a short card: how a phone (390 px) shows the log, every fact readable without scrolling sideways. */
function DeliveryCard({ delivery, uid }: { delivery: Delivery; uid: string }) {
  return (
    <li className="flex flex-col gap-1 rounded-md border border-slate-200 p-2 text-sm">
      <p>
        <strong>{delivery.status}</strong>
        {delivery.responseCode !== null && ` · HTTP ${delivery.responseCode}`} · attempt {delivery.attempt}
      </p>
      <p className="text-slate-700">
        {formatDate(delivery.createdAt)} · {delivery.event}
      </p>
      {delivery.nextRetryAt && <p className="text-slate-700">Next retry {formatDate(delivery.nextRetryAt)}</p>}
      {delivery.error && <p className="break-words text-red-800">{delivery.error}</p>}
      <div>
        <RedeliverButton delivery={delivery} uid={uid} />
      </div>
    </li>
  );
}

/**
 * Time, event, response code, attempt and next retry of each delivery; refreshed while retries are pending.
 * A table from the md breakpoint up, a list of cards below it (only one of the two is displayed).
 */
export function DeliveryLog({ uid }: { uid: string }) {
  const deliveries = useQuery({
    queryKey: webhookKeys.deliveries(uid),
    queryFn: () => listDeliveries(uid),
    refetchInterval: (q) => (q.state.data?.items.some((d) => d.status === 'pending' || d.status === 'sending') ? 2_000 : false),
  });
  return (
    <QueryState query={deliveries}>
      {({ items }) =>
        items.length === 0 ? (
          <p className="text-sm text-slate-700">No deliveries yet.</p>
        ) : (
          <>
            <div className="hidden md:block">
              <Table
                caption={`Deliveries of ${uid}`}
                rows={items}
                rowKey={(d) => d.id}
                empty="No deliveries yet."
                columns={[
                  { header: 'Time', cell: (d) => formatDate(d.createdAt) },
                  { header: 'Event', cell: (d) => d.event },
                  { header: 'Status', cell: (d) => d.status },
                  { header: 'Response code', cell: (d) => d.responseCode ?? '—' },
                  { header: 'Attempt', cell: (d) => d.attempt },
                  { header: 'Next retry', cell: (d) => formatDate(d.nextRetryAt) },
                  { header: 'Error', cell: (d) => d.error ?? '—' },
                  { header: 'Actions', cell: (d) => <RedeliverButton delivery={d} uid={uid} /> },
                ]}
              />
            </div>
            <ul className="flex flex-col gap-2 md:hidden" aria-label={`Deliveries of ${uid}`}>
              {items.map((d) => (
                <DeliveryCard key={d.id} delivery={d} uid={uid} />
              ))}
            </ul>
          </>
        )
      }
    </QueryState>
  );
}
