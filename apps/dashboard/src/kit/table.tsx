import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Less important: left out where the table's rows are stacked (a box narrower than 36rem, such as a phone's). */
  wide?: boolean;
}

/*
 * Where the table's own box is narrower than Tailwind's @xl container size (36rem, 576 px: every phone, a tablet's
 * main column, a narrow section), columns cannot be read side by side without scrolling sideways. There each row is
 * a stacked list of "header: value" lines instead. The markup stays one real <table> at every width (one DOM, so no
 * control or image exists twice); only its display changes. The column headers stay in the accessibility tree
 * (visually hidden, not display:none), so assistive tech announces each cell with its header as in a wide table, and
 * the visible label of a stacked line is CSS content with empty alternative text (`/ ''`): drawn, not read twice.
 * Tailwind only sees whole literal class names, hence the repeated `@max-xl:` prefixes.
 */
const STACKED_CELL =
  '@max-xl:grid @max-xl:grid-cols-[7rem_minmax(0,1fr)] @max-xl:gap-x-3 @max-xl:px-0 @max-xl:py-1 ' +
  "@max-xl:before:font-medium @max-xl:before:text-slate-700 @max-xl:before:content-[attr(data-label)_/_'']";

/**
 * A plain data table: columns side by side where its box is wide enough, one stacked "header: value" card per row
 * where it is not, so neither the page nor the table's box scrolls sideways on a phone. `captionVisible` shows the
 * caption as the table's title (otherwise it names the table for assistive tech only).
 */
export function Table<T>({
  caption,
  captionVisible = false,
  columns,
  rows,
  rowKey,
  rowId,
  empty,
}: {
  caption: string;
  captionVisible?: boolean;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** An id for each row, for links to it (`#id`); the row a link points at is highlighted. */
  rowId?: (row: T) => string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-700">{empty}</p>;
  return (
    <div className="@container">
      {/* Side by side, a table wider than its box (long unbroken values) still scrolls inside it, never the page; the
          region is focusable so that scrolling works from the keyboard too. */}
      <div className="@xl:overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
        <table className="w-full text-left text-sm @max-xl:block">
          <caption className={captionVisible ? 'text-left font-medium @max-xl:block' : 'sr-only'}>{caption}</caption>
          <thead className="@max-xl:sr-only">
            <tr className="border-b border-slate-200">
              {columns.map((c) => (
                <th key={c.header} scope="col" className={`px-2 py-2 font-semibold ${c.wide ? '@max-xl:hidden' : ''}`}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="@max-xl:block">
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                id={rowId?.(row)}
                className="border-b border-slate-100 align-top target:bg-amber-50 @max-xl:block @max-xl:py-2"
              >
                {columns.map((c) => (
                  <td key={c.header} data-label={c.header} className={`px-2 py-2 ${c.wide ? '@max-xl:hidden' : STACKED_CELL}`}>
                    {/* One grid item beside the label, however many nodes the cell holds; long ids wrap only when stacked. */}
                    <div className="min-w-0 @max-xl:wrap-anywhere">{c.cell(row)}</div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
