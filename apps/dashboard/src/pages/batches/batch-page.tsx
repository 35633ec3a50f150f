import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { listTemplates, templateKeys } from '../../api/templates';
import { buttonClass } from '../../kit/button';
import { Page } from '../../kit/page';
import { BatchRun } from './batch-run';

/**
 * One batch at its own address (/batches/<id>): its progress while it runs, then its results and ZIP. Starting a
 * batch comes here, so reloading keeps it; the Recent batches table links here too.
 */
export default function BatchPage() {
  const { batchId = '' } = useParams();
  // The same list as the Batches page (its cache is shared): the heading names the batch's template.
  const templates = useQuery({
    queryKey: templateKeys.list({ batch: true }),
    queryFn: () => listTemplates({ limit: 100, sort: 'name', outputFormat: 'all' }),
  });
  return (
    <Page
      title="Batch"
      actions={
        <Link className={buttonClass('secondary')} to="/batches">
          All batches
        </Link>
      }
    >
      <BatchRun key={batchId} batchId={batchId} templates={templates.data?.templates ?? []} />
    </Page>
  );
}
