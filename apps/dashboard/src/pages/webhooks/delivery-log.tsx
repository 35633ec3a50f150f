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

/** Time, event, response code, attempt and next retry of each delivery; refreshed while retries are pending. */
export function DeliveryLog({ uid }: { uid: string }) {
  const deliveries = useQuery({
    queryKey: webhookKeys.deliveries(uid),
    queryFn: () => listDeliveries(uid),
    refetchInterval: (q) => (q.state.data?.items.some((d) => d.status === 'pending' || d.status === 'sending') ? 2_000 : false),
  });
  return (
    <QueryState query={deliveries}>
      {({ items }) => (
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
            { header: 'Attempt', cell: (d) => d.attempt, wide: true },
            { header: 'Next retry', cell: (d) => formatDate(d.nextRetryAt), wide: true },
            { header: 'Error', cell: (d) => d.error ?? '—', wide: true },
            { header: 'Actions', cell: (d) => <RedeliverButton delivery={d} uid={uid} /> },
          ]}
        />
      )}
    </QueryState>
  );
}
