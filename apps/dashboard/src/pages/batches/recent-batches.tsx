import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { batchKeys, batchPath, FINAL_STATUSES, listBatches } from '../../api/batches';
import { Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { Table } from '../../kit/table';
import { formatDate } from '../../kit/format';
import { StatusBadge } from '../../kit/status-badge';
import { batchStatusTone, batchStatusWord } from './batch-status-words';
import { itemCountsText } from './item-counts';
import { templateOfBatchText } from './batch-template';

/** How often the list looks again while one of its batches still runs. */
const POLL_MS = 3_000;

/**
 * The latest batches (GET /batches) with their counts and their template's name (each entry carries it, so no list of
 * templates is read); each id links to the batch's page (progress, results, ZIP).
 */
export function RecentBatches() {
  const batches = useQuery({
    queryKey: batchKeys.recent,
    queryFn: listBatches,
    refetchInterval: (query) => (query.state.data?.some((b) => !FINAL_STATUSES.includes(b.status)) ? POLL_MS : false),
  });
  return (
    <Section title="Recent batches">
      <QueryState query={batches}>
        {(list) => (
          <Table
            caption="Recent batches, newest first"
            rows={list}
            rowKey={(b) => b.batchId}
            empty="No batches yet."
            columns={[
              {
                header: 'Batch',
                cell: (b) => (
                  <Link className="text-indigo-700 underline" to={batchPath(b.batchId)}>
                    {b.batchId}
                  </Link>
                ),
              },
              { header: 'Template', cell: (b) => templateOfBatchText(b) },
              {
                header: 'Status',
                cell: (b) => <StatusBadge tone={batchStatusTone(b.status)}>{batchStatusWord(b.status)}</StatusBadge>,
              },
              {
                header: 'Items',
                cell: (b) =>
                  itemCountsText({ completed: b.completedItems, failed: b.failedItems, cancelled: b.cancelledItems, total: b.totalItems }),
              },
              { header: 'Started', cell: (b) => formatDate(b.createdAt) },
            ]}
          />
        )}
      </QueryState>
    </Section>
  );
}
