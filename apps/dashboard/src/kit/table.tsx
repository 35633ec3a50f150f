import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Hidden on narrow screens (390 px) to keep the table readable. */
  wide?: boolean;
}

/** A plain data table that scrolls sideways inside its own box on a phone instead of the page. */
export function Table<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-700">{empty}</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`px-2 py-2 font-semibold ${c.wide ? 'hidden md:table-cell' : ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-slate-100 align-top">
              {columns.map((c) => (
                <td key={c.header} className={`px-2 py-2 ${c.wide ? 'hidden md:table-cell' : ''}`}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
