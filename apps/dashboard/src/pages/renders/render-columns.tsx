import { Link } from 'react-router';
import type { RenderItem } from '../../api/renders';
import { formatDate } from '../../kit/format';
import { StatusBadge } from '../../kit/status-badge';
import type { Column } from '../../kit/table';
import { kindAndFormat } from './render-facts';
import { renderStatusTone, renderStatusWord } from './render-status-words';
import { templatePathOf } from './template-path';

/** Columns every list of renders shows the same way (the renders page, the overview's recent renders). */
export const renderStatusColumn: Column<RenderItem> = {
  header: 'Status',
  cell: (r) => (
    <>
      <StatusBadge tone={renderStatusTone(r.status)}>{renderStatusWord(r.status)}</StatusBadge>
      {r.error && <p className="text-xs text-red-700">{r.error.title}</p>}
    </>
  ),
};

export const renderCreatedColumn: Column<RenderItem> = { header: 'Created', cell: (r) => formatDate(r.createdAt) };

/**
 * The Render column: the id, a link to the render's page (`listSearch`: the list's filters, so its Back returns to
 * them), over its kind and format and the template it was made from, linked to its editor: by the name the API
 * gives with the render (`templateName`, so no list of templates is read to name it), by its uid once it is deleted.
 */
export function renderColumn(listSearch?: string): Column<RenderItem> {
  return {
    header: 'Render',
    cell: (r) => (
      <>
        <Link
          className="text-indigo-700 underline"
          to={`/renders/${r.id}`}
          {...(listSearch !== undefined ? { state: { listSearch } } : {})}
        >
          {r.id}
        </Link>
        <p className="text-xs text-slate-600">
          {kindAndFormat(r)}
          {r.templateUid && (
            <>
              {' · '}
              <Link className="text-indigo-700 underline" to={templatePathOf(r.kind, r.templateUid)}>
                {r.templateName ?? r.templateUid}
              </Link>
            </>
          )}
        </p>
      </>
    ),
  };
}
