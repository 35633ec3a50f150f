import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  batchArchiveUrl,
  batchEventsUrl,
  batchKeys,
  batchResults,
  cancelBatch,
  FINAL_STATUSES,
  type BatchProgress,
  type BatchResult,
} from '../../api/batches';
import { messageOf } from '../../api/problem';
import { Alert } from '../../kit/alert';
import { Button, buttonClass } from '../../kit/button';
import { Section } from '../../kit/page';
import { Table } from '../../kit/table';

/** Live progress (server-sent events), then the results table, the ZIP download; cancel while it runs. */
export function BatchRun({ batchId }: { batchId: string }) {
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const finished = progress !== null && FINAL_STATUSES.includes(progress.status);
  useEffect(() => {
    const source = new EventSource(batchEventsUrl(batchId));
    source.addEventListener('progress', (e) => setProgress(JSON.parse((e as MessageEvent<string>).data) as BatchProgress));
    // The server ends the stream on a terminal state; do not let the browser reconnect.
    source.onerror = () => source.close();
    return () => source.close();
  }, [batchId]);
  const queryClient = useQueryClient();
  // The batch list shows the final state as soon as this page knows it.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: batchKeys.recent });
  }, [finished, queryClient]);
  const results = useQuery({ queryKey: ['batches', batchId, finished], queryFn: () => batchResults(batchId), enabled: finished });
  const cancel = useMutation({ mutationFn: () => cancelBatch(batchId) });
  const done = progress ? progress.completed + progress.failed + progress.cancelled : 0;
  return (
    <Section
      title={`Batch ${batchId}`}
      actions={
        finished ? (
          <a className={buttonClass('primary')} href={batchArchiveUrl(batchId)} download>
            Download ZIP
          </a>
        ) : (
          <Button variant="danger" busy={cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel batch
          </Button>
        )
      }
    >
      {cancel.isError && <Alert>{messageOf(cancel.error)}</Alert>}
      <label className="flex flex-col gap-1 text-sm">
        Progress
        <progress max={progress?.total ?? 1} value={done} className="w-full" />
      </label>
      <p className="text-sm" aria-live="polite">
        {progress
          ? `${progress.status}: ${progress.completed} done, ${progress.failed} failed${progress.cancelled ? `, ${progress.cancelled} cancelled` : ''} of ${progress.total}`
          : 'Waiting for progress…'}
      </p>
      {results.isError && <Alert>{messageOf(results.error)}</Alert>}
      {results.data && (
        <Table
          caption="Results"
          captionVisible
          rows={results.data.results}
          rowKey={(r) => `${r.index}-${r.layout ?? ''}`}
          empty="No results."
          columns={[
            { header: 'Row', cell: (r) => r.index + 1 },
            // A batch of one layout has no layout names to show.
            ...(results.data.results.some((r) => r.layout) ? [{ header: 'Layout', cell: (r: BatchResult) => r.layout }] : []),
            { header: 'Result', cell: (r) => (r.success ? 'done' : `failed: ${r.error ?? r.errorCode ?? ''}`) },
            {
              header: 'File',
              cell: (r) =>
                r.url ? (
                  <a className="text-indigo-700 underline" href={r.url}>
                    Row {r.index + 1} file
                  </a>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
    </Section>
  );
}
