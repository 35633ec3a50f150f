import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { batchLimitsOf } from '@pressroom/contracts';
import { batchKeys, batchPath, startBatch } from '../../api/batches';
import { makeMultiPagePdf } from '../../api/pdf';
import { ApiError } from '../../api/problem';
import { renderKeys } from '../../api/renders';
import { getUsage, usageKeys } from '../../api/usage';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { fieldError, Form } from '../../kit/form';
import { ErrorText } from '../../kit/message-text';
import { Page, Section } from '../../kit/page';
import { formatCount } from '../../kit/format';
import { plural } from '../../kit/plural';
import { SelectField } from '../../kit/select-field';
import { Table } from '../../kit/table';
import { TemplateChoice, useChosenTemplate } from '../templates/template-choice';
import { variablesOf } from '../templates/variable-names';
import { autoColumns } from './column-match';
import { defaultUse } from './default-use';
import { DEFAULT_LAYOUT, layoutChoices } from './layout-choices';
import { rowsPerBatch } from './batch-limit';
import { StartRefusal } from './start-refusal';
import { csvOf, parseRows } from './csv';
import { previewValues } from '../templates/sample-values';
import { RecentBatches } from './recent-batches';
import { checkBatchRows } from './row-check';
import { RowCheckSummary } from './row-check-summary';
import { carriedBatch, rowsTextOf } from './carried-rows';
import { rowRefusals } from './row-refusals';
import { chosenLandscape, TEMPLATE_PAPER, type PaperChoice } from '../render-settings/paper-choice';
import { PaperFields } from '../render-settings/paper-fields';

/** The API takes at most this many rows inline (variableSets: a batch's, a PDF's); larger files go through csvUrl. */
const MAX_ROWS = 100;
const PREVIEW_ROWS = 5;
const UNMAPPED = '';

/** A header of the template's variables and one row of their defaults (or samples), to fill in or paste over. */
function exampleRows(template: { variableDefinitions?: Parameters<typeof previewValues>[0] | null }, variables: string[]): string {
  const samples = previewValues(template.variableDefinitions ?? [], {});
  return csvOf(variables, [Object.fromEntries(variables.map((v) => [v, samples[v] === undefined ? '' : String(samples[v])]))]);
}

/**
 * A value in the First rows preview: at most 16rem wide, broken anywhere and cut to three lines (a 1,000-character
 * value made the table some 7,500 px wide). The whole value stays in the cell's text (read out, found by the page's
 * search), in its title on hover, and in the rows box above.
 */
function PreviewValue({ value }: { value: string }) {
  return (
    <span className="line-clamp-3 max-w-64 wrap-anywhere" title={value.length > 40 ? value : undefined}>
      {value}
    </span>
  );
}

/** What the rows become: one image per row (a batch, its ZIP) or one PDF with a page per row (POST /pdf/multi-page). */
type Output = 'images' | 'pdf';

/** The paper a template's PDF prints on when none is chosen: its pdfPreset, else a canvas's design size, else A4. */
function templatePaperOf(template: { pdfPreset?: string | null; fabricJSData: unknown }): string {
  return template.pdfPreset || (template.fabricJSData ? 'design size' : 'A4');
}

/**
 * Start a batch from a CSV file or pasted rows: map columns to variables, choose format and layouts; it runs on its
 * own page. Or make one PDF of the rows, a page per row, which opens on its render's page. A multi-page PDF's
 * Render again opens here with its template, One PDF and its rows (carried-rows.ts).
 */
export default function BatchesPage() {
  const queryClient = useQueryClient();
  const rowsId = useId();
  const rowsBox = useRef<HTMLTextAreaElement>(null);
  const fileId = useId();
  const checkId = useId();
  const sizesErrorId = useId();
  const leftOutId = useId();
  // The plan's items-per-batch limit, said beside the row count before starting (the usage answer names the plan).
  const usage = useQuery({ queryKey: usageKeys.all, queryFn: getUsage });
  const plan = usage.data?.rate.tier;
  const itemLimit = plan ? batchLimitsOf(plan).itemsPerJob : null;
  // A multi-page PDF's Render again: its template, One PDF, and its rows once the template's variables are known.
  const { state } = useLocation();
  const [seed] = useState(() => carriedBatch(state));
  const [uid, setUid] = useState(seed?.templateUid ?? '');
  const [text, setText] = useState('');
  const [output, setOutput] = useState<Output>(seed ? 'pdf' : 'images');
  const [paper, setPaper] = useState<PaperChoice>(TEMPLATE_PAPER);
  const [fileName, setFileName] = useState('');
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [format, setFormat] = useState('png');
  const [checkedLayouts, setLayouts] = useState<string[]>([DEFAULT_LAYOUT]);
  const navigate = useNavigate();

  // Any template: an image template makes images or a PDF; a PDF template (outputFormat pdf) a PDF only. The chosen
  // one, or the first by name until one is chosen (or when the chosen one is gone).
  const chosen = useChosenTemplate('all', uid, { orFirst: true });
  const template = chosen.template;
  // The sizes to choose from, in plain words; none when the template has only its own size (nothing to choose).
  const sizes = template ? layoutChoices(template) : [];
  // Only the chosen template's layouts (one checked for another template is not sent).
  const layouts = sizes.length === 0 ? [DEFAULT_LAYOUT] : checkedLayouts.filter((key) => sizes.some((size) => size.key === key));
  const variables = template ? variablesOf(template.html ?? '', template.variableDefinitions).map((v) => v.name) : [];
  const seedTemplateGone = seed !== undefined && uid === seed.templateUid && chosen.gone;
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !seed?.variableSets || template?.uid !== seed.templateUid) return;
    seeded.current = true;
    setText(rowsTextOf(seed.variableSets, variables));
  });
  // A PDF template prints only as a PDF; an image template as either.
  const pdfOnly = template?.outputFormat === 'pdf';
  const makesPdf = pdfOnly || output === 'pdf';
  const { columns, rows, problems: readProblems } = useMemo(() => parseRows(text), [text]);
  // Columns named like a variable (any case, spaces/underscores/hyphens aside) map themselves until one is picked.
  const auto = autoColumns(variables, columns);
  const columnOf = (variable: string) => mapping[variable] ?? auto[variable] ?? UNMAPPED;
  // What the batch sends: one set of the mapped variables per row (the first MAX_ROWS), checked before it starts.
  const variableSets = rows
    .slice(0, MAX_ROWS)
    .map((row) => Object.fromEntries(variables.filter((v) => columnOf(v) !== UNMAPPED).map((v) => [v, row[columnOf(v)]])));
  const check = checkBatchRows({
    definitions: template?.variableDefinitions ?? [],
    strictVariables: template?.strictVariables ?? false,
    variables: variables.map((name) => ({ name, mapped: columnOf(name) !== UNMAPPED })),
    variableSets,
  });
  // Where files would silently take the template's defaults (the starter's sample name on every certificate).
  const defaults = defaultUse({
    definitions: template?.variableDefinitions ?? [],
    variables: variables.map((name) => ({ name, mapped: columnOf(name) !== UNMAPPED })),
    variableSets,
  });
  const blocked = defaults.blocked.length > 0;
  const refused =
    check.rows.length > 0 || check.unfilled.length > 0 || blocked || defaults.unmapped.length > 0 || defaults.emptyCells.length > 0;
  const itemCount = variableSets.length * Math.max(1, layouts.length);

  const start = useMutation({
    mutationFn: () => {
      const extra = layouts.length === 1 && layouts[0] === DEFAULT_LAYOUT ? {} : { layouts };
      return startBatch(template!.uid, { variableSets, format, ...extra });
    },
    // The new batch's own page: its progress and results stay there through a reload.
    onSuccess: (started) => {
      void queryClient.invalidateQueries({ queryKey: batchKeys.recent });
      void navigate(batchPath(started.batchId));
    },
  });

  // One PDF of the rows, a page each: it opens on its render's page once it has finished (or failed).
  const pdf = useMutation({
    mutationFn: () =>
      makeMultiPagePdf({
        templateUid: template!.uid,
        variableSets,
        ...(paper.preset === null ? {} : { options: { preset: paper.preset, landscape: chosenLandscape(paper, template!) } }),
      }),
    onSuccess: (id) => {
      void queryClient.invalidateQueries({ queryKey: renderKeys.recent });
      void navigate(`/renders/${encodeURIComponent(id)}`);
    },
  });
  // The start of what is chosen: its refusals are shown the same way, whichever it is.
  const run = makesPdf ? pdf : start;

  const fieldRefusal = run.error instanceof ApiError && run.error.fieldErrors().length > 0;
  // `layouts.1` (a size the template no longer has) or `layout`: beside the sizes.
  const sizesError = fieldError(start.error, 'layouts') ?? fieldError(start.error, 'layout');
  // A row's refused value (`variableSets.2.title`): under the rows, where it is fixed.
  const refusedRows = rowRefusals(run.error);
  const rowsErrorId = `${rowsId}-refused`;
  return (
    <Page title="Batches">
      <Section title="New batch">
        {seed && !seed.variableSets && !seedTemplateGone && (
          <Alert tone="info">
            The rows of that PDF were not kept with it (too large to keep): paste or choose them again to make it once more.
          </Alert>
        )}
        {seedTemplateGone && <Alert tone="info">The template of that PDF is no longer in this workspace ({seed.templateUid}).</Alert>}
        {/* A refusal about a field stays with the form's fields; any other (a plan limit) is said beside Start. */}
        <Form
          label="New batch"
          onSubmit={() => run.mutate()}
          error={fieldRefusal ? run.error : null}
          fields={['variableSets', 'format', 'layouts', 'options']}
        >
          <TemplateChoice outputFormat="all" value={template?.uid ?? ''} onChange={setUid} renders="a batch renders one per row" />
          <div className="flex flex-col gap-1">
            <label htmlFor={fileId} className="text-sm font-medium">
              CSV file
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv,text/plain"
              aria-describedby={`${fileId}-hint`}
              // The browser's own file button, styled like the kit's secondary button (keyboard and name stay native).
              className="text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-solid file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-100"
              onChange={(e) => {
                const file = e.target.files?.[0];
                setFileName(file?.name ?? '');
                void file?.text().then(setText);
              }}
            />
            <p id={`${fileId}-hint`} className="text-xs text-slate-600">
              {fileName ? `Read ${fileName}: its rows are below, to check or edit.` : 'Or paste the rows below.'}
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={rowsId} className="text-sm font-medium">
              Rows (CSV, or pasted from a spreadsheet; the first row names the columns)
            </label>
            <textarea
              ref={rowsBox}
              id={rowsId}
              rows={6}
              className="rounded-md border border-slate-300 p-2 font-mono text-sm"
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={refusedRows.length > 0 ? true : undefined}
              aria-describedby={
                [refusedRows.length > 0 ? rowsErrorId : '', variables.length > 0 ? `${rowsId}-hint` : ''].filter(Boolean).join(' ') ||
                undefined
              }
            />
            {refusedRows.length > 0 && (
              <ul id={rowsErrorId} aria-label="Refused rows" className="flex flex-col gap-1">
                {refusedRows.map((r) => (
                  <li key={`${r.row}-${r.variable ?? ''}`}>
                    <RowRefusalText refusal={r} />
                  </li>
                ))}
              </ul>
            )}
            {/* What to paste: columns named after the variables map themselves. */}
            {variables.length > 0 && (
              <div className="flex flex-wrap items-center gap-2">
                <p id={`${rowsId}-hint`} className="text-xs text-slate-600">
                  This template's variables: {variables.join(', ')}. Columns with these names (in any case; spaces, _ and - aside) are
                  mapped to them.
                </p>
                {text.trim() === '' && template && (
                  <Button
                    variant="ghost"
                    className="text-xs"
                    onClick={() => {
                      const rows = exampleRows(template, variables);
                      flushSync(() => setText(rows));
                      // The button leaves with the empty box: focus goes on to the rows, the defaults row selected, so
                      // what is typed replaces it and becomes row 1 (the cursor after it made typing a row 2, the
                      // defaults still rendered as row 1).
                      rowsBox.current?.focus();
                      rowsBox.current?.setSelectionRange(rows.indexOf('\n') + 1, rows.replace(/\n$/, '').length);
                    }}
                  >
                    Start the rows with these columns
                  </Button>
                )}
              </div>
            )}
          </div>
          {columns.length > 0 && (
            <>
              <p className="text-sm">
                Detected columns: <strong>{columns.join(', ')}</strong> · {plural(rows.length, 'row')}
              </p>
              {/* Rows past the first MAX_ROWS are not sent: said where Start describes it, never only in passing. */}
              {rows.length > MAX_ROWS && (
                <p id={leftOutId} className="text-sm font-medium text-amber-900">
                  {makesPdf
                    ? `Only the first ${MAX_ROWS} rows make this PDF: one PDF takes at most ${MAX_ROWS} rows, so rows ${MAX_ROWS + 1} to ${formatCount(rows.length)} are left out. Make the rest into further PDFs.`
                    : `Only the first ${MAX_ROWS} rows go in this batch: a batch started here takes at most ${MAX_ROWS} rows, so rows ${MAX_ROWS + 1} to ${formatCount(rows.length)} are left out. Start the rest as further batches, or send the whole file through the API (csvUrl).`}
                </p>
              )}
              {makesPdf && (
                <p className="text-sm text-slate-600">
                  One PDF takes up to {MAX_ROWS} rows, a page each (a template of several pages prints them all for each row).
                </p>
              )}
              {!makesPdf && itemLimit !== null && (itemCount > itemLimit || rows.length <= MAX_ROWS) && (
                <p className={`text-sm ${itemCount > itemLimit ? 'font-medium text-amber-900' : 'text-slate-600'}`}>
                  {itemCount > itemLimit
                    ? `Too many for one batch: ${plural(itemCount, 'item')} (rows × sizes); the ${plan} plan allows at most ${itemLimit} items per batch. Split the file into batches of at most ${plural(rowsPerBatch(itemLimit, layouts.length), 'row')}.`
                    : `The ${plan} plan allows at most ${itemLimit} items per batch (rows × sizes).`}
                </p>
              )}
              {/* Read other than as written (an unclosed quote, a short or long row): said, never silently misread. */}
              {readProblems.length > 0 && (
                <Alert tone="info" live>
                  <p className="font-medium">Check these rows: they were not read as written.</p>
                  <ul className="list-disc pl-5">
                    {readProblems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                </Alert>
              )}
              <Table
                caption="First rows"
                captionVisible
                rows={rows.slice(0, PREVIEW_ROWS).map((values, index) => ({ index, values }))}
                rowKey={(r) => String(r.index)}
                empty="No rows yet."
                columns={columns.map((c) => ({
                  header: c,
                  cell: (r: { values: Record<string, string> }) => <PreviewValue value={r.values[c] ?? ''} />,
                }))}
              />
              <fieldset className="grid gap-2 sm:grid-cols-2">
                <legend className="text-sm font-medium">Column for each variable</legend>
                {variables.map((v) => (
                  <SelectField
                    key={v}
                    label={`Variable ${v}`}
                    value={columnOf(v)}
                    onChange={(e) => setMapping((m) => ({ ...m, [v]: e.target.value }))}
                    options={[[UNMAPPED, '— not mapped —'], ...columns.map((c) => [c, c] as const)]}
                  />
                ))}
              </fieldset>
              <RowCheckSummary
                id={checkId}
                rowCount={variableSets.length}
                rows={check.rows}
                unfilled={check.unfilled}
                blocked={defaults.blocked}
                unmapped={defaults.unmapped}
                emptyCells={defaults.emptyCells}
              />
            </>
          )}
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className="font-medium">Output</legend>
            <label className="flex items-center gap-1">
              <input
                type="radio"
                name="output"
                value="images"
                checked={!makesPdf}
                disabled={pdfOnly}
                onChange={() => setOutput('images')}
              />
              One image per row (ZIP){pdfOnly ? ': not for a PDF template' : ''}
            </label>
            <label className="flex items-center gap-1">
              <input type="radio" name="output" value="pdf" checked={makesPdf} onChange={() => setOutput('pdf')} />
              One PDF, a page per row
            </label>
          </fieldset>
          {makesPdf && template && (
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <PaperFields
                templatePaper={templatePaperOf(template)}
                paper={paper}
                design={template}
                onChange={setPaper}
                error={pdf.error}
              />
            </div>
          )}
          <div className={makesPdf ? 'hidden' : 'flex flex-wrap items-end gap-4'}>
            <SelectField
              label="Format"
              error={fieldError(start.error, 'format')}
              value={format}
              onChange={(e) => setFormat(e.target.value)}
              options={[
                ['png', 'PNG'],
                ['jpeg', 'JPEG'],
                ['webp', 'WebP'],
              ]}
            />
            {sizes.length > 0 && (
              <div className="flex flex-col gap-1">
                <fieldset className="flex flex-wrap gap-3 text-sm" aria-describedby={sizesError ? sizesErrorId : undefined}>
                  <legend className="font-medium">Sizes: each row renders once in each size checked</legend>
                  {sizes.map(({ key, label }) => (
                    <label key={key} className="flex items-center gap-1">
                      <input
                        type="checkbox"
                        checked={layouts.includes(key)}
                        // A refused size (a layout removed since the page loaded) is said under the sizes, where focus goes.
                        aria-invalid={sizesError ? true : undefined}
                        aria-describedby={sizesError ? sizesErrorId : undefined}
                        onChange={(e) => setLayouts(e.target.checked ? [...layouts, key] : layouts.filter((k) => k !== key))}
                      />
                      {label}
                    </label>
                  ))}
                </fieldset>
                {sizesError && <ErrorText id={sizesErrorId} text={sizesError} />}
              </div>
            )}
          </div>
          <Button
            type="submit"
            className="self-start"
            busy={run.isPending}
            disabled={!template || rows.length === 0 || (!makesPdf && layouts.length === 0) || blocked}
            aria-describedby={
              [rows.length > MAX_ROWS ? leftOutId : '', rows.length > 0 && refused ? checkId : ''].filter(Boolean).join(' ') || undefined
            }
          >
            {makesPdf ? 'Make PDF' : 'Start batch'}
          </Button>
          {pdf.isPending && (
            <p className="text-sm text-slate-600" role="status">
              Making the PDF: its page opens when it is ready.
            </p>
          )}
          {run.isError && !fieldRefusal && <StartRefusal error={run.error} layoutCount={makesPdf ? 1 : layouts.length} />}
        </Form>
      </Section>
      <RecentBatches />
    </Page>
  );
}

/** A row's refused value under the rows box: "Row 4, title: …" (the API's message as sent, for the form's banner). */
function RowRefusalText({ refusal }: { refusal: { row: number; variable: string | null; message: string } }) {
  return (
    <div className="flex flex-wrap gap-1 text-sm text-red-700">
      <span>
        Row {refusal.row}
        {refusal.variable ? `, ${refusal.variable}` : ''}:
      </span>
      <ErrorText text={refusal.message} />
    </div>
  );
}
