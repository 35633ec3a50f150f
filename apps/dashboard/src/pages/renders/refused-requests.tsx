import { useQuery } from '@tanstack/react-query';
import { listRefusedRequests, refusedRequestKeys, type RefusedRequestView } from '../../api/refused-requests';
import { Instant } from '../../kit/instant';
import { MessageText } from '../../kit/message-text';
import { Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { Table, type Column } from '../../kit/table';
import { fieldErrorsBeyondDetail } from './refused-reason';

/**
 * Requests the API refused (a 4xx answer) for this workspace, newest first: a refused request never becomes a render,
 * so without this a developer whose calls "fail" finds nothing above (docs/adr/0071-refused-requests-log.md).
 */
export function RefusedRequests() {
  const refused = useQuery({ queryKey: refusedRequestKeys.all, queryFn: listRefusedRequests });
  return (
    <Section title="Refused requests">
      <p className="text-sm text-slate-700">
        Calls to the API that were turned down, with the reason given. The last 200 are kept; what a call sent is not stored.
      </p>
      <QueryState query={refused}>
        {({ items }) => (
          <Table<RefusedRequestView>
            caption="Refused requests, newest first"
            rows={items}
            rowKey={(r) => r.id}
            empty="No refused requests. When the API turns down a call from this workspace (a missing field, an unknown template, a used-up quota), it is listed here with the reason, so you can see why it made no render."
            columns={columns}
          />
        )}
      </QueryState>
    </Section>
  );
}

const columns: Column<RefusedRequestView>[] = [
  {
    header: 'When',
    cell: (r) => <Instant iso={r.at} />,
  },
  {
    header: 'Request',
    cell: (r) => (
      <span className="font-mono text-xs wrap-anywhere">
        {r.method} {r.path}
      </span>
    ),
  },
  { header: 'Status', cell: (r) => `${r.status} ${r.title}` },
  {
    header: 'Reason',
    cell: (r) => <RefusedReason detail={r.detail} errors={r.errors} />,
  },
  {
    header: 'Sent with',
    cell: (r) => (r.key === null ? 'Dashboard session' : r.key.name ? `${r.key.name} (${r.key.masked})` : r.key.masked),
  },
];

/**
 * The refusal's detail, then the field errors it does not already say (a single field's refusal is said once), as
 * people read them: names the API marks with backticks show as code (MessageText), as everywhere else.
 */
function RefusedReason({ detail, errors }: Pick<RefusedRequestView, 'detail' | 'errors'>) {
  const more = fieldErrorsBeyondDetail(detail, errors);
  return (
    <>
      <p className="wrap-anywhere">
        <MessageText text={detail} />
      </p>
      {more.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-xs text-slate-700" aria-label="Field errors">
          {more.map((e, i) => (
            <li key={i} className="wrap-anywhere">
              {e.field}: <MessageText text={e.message} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
