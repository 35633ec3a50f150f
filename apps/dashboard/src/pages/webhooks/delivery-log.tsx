import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { messageOf } from '../../api/problem';
import { listDeliveries, redeliver, webhookKeys, type Delivery, type WebhookSubscription } from '../../api/webhooks';
import { Button } from '../../kit/button';
import { formatDate } from '../../kit/format';
import { LiveMessage } from '../../kit/live-message';
import { QueryState } from '../../kit/query-state';
import { StatusBadge } from '../../kit/status-badge';
import { Table } from '../../kit/table';
import { eventWords } from './event-words';
import {
  createdWord,
  deliveryAnchor,
  deliveryStatusTone,
  deliveryStatusWord,
  lastAttemptWord,
  redeliverName,
  redeliveryWord,
} from './delivery-words';

type Status = WebhookSubscription['status'];

/**
 * The event in plain words with its API name beside it in small code text, as on the subscription cards (an event this
 * dashboard has no words for shows its API name once). A test delivery is marked: its body says `data.test: true`,
 * and it is not a real render's.
 */
function EventName({ delivery }: { delivery: Delivery }) {
  const words = eventWords(delivery.event);
  return (
    <>
      {words !== delivery.event && `${words} `}
      <code className="rounded bg-slate-100 px-1 text-xs text-slate-700">{delivery.event}</code>
      {delivery.test && (
        <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800" title="Sent with Send test event">
          test
        </span>
      )}
    </>
  );
}

/**
 * A redelivery's line under its event: "Redelivery of whd_…", a link to the delivery it sends again when the log shows
 * that one (the row or card then is highlighted); plain text when it does not (older than this page, or purged).
 */
function RedeliveryOf({ delivery, shown, layout }: { delivery: Delivery; shown: Set<string>; layout: 'table' | 'cards' }) {
  const words = redeliveryWord(delivery);
  if (!words || !delivery.redeliveryOf) return null;
  return (
    <span className="block text-slate-700">
      {shown.has(delivery.redeliveryOf) ? (
        <a className="text-blue-800 underline" href={`#${deliveryAnchor(delivery.redeliveryOf, layout)}`}>
          {words}
        </a>
      ) : (
        words
      )}
    </span>
  );
}

/** The last attempt's time (or why there is none), with the creation time under it: a retry can come hours later. */
function LastAttempt({ delivery }: { delivery: Delivery }) {
  return (
    <>
      {delivery.lastAttemptAt ? <time dateTime={delivery.lastAttemptAt}>{lastAttemptWord(delivery)}</time> : lastAttemptWord(delivery)}
      <span className="block text-xs text-slate-600">{createdWord(delivery)}</span>
    </>
  );
}

/**
 * When a delivery goes out next. A paused or disabled subscription holds its pending deliveries, whose due time
 * has passed meanwhile: that says when they really go (the dispatcher sends them once it is active again).
 */
function nextTry(delivery: Delivery, status: Status): string {
  if (delivery.status === 'pending' && status !== 'active') return status === 'paused' ? 'When resumed' : 'When re-enabled';
  return formatDate(delivery.nextRetryAt);
}

function RedeliverButton({ delivery, uid }: { delivery: Delivery; uid: string }) {
  const client = useQueryClient();
  const again = useMutation({
    mutationFn: () => redeliver(delivery.id),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.deliveries(uid) }),
  });
  return (
    <div className="flex flex-col gap-1">
      <Button variant="secondary" busy={again.isPending} onClick={() => again.mutate()} aria-label={redeliverName(delivery)}>
        Redeliver
      </Button>
      {again.isError && (
        <LiveMessage tone="error" inline>
          {messageOf(again.error)}
        </LiveMessage>
      )}
      {/* Said, not only drawn: the new delivery's row appears at the top of the log, far from this button. */}
      {again.isSuccess && (
        <LiveMessage tone="success" inline small>
          Sent again: the new delivery is first in the log.
        </LiveMessage>
      )}
    </div>
  );
}

/** A delivery's status as a badge, as a render's status is in the Renders list. */
function DeliveryStatus({ delivery }: { delivery: Delivery }) {
  return <StatusBadge tone={deliveryStatusTone(delivery)}>{deliveryStatusWord(delivery)}</StatusBadge>;
}

/** One delivery as a short card: how a phone (390 px) shows the log, every fact readable without scrolling sideways. */
function DeliveryCard({ delivery, uid, status, shown }: { delivery: Delivery; uid: string; status: Status; shown: Set<string> }) {
  return (
    <li
      id={deliveryAnchor(delivery.id, 'cards')}
      className="flex flex-col gap-1 rounded-md border border-slate-200 p-2 text-sm target:border-amber-400 target:bg-amber-50"
    >
      <p>
        <DeliveryStatus delivery={delivery} />
        {delivery.responseCode !== null && ` · HTTP ${delivery.responseCode}`} · attempt {delivery.attempt}
      </p>
      <p className="text-slate-700">
        <EventName delivery={delivery} />
        <RedeliveryOf delivery={delivery} shown={shown} layout="cards" />
      </p>
      <p className="text-slate-700">Last attempt: {lastAttemptWord(delivery)}</p>
      <p className="text-slate-700">{createdWord(delivery)}</p>
      {delivery.nextRetryAt && <p className="text-slate-700">Next retry: {nextTry(delivery, status)}</p>}
      {delivery.error && <p className="break-words text-red-800">{delivery.error}</p>}
      <div>
        <RedeliverButton delivery={delivery} uid={uid} />
      </div>
    </li>
  );
}

/**
 * Last attempt (creation time under it), event (test events marked, redeliveries linked to what they send again),
 * status, response code, attempt and next retry of each delivery; refreshed while retries are pending. A table from
 * the md breakpoint up, a list of cards below it (only one of the two is displayed), each named as the card is (`name`).
 * `status` is the subscription's: while it is not active, pending deliveries wait for it. `attempts` is the card's
 * count (deliveryCount): the log and the card above it are kept in step both ways, so they never disagree.
 */
export function DeliveryLog({ uid, name, status, attempts }: { uid: string; name: string; status: Status; attempts: number }) {
  const client = useQueryClient();
  const deliveries = useQuery({
    queryKey: webhookKeys.deliveries(uid),
    queryFn: async () => {
      const page = await listDeliveries(uid);
      // The card's counts, read after this page and before it shows: a delivery's state and its subscription's
      // counts change in one transaction, so they include every attempt the page shows (a test event's too).
      await client.refetchQueries({ queryKey: webhookKeys.all, exact: true });
      return page;
    },
    refetchInterval: (q) => (q.state.data?.items.some((d) => d.status === 'pending' || d.status === 'sending') ? 2_000 : false),
  });
  // The other way: the list's poll saw an attempt this log has not (a real event's, while nothing pending keeps it polling).
  const shown = useRef(attempts);
  useEffect(() => {
    if (shown.current === attempts) return;
    shown.current = attempts;
    void client.invalidateQueries({ queryKey: webhookKeys.deliveries(uid) });
  }, [client, uid, attempts]);
  return (
    <QueryState query={deliveries}>
      {({ items }) => {
        const shown = new Set(items.map((d) => d.id));
        return items.length === 0 ? (
          <p className="text-sm text-slate-700">No deliveries yet.</p>
        ) : (
          <>
            <div className="hidden md:block">
              <Table
                caption={`Deliveries of ${name}`}
                rows={items}
                rowKey={(d) => d.id}
                rowId={(d) => deliveryAnchor(d.id, 'table')}
                empty="No deliveries yet."
                columns={[
                  { header: 'Last attempt', cell: (d) => <LastAttempt delivery={d} /> },
                  {
                    header: 'Event',
                    cell: (d) => (
                      <>
                        <EventName delivery={d} />
                        <RedeliveryOf delivery={d} shown={shown} layout="table" />
                      </>
                    ),
                  },
                  { header: 'Status', cell: (d) => <DeliveryStatus delivery={d} /> },
                  { header: 'Response code', cell: (d) => d.responseCode ?? '—' },
                  { header: 'Attempt', cell: (d) => d.attempt },
                  { header: 'Next retry', cell: (d) => nextTry(d, status) },
                  { header: 'Error', cell: (d) => d.error ?? '—' },
                  { header: 'Actions', cell: (d) => <RedeliverButton delivery={d} uid={uid} /> },
                ]}
              />
            </div>
            <ul className="flex flex-col gap-2 md:hidden" aria-label={`Deliveries of ${name}`}>
              {items.map((d) => (
                <DeliveryCard key={d.id} delivery={d} uid={uid} status={status} shown={shown} />
              ))}
            </ul>
          </>
        );
      }}
    </QueryState>
  );
}
