import { strictVariablesMissing } from '@pressroom/contracts';
import { formatCount } from '../../kit/format';
import { plural } from '../../kit/plural';
import type { EmptyCell, UnmappedVariable } from './default-use';
import type { RowProblem } from './row-check';

/** At most this many problems are listed; the count says how many more there are. */
const LISTED = 10;
/** At most this many empty cells are listed: a few tell which rows, the count says how many more. */
const LISTED_EMPTY = 5;

/** What a file gets instead of a missing value: the default, or nothing. */
const fallbackText = (fallback: string | null) =>
  fallback === null ? 'it stays empty in that file' : `it will use the default ‘${fallback}’`;

/**
 * What the batch would refuse or fill in by itself, shown before it starts: variables no column fills under strict
 * variables (or required without a default: the start is blocked), each row's refused values, then where files
 * would silently take the template's defaults (a variable not mapped, an empty cell). Rows that pass still render,
 * so starting stays possible unless blocked; the start button points here (aria-describedby `id`). Green only
 * when every file gets its values from the rows.
 */
export function RowCheckSummary({
  id,
  rowCount,
  rows,
  unfilled,
  blocked,
  unmapped,
  emptyCells,
}: {
  id: string;
  rowCount: number;
  rows: RowProblem[];
  unfilled: string[];
  blocked: string[];
  unmapped: UnmappedVariable[];
  emptyCells: EmptyCell[];
}) {
  // A variable strict mode already names as unfilled is not repeated as "not mapped".
  const notMapped = unmapped.filter((u) => !unfilled.includes(u.variable));
  if (rows.length === 0 && unfilled.length === 0 && blocked.length === 0 && notMapped.length === 0 && emptyCells.length === 0) {
    return (
      <p id={id} className="text-sm text-green-800">
        Checked: every row has values the template takes.
      </p>
    );
  }
  const failing = new Set(rows.map((p) => p.row)).size;
  const heading =
    blocked.length > 0
      ? `The batch cannot start: ${blocked.join(', ')} ${blocked.length === 1 ? 'is' : 'are'} required and ${blocked.length === 1 ? 'has' : 'have'} no default. Map a column to ${blocked.length === 1 ? 'it' : 'each'}.`
      : unfilled.length > 0
        ? // The renderer's own sentence (contracts), so the results say the same of each failed row.
          `Every row would fail. ${strictVariablesMissing(unfilled)}`
        : rows.length > 0
          ? `${formatCount(failing)} of ${plural(rowCount, 'row')} would fail; the others render.`
          : "Check before starting: some files will use the template's defaults, not the rows' values.";
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
      {(notMapped.length > 0 || emptyCells.length > 0) && (
        <ul aria-label="Values taken from the template" className="mt-1 list-disc pl-5">
          {notMapped.map((u) => (
            <li key={u.variable}>
              {u.variable} — Not mapped: every file {u.fallback === null ? 'leaves it empty' : `uses the default ‘${u.fallback}’`}.
            </li>
          ))}
          {emptyCells.slice(0, LISTED_EMPTY).map((c) => (
            <li key={`${c.row}-${c.variable}`}>
              Row {c.row}: {c.variable} is empty — {fallbackText(c.fallback)}.
            </li>
          ))}
          {emptyCells.length > LISTED_EMPTY && <li>and {emptyCells.length - LISTED_EMPTY} more empty cells.</li>}
        </ul>
      )}
      <p className="mt-1">Edit the rows above or map another column; the check runs again as you type.</p>
    </div>
  );
}
