import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { batchKeys, batchResults } from '../../api/batches';
import { ApiError } from '../../api/problem';
import { buttonClass } from '../../kit/button';
import { formatDate } from '../../kit/format';
import { NotFound } from '../../kit/not-found';
import { plural } from '../../kit/plural';
import { Page } from '../../kit/page';
import { BatchRun } from './batch-run';

/**
 * One batch at its own address (/batches/<id>): its progress while it runs, then its results and ZIP. Starting a
 * batch comes here, so reloading keeps it; the Recent batches table links here too. A batch the workspace does not
 * have (an expired one's old link, a mistyped id) opens a page of its own, not a Cancel button and a progress bar
 * waiting for progress that never comes.
 */
export default function BatchPage() {
  const { batchId = '' } = useParams();
  // The run's own first read (the same query key as BatchRun's before the batch finishes, so one request).
  const first = useQuery({ queryKey: batchKeys.results(batchId, false), queryFn: () => batchResults(batchId) });
  if (first.error instanceof ApiError && first.error.status === 404) {
    // How long the server keeps a finished batch's results: its 404's `retentionDays` (PRESSROOM_BATCH_RETENTION).
    const days = first.error.problem.retentionDays;
    const kept = typeof days === 'number' ? plural(days, 'day') : null;
    return (
      <NotFound
        what="batch"
        id={batchId}
        back={{ to: '/batches', label: 'All batches' }}
        reason={`A batch's results are kept for ${kept ?? 'a limited time'} after it finishes, so it may have expired; or the link may belong to another workspace.`}
      />
    );
  }
  // The h1 and the document title say which batch this is: its template, by the name the answer carries (said to be
  // deleted once it is), and when it started; its id until the batch is read.
  const title = first.data
    ? `Batch of ${first.data.templateName ?? 'a deleted template'} · ${formatDate(first.data.createdAt)}`
    : `Batch ${batchId}`;
  return (
    <Page
      title={title}
      actions={
        <Link className={buttonClass('secondary')} to="/batches">
          All batches
        </Link>
      }
    >
      <BatchRun key={batchId} batchId={batchId} />
    </Page>
  );
}
