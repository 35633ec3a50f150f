import { formatCount } from '../../kit/format';
import { plural } from '../../kit/plural';
import type { RowProblem } from './row-check';

/** At most this many problems are listed; the count says how many more there are. */
const LISTED = 10;

/**
 * What the batch would refuse, shown before it starts (checkBatchRows): variables no column fills under strict
 * variables, then each row's refused values. The rows that pass still render, so starting stays possible; the
 * start button points here (aria-describedby `id`).
 */
export function RowCheckSummary({
  id,
  rowCount,
  rows,
  unfilled,
}: {
  id: string;
  rowCount: number;
  rows: RowProblem[];
  unfilled: string[];
}) {
  if (rows.length === 0 && unfilled.length === 0) {
    return (
      <p id={id} className="text-sm text-green-800">
        Checked: every row has values the template takes.
      </p>
    );
  }
  const failing = new Set(rows.map((p) => p.row)).size;
  const heading =
    unfilled.length > 0
      ? `Every row would fail: the template uses strict variables and no column or default fills ${unfilled.join(', ')}.`
      : `${formatCount(failing)} of ${plural(rowCount, 'row')} would fail; the others render.`;
  return (
    <div id={id} role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 wrap-anywhere">
      <p className="font-medium">{heading}</p>
      {rows.length > 0 && (
        <ul aria-label="Refused values" className="mt-1 list-disc pl-5">
          {rows.slice(0, LISTED).map((p) => (
            <li key={`${p.row}-${p.variable}`}>
              Row {p.row}, {p.variable}: {p.message}
            </li>
          ))}
          {rows.length > LISTED && <li>and {rows.length - LISTED} more.</li>}
        </ul>
      )}
      <p className="mt-1">Edit the rows above or map another column; the check runs again as you type.</p>
    </div>
  );
}
