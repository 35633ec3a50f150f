import { useQuery } from '@tanstack/react-query';
import { batchKeys, FINAL_STATUSES, listBatches } from '../../api/batches';
import type { Template } from '../../api/templates';
import { Button } from '../../kit/button';
import { Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';

/** How often the list looks again while one of its batches still runs. */
const POLL_MS = 3_000;

/** The latest batches (GET /batches) with their counts; Open shows one's progress, results and ZIP. */
export function RecentBatches({ templates, onOpen }: { templates: Template[]; onOpen: (batchId: string) => void }) {
  const batches = useQuery({
    queryKey: batchKeys.recent,
    queryFn: listBatches,
    refetchInterval: (query) => (query.state.data?.some((b) => !FINAL_STATUSES.includes(b.status)) ? POLL_MS : false),
  });
  const nameOf = (uid: string) => templates.find((t) => t.uid === uid)?.name ?? uid;
  return (
    <Section title="Recent batches">
      <QueryState query={batches}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-slate-700">No batches yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Recent batches, newest first</caption>
                <thead>
                  <tr className="border-b border-slate-200">
                    <th className="p-1">Batch</th>
                    <th className="p-1">Template</th>
                    <th className="p-1">Status</th>
                    <th className="p-1">Items</th>
                    <th className="p-1">Started</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((b) => (
                    <tr key={b.batchId} className="border-b border-slate-100 align-top">
                      <td className="p-1">
                        <Button variant="ghost" className="px-0 py-0 text-indigo-700 underline" onClick={() => onOpen(b.batchId)}>
                          {b.batchId}
                        </Button>
                      </td>
                      <td className="p-1">{nameOf(b.templateId)}</td>
                      <td className="p-1">{b.status}</td>
                      <td className="p-1">
                        {b.completedItems} done, {b.failedItems} failed
                        {b.cancelledItems ? `, ${b.cancelledItems} cancelled` : ''} of {b.totalItems}
                      </td>
                      <td className="p-1">{new Date(b.createdAt).toLocaleString()}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </Section>
  );
}
