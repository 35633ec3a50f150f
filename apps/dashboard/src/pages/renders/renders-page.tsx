import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { listRenders, renderKeys, type RenderItem } from '../../api/renders';
import { messageOf } from '../../api/problem';
import { listTemplates, templateKeys } from '../../api/templates';
import { templatePathOf } from './template-path';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { Page } from '../../kit/page';
import { SelectField } from '../../kit/select-field';
import { filtersFromSearch, listQueryOf, searchOfFilters, type ListFilters } from './render-filters';
import { RenderPreview } from './render-preview';

/**
 * Images, GIFs, PDFs and videos in one history, newest first, with the list API's filters. The filters live in the
 * address (`?kind=gif&status=done…`): a reload, Back from a render's page and a shared link show the same list. Each
 * change replaces the history entry rather than adding one, so Back leaves the list instead of undoing filters.
 */
export default function RendersPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const set = (patch: Partial<ListFilters>) => setSearch(searchOfFilters({ ...filters, ...patch }), { replace: true });
  const query = listQueryOf(filters);
  const listSearch = searchOfFilters(filters).toString();
  const renders = useInfiniteQuery({
    queryKey: renderKeys.list(query),
    queryFn: ({ pageParam }) => listRenders(query, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.nextCursor ?? undefined,
  });
  const templates = useQuery({
    queryKey: templateKeys.list({ filter: true }),
    queryFn: () => listTemplates({ limit: 100, sort: 'name', outputFormat: 'all' }),
  });
  const items = renders.data?.pages.flatMap((p) => p.items) ?? [];
  const templateNames = new Map((templates.data?.templates ?? []).map((t) => [t.uid, t.name]));
  return (
    <Page title="Renders">
      <form aria-label="Filters" className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label="Kind"
          value={filters.kind}
          onChange={(e) => set({ kind: e.target.value as ListFilters['kind'] })}
          options={[
            ['', 'All kinds'],
            ['image', 'Images'],
            ['gif', 'GIFs'],
            ['pdf', 'PDFs'],
            ['video', 'Videos'],
          ]}
        />
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(e) => set({ status: e.target.value as ListFilters['status'] })}
          options={[
            ['', 'Any status'],
            ['done', 'Done'],
            ['failed', 'Failed'],
            ['queued', 'Queued'],
            ['rendering', 'Rendering'],
          ]}
        />
        <SelectField
          label="Template"
          value={filters.templateUid}
          onChange={(e) => set({ templateUid: e.target.value })}
          options={[
            ['', 'All templates'],
            ...(templates.data?.templates ?? []).map((t) => [t.uid, t.name] as const),
            // A template from the address that is not among the listed ones (past the first 100, or deleted) stays chosen.
            ...(filters.templateUid && !templateNames.has(filters.templateUid)
              ? [[filters.templateUid, filters.templateUid] as const]
              : []),
          ]}
        />
        <TextField label="From" type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
        <TextField label="To" type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
      </form>
      {renders.isError && <Alert>{messageOf(renders.error)}</Alert>}
      {renders.isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : items.length === 0 ? (
        Object.values(filters).some(Boolean) ? (
          <p className="text-sm text-slate-700">No renders match.</p>
        ) : (
          <p className="text-sm text-slate-700">
            No renders yet. Every image, GIF, PDF and video this workspace makes appears here, from the API or the dashboard:{' '}
            <Link className="text-indigo-700 underline" to="/playground">
              make one in the playground
            </Link>
            .
          </p>
        )
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Renders, newest first</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th className="p-2">Preview</th>
                <th className="p-2">Render</th>
                <th className="p-2">Status</th>
                <th className="p-2">Created</th>
                <th className="p-2">Time</th>
                <th className="p-2">File</th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <Row
                  key={r.id}
                  render={r}
                  templateName={r.templateUid ? templateNames.get(r.templateUid) : undefined}
                  listSearch={listSearch}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {renders.hasNextPage && (
        <Button variant="secondary" className="self-start" busy={renders.isFetchingNextPage} onClick={() => void renders.fetchNextPage()}>
          Load more
        </Button>
      )}
    </Page>
  );
}

/**
 * `templateName`: the name of the render's template when it is among the listed ones (the first 100 by name).
 * `listSearch`: this list's filters, handed to the render's page so its "All renders" link comes back to them.
 */
function Row({ render, templateName, listSearch }: { render: RenderItem; templateName: string | undefined; listSearch: string }) {
  return (
    <tr className="border-b border-slate-100 align-top">
      <td className="p-2">
        <RenderPreview render={render} size="small" />
      </td>
      <td className="p-2">
        <Link className="text-indigo-700 underline" to={`/renders/${render.id}`} state={{ listSearch }}>
          {render.id}
        </Link>
        <p className="text-xs text-slate-600">
          {render.kind} · {render.format}
          {render.templateUid && (
            <>
              {' · '}
              <Link className="text-indigo-700 underline" to={templatePathOf(render.kind, render.templateUid)}>
                {templateName ?? render.templateUid}
              </Link>
            </>
          )}
        </p>
      </td>
      <td className="p-2">
        {render.status}
        {render.error && <p className="text-xs text-red-700">{render.error.title}</p>}
      </td>
      <td className="p-2">{new Date(render.createdAt).toLocaleString()}</td>
      <td className="p-2">{render.durationMs !== null ? `${render.durationMs} ms` : '—'}</td>
      <td className="p-2">
        {render.url ? (
          <a className="text-indigo-700 underline" href={render.url} download>
            Download {render.id}
          </a>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
