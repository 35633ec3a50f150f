import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { listRenders, renderFileUrl, renderKeys, type RenderItem } from '../../api/renders';
import { messageOf } from '../../api/problem';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { LiveMessage } from '../../kit/live-message';
import { TextField } from '../../kit/field';
import { fieldError } from '../../kit/form';
import { Page } from '../../kit/page';
import { SelectField } from '../../kit/select-field';
import { TemplateFinder } from '../templates/template-finder';
import { deletedTemplateLabel } from '../templates/template-name';
import { Table, type Column } from '../../kit/table';
import { useFocusWhenArrived } from '../../kit/use-focus-when-arrived';
import {
  dayRangeProblem,
  filtersFromSearch,
  leftOutOfSearch,
  listQueryOf,
  RENDER_STATUSES,
  searchOfFilters,
  type ListFilters,
} from './render-filters';
import { RenderSearchField } from './render-search-field';
import { renderStatusWord } from './render-status-words';
import { RenderPreview } from './render-preview';
import { renderColumn, renderCreatedColumn, renderStatusColumn } from './render-columns';
import { RefusedRequests } from './refused-requests';

/**
 * Two columns on a phone, three beside the side menu, one row of six from 1280 px. The days get a fixed 10rem (a date
 * box's own width), not `auto`: a refusal under To (*Must be the same day as From or later.*) wraps there instead of
 * widening its column and squeezing the others.
 */
const FILTER_GRID =
  'grid grid-cols-2 items-start gap-3 sm:grid-cols-3 xl:grid-cols-[minmax(0,1.5fr)_repeat(3,minmax(0,1fr))_repeat(2,10rem)]';

/**
 * Images, GIFs, PDFs and videos in one history, newest first, with the list API's filters and search. The filters live
 * in the address (`?kind=gif&status=done&q=…`): a reload, Back from a render's page and a shared link show the same list. Each
 * change replaces the history entry rather than adding one, so Back leaves the list instead of undoing filters.
 */
export default function RendersPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const set = (patch: Partial<ListFilters>) => setSearch(searchOfFilters({ ...filters, ...patch }), { replace: true });
  const query = listQueryOf(filters);
  const listSearch = searchOfFilters(filters).toString();
  const rangeProblem = dayRangeProblem(filters);
  // From the address as it is when the pause ends, so a filter changed while typing is kept.
  const searchFor = (q: string) => setSearch((now) => searchOfFilters({ ...filtersFromSearch(now), q }), { replace: true });
  const renders = useInfiniteQuery({
    enabled: rangeProblem === undefined,
    queryKey: renderKeys.list(query),
    queryFn: ({ pageParam }) => listRenders(query, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.nextCursor ?? undefined,
  });
  // A search the API refused (longer than it takes, from an edited address): said under the box, not above the list.
  const searchProblem = fieldError(renders.error, 'q');
  const items = renders.data?.pages.flatMap((p) => p.items) ?? [];
  // A chosen template the filter's list does not name (while it is read by id) goes by the name its renders carry.
  // Once the API says it is gone, by its uid: said deleted when it made renders (still listed by it), else said to be
  // no template (an edited or mistyped address, another workspace's link), not called deleted as if it had been one.
  const unlistedTemplate = (uid: string, gone: boolean) => {
    const itsRender = items.find((r) => r.templateUid === uid);
    if (!gone || renders.isPending) return itsRender?.templateName ?? uid;
    return itsRender ? deletedTemplateLabel(uid) : `${uid} (no such template)`;
  };
  // Load more moves focus to the first row it added (its render's link), where reading goes on: the button itself
  // moves down under the new rows, and after the last page it is gone, which dropped focus to the page's start.
  // Asked for by that row's index, once the page has come and is drawn; a page with no row left (the list shrank
  // meanwhile) focuses the last row once there is no button to stay on.
  const table = useRef<HTMLDivElement>(null);
  const focusRowFrom = useFocusWhenArrived<number>(
    (from) => !renders.isFetchingNextPage && (items.length > from || !renders.hasNextPage),
    (from) => {
      const rows = table.current?.querySelectorAll('tbody > tr') ?? [];
      rows[Math.min(from, rows.length - 1)]?.querySelector<HTMLElement>('a[href]')?.focus();
    },
  );
  const loadMore = () => {
    focusRowFrom(items.length);
    void renders.fetchNextPage();
  };
  // Values of the address the list cannot show (an edited or old link: ?kind=movie, from=2026-02-30) are shown as not
  // set; said once above the filters, and dropped from the address so the link shared next is what the list shows.
  const [leftOut] = useState(() => leftOutOfSearch(search));
  useEffect(() => {
    if (leftOut.length > 0) setSearch((now) => searchOfFilters(filtersFromSearch(now)), { replace: true });
  }, []);
  // A render deleted on its page leads here: say so, by its id. The words are set once the (empty) status is in the
  // page, since a live region shown together with its text is not read out by every screen reader.
  const deleted = (useLocation().state as { deleted?: unknown } | null)?.deleted;
  const [deletedNote, setDeletedNote] = useState('');
  useEffect(() => {
    setDeletedNote(typeof deleted === 'string' ? `Deleted render ${deleted}.` : '');
  }, [deleted]);
  return (
    <Page title="Renders">
      {/* Out of the layout while empty (hidden from view only: a hidden live region would not be listened to). */}
      <LiveMessage tone="success" className={deletedNote ? undefined : 'sr-only'}>
        {deletedNote}
      </LiveMessage>
      {leftOut.length > 0 && (
        <p className="text-sm text-slate-700">
          Left out of the address, as no render has such a value: {leftOut.join(', ')}. The list shows those filters as not set.
        </p>
      )}
      {/* A grid, not a wrapping row: the search's hint no longer widens it past the width left for the days, so at 1280 px
          all six share one row; on a phone they stack two by two (search and template whole width), in reading order. */}
      <form aria-label="Filters" className={FILTER_GRID} onSubmit={(e) => e.preventDefault()}>
        <RenderSearchField
          className="col-span-2 sm:col-span-3 xl:col-span-1"
          value={filters.q}
          onSearch={searchFor}
          error={searchProblem}
        />
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
          options={[['', 'Any status'], ...RENDER_STATUSES.map((s) => [s, renderStatusWord(s)] as const)]}
        />
        {/* One cell: a long list's box to find a template by name stands above the select it narrows. */}
        <div className="col-span-2 flex min-w-0 flex-col gap-3 sm:col-span-1">
          <TemplateFinder
            scope={{ outputFormat: 'all', withVideo: true }}
            any="All templates"
            value={filters.templateUid}
            onChange={(templateUid) => set({ templateUid })}
            unlisted={unlistedTemplate}
          />
        </div>
        <TextField label="From" type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
        <TextField label="To" type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} error={rangeProblem} />
      </form>
      {renders.isError && searchProblem === undefined && <Alert>{messageOf(renders.error)}</Alert>}
      {/* Nothing was asked for (the days are refused beside To) or the request failed: no "No renders match." */}
      {rangeProblem !== undefined || renders.isError ? null : renders.isPending ? (
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
        <div ref={table}>
          <Table<RenderItem>
            caption="Renders, newest first"
            rows={items}
            rowKey={(r) => r.id}
            empty="No renders match."
            columns={renderColumns(listSearch)}
          />
        </div>
      )}
      {renders.hasNextPage && (
        <Button variant="secondary" className="self-start" busy={renders.isFetchingNextPage} onClick={loadMore}>
          Load more
        </Button>
      )}
      <RefusedRequests />
    </Page>
  );
}

/**
 * The list's columns, each render named by its template (the name it carries; its uid once the template is deleted).
 * `listSearch`: this list's filters, handed to a render's page so its "All renders" link comes back to them.
 */
function renderColumns(listSearch: string): Column<RenderItem>[] {
  return [
    { header: 'Preview', cell: (r) => <RenderPreview render={r} size="small" /> },
    renderColumn(listSearch),
    renderStatusColumn,
    renderCreatedColumn,
    { header: 'Time', cell: (r) => (r.durationMs !== null ? `${r.durationMs} ms` : '—') },
    {
      header: 'File',
      cell: (r) =>
        r.url ? (
          <a className="text-indigo-700 underline" href={renderFileUrl(r.id)} download>
            Download {r.id}
          </a>
        ) : (
          '—'
        ),
    },
  ];
}
