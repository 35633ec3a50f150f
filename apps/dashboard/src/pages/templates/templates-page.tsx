import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { NAME_SEARCH_MAX } from '@pressroom/contracts/constants';
import { listTemplates, templateKeys, type TemplateSort } from '../../api/templates';
import { buttonClass } from '../../kit/button';
import { TextField } from '../../kit/field';
import { LiveMessage } from '../../kit/live-message';
import { Page } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { SelectField } from '../../kit/select-field';
import { useSettledText } from '../../kit/settled-text';
import { useFocusWhenArrived } from '../../kit/use-focus-when-arrived';

// Fabric comes with it: loaded only when a canvas template on the page has no render yet.
const DrawnThumbnail = lazy(() => import('./drawn-thumbnail'));

/** Search, Sort and Output: two columns on a phone (the search spans both), one row from `sm`, the search widest. */
const FILTER_GRID = 'grid grid-cols-2 items-end gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] lg:max-w-3xl';

/** What an empty list says: the way to a first template when there is none, else what the filters left out. */
function NoTemplates({ search, outputFormat }: { search: string; outputFormat: 'all' | 'image' | 'pdf' }) {
  // Said as the search and the Output filter leave it ("No PDF templates named like …"), and read out as it is typed.
  const kind = outputFormat === 'all' ? '' : `${outputFormat === 'pdf' ? 'PDF' : 'image'} `;
  if (search.trim()) return <LiveMessage>{`No ${kind}templates named like “${search.trim()}”.`}</LiveMessage>;
  if (outputFormat !== 'all') return <LiveMessage>{`No ${kind}templates yet.`}</LiveMessage>;
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-6">
      <h2 className="text-base font-semibold">No templates yet</h2>
      <p className="max-w-prose text-sm text-slate-700">
        A template is a design with variables: save it once, then render it by its id with new values each time (an OG image per article, a
        certificate per name).
      </p>
      <div className="flex flex-wrap gap-2">
        <Link className={buttonClass('primary')} to="/templates/starters">
          Start from the gallery
        </Link>
        <Link className={buttonClass('secondary')} to="/templates/new">
          Start from scratch
        </Link>
      </div>
    </div>
  );
}

/** The gallery: thumbnails, search by name, sort and format filter as the list API offers them. */
export default function TemplatesPage() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<TemplateSort>('newest');
  const [outputFormat, setFormat] = useState<'all' | 'image' | 'pdf'>('all');
  const [page, setPage] = useState(1);
  // The API finds the names holding the search (GET /templates?search=), a page at a time like the whole list, once
  // typing pauses: a workspace of thousands of templates is not read whole to search it.
  const [term] = useSettledText(search);
  const query = { page, limit: 24, sort, outputFormat, ...(term ? { search: term } : {}) };
  const templates = useQuery({ queryKey: templateKeys.list(query), queryFn: () => listTemplates(query) });
  // Previous/Next page pressed: the list is replaced (and the button may end disabled), so focus goes to the new
  // page's first template once it shows, not to the page's start.
  const list = useRef<HTMLUListElement>(null);
  const focusFirstTemplateOf = useFocusWhenArrived<number>(
    (wanted) => templates.data?.pagination.page === wanted,
    () => list.current?.querySelector<HTMLElement>('a')?.focus(),
  );
  const turnTo = (next: number) => {
    setPage(next);
    focusFirstTemplateOf(next);
  };
  // Whether the workspace has any template at all, whatever the filters: with none, search, sort and format have
  // nothing to act on, so only the way to a first template shows. A search that finds nothing keeps them.
  const anyTemplate = useQuery({
    queryKey: templateKeys.list({ page: 1, limit: 1, sort: 'newest', outputFormat: 'all' }),
    queryFn: () => listTemplates({ page: 1, limit: 1, sort: 'newest', outputFormat: 'all' }),
  });
  const hasTemplates = (anyTemplate.data?.pagination.total ?? 0) > 0;
  // A template deleted in its editor leads here: say so, by its name. The words are set once the (empty) status is in
  // the page, since a live region shown together with its text is not read out by every screen reader.
  const deleted = (useLocation().state as { deleted?: unknown } | null)?.deleted;
  const [deletedNote, setDeletedNote] = useState('');
  useEffect(() => {
    setDeletedNote(typeof deleted === 'string' ? `Deleted the template ${deleted}.` : '');
  }, [deleted]);
  return (
    <Page
      title="Templates"
      actions={
        <Link className={buttonClass('primary')} to="/templates/new">
          New template
        </Link>
      }
    >
      {/* Out of the layout while empty (hidden from view only: a hidden live region would not be listened to). */}
      <LiveMessage tone="success" className={deletedNote ? undefined : 'sr-only'}>
        {deletedNote}
      </LiveMessage>
      {hasTemplates && (
        // A grid like the Renders filters: on a phone the search takes the whole width, Sort and Output share a row.
        <div className={FILTER_GRID}>
          <TextField
            label="Search by name"
            type="search"
            className="col-span-2 sm:col-span-1"
            value={search}
            maxLength={NAME_SEARCH_MAX}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
          <SelectField
            label="Sort"
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as TemplateSort);
              setPage(1);
            }}
            options={[
              ['newest', 'Newest first'],
              ['oldest', 'Oldest first'],
              ['name', 'Name'],
            ]}
          />
          <SelectField
            label="Output"
            value={outputFormat}
            onChange={(e) => {
              setFormat(e.target.value as typeof outputFormat);
              setPage(1);
            }}
            options={[
              ['all', 'All formats'],
              ['image', 'Images'],
              ['pdf', 'PDFs'],
            ]}
          />
        </div>
      )}
      <QueryState query={templates}>
        {(data) => {
          const shown = data.templates;
          return (
            <>
              {shown.length === 0 ? (
                <NoTemplates search={term} outputFormat={outputFormat} />
              ) : (
                <ul ref={list} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Templates">
                  {shown.map((t) => (
                    <li key={t.uid} className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
                      <div className="flex aspect-video items-center justify-center overflow-hidden bg-slate-100">
                        {t.thumbnail ? (
                          <img src={t.thumbnail} alt={`Thumbnail of ${t.name}`} className="max-h-full max-w-full object-contain" />
                        ) : t.fabricJSData ? (
                          <Suspense fallback={<span className="text-xs text-slate-600">Drawing…</span>}>
                            <DrawnThumbnail template={{ ...t, fabricJSData: t.fabricJSData }} />
                          </Suspense>
                        ) : (
                          <span className="text-xs text-slate-600">Not rendered yet</span>
                        )}
                      </div>
                      <div className="flex items-center justify-between gap-2 p-3">
                        <div>
                          <Link className="font-medium text-indigo-700 underline" to={`/templates/${t.uid}`}>
                            {t.name}
                          </Link>
                          <p className="text-xs text-slate-600">
                            {t.width}×{t.height} · {t.outputFormat}
                          </p>
                        </div>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              {data.pagination.totalPages > 1 && (
                <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
                  <button className={buttonClass('secondary')} disabled={!data.pagination.hasPrev} onClick={() => turnTo(page - 1)}>
                    Previous page
                  </button>
                  <span>
                    Page {data.pagination.page} of {data.pagination.totalPages}
                  </span>
                  <button className={buttonClass('secondary')} disabled={!data.pagination.hasNext} onClick={() => turnTo(page + 1)}>
                    Next page
                  </button>
                </nav>
              )}
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
