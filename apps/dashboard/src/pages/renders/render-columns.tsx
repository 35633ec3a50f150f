import type { RenderItem } from '../../api/renders';
import { formatDate } from '../../kit/format';
import type { Column } from '../../kit/table';

/** Columns every list of renders shows the same way (the renders page, the overview's recent renders). */
export const renderStatusColumn: Column<RenderItem> = {
  header: 'Status',
  cell: (r) => (
    <>
      {r.status}
      {r.error && <p className="text-xs text-red-700">{r.error.title}</p>}
    </>
  ),
};

export const renderCreatedColumn: Column<RenderItem> = { header: 'Created', cell: (r) => formatDate(r.createdAt) };
