import type { RenderItem } from '../../api/renders';
import { formatDate } from '../../kit/format';
import { StatusBadge } from '../../kit/status-badge';
import type { Column } from '../../kit/table';
import { renderStatusTone, renderStatusWord } from './render-status-words';

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
