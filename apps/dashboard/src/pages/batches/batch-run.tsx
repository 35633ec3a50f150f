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
} from '../../api/batches';
import { messageOf } from '../../api/problem';
import { Alert } from '../../kit/alert';
import { Button, buttonClass } from '../../kit/button';
import { Section } from '../../kit/page';

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
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="text-left font-medium">Results</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th className="p-1">Row</th>
                {results.data.results.some((r) => r.layout) && <th className="p-1">Layout</th>}
                <th className="p-1">Result</th>
                <th className="p-1">File</th>
              </tr>
            </thead>
            <tbody>
              {results.data.results.map((r) => (
                <tr key={`${r.index}-${r.layout ?? ''}`} className="border-b border-slate-100">
                  <td className="p-1">{r.index + 1}</td>
                  {results.data.results.some((x) => x.layout) && <td className="p-1">{r.layout}</td>}
                  <td className="p-1">{r.success ? 'done' : `failed: ${r.error ?? r.errorCode ?? ''}`}</td>
                  <td className="p-1">
                    {r.url ? (
                      <a className="text-indigo-700 underline" href={r.url}>
                        Row {r.index + 1} file
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
