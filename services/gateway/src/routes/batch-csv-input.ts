import { CsvError, parseCsv } from '@pressroom/contracts';
import { ProblemError, type FieldError } from '@pressroom/problem';
import { BlockedUrlError, GuardedFetchError, UnresolvableHostError, type SsrfGuard } from '@pressroom/ssrf';

const CSV_FETCH_TIMEOUT_MS = 20_000;

function invalid(errors: FieldError[], detail?: string): ProblemError {
  return new ProblemError('validation-error', { detail: detail ?? errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors });
}

function sizeText(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/**
 * A batch's CSV: fetched once, through the SSRF guard (every redirect
 * checked, connection pinned), at most `maxBytes`, parsed (quotes, commas and
 * line breaks inside quotes, BOM), each row turned into variables by
 * `mappings` (template variable → column; omitted: every column by its own
 * name). Every way it can go wrong is a 400 naming `csvUrl` or the mapping.
 */
export async function csvVariableSets(
  guard: SsrfGuard,
  options: { csvUrl: string; mappings: Record<string, string> | undefined; maxBytes: number },
): Promise<Array<Record<string, string>>> {
  const { csvUrl } = options;
  try {
    new URL(csvUrl);
  } catch {
    throw invalid([{ field: 'csvUrl', message: `${JSON.stringify(csvUrl.slice(0, 200))} is not an absolute URL.` }]);
  }
  let bytes: Uint8Array;
  try {
    const response = await guard.fetch(csvUrl, {
      headers: { accept: 'text/csv, text/plain;q=0.9, */*;q=0.1' },
      maxBytes: options.maxBytes,
      maxRedirects: 3,
      timeoutMs: CSV_FETCH_TIMEOUT_MS,
    });
    if (!response.ok)
      throw invalid([{ field: 'csvUrl', message: `Fetching the CSV answered HTTP ${response.status}; it must be publicly fetchable.` }]);
    bytes = response.body;
  } catch (error) {
    if (error instanceof ProblemError) throw error;
    if (error instanceof BlockedUrlError) throw new ProblemError('blocked-url', { detail: `csvUrl: ${error.detail}`, cause: error });
    if (error instanceof UnresolvableHostError) throw invalid([{ field: 'csvUrl', message: error.detail }]);
    if (error instanceof GuardedFetchError) {
      const message =
        error.code === 'too-large'
          ? `The CSV is larger than ${sizeText(options.maxBytes)}, the limit for a batch CSV; split it into several batches.`
          : error.code === 'timeout'
            ? `The CSV did not arrive within ${CSV_FETCH_TIMEOUT_MS / 1000} s.`
            : error.code === 'too-many-redirects'
              ? 'Fetching the CSV was redirected too many times.'
              : 'The CSV could not be fetched (connection failed).';
      throw invalid([{ field: 'csvUrl', message }]);
    }
    throw error;
  }
  let text: string;
  try {
    // Fatal: bytes that are not UTF-8 (a CESU-8 lone surrogate included) never become text.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid([{ field: 'csvUrl', message: 'The CSV is not UTF-8 text.' }]);
  }

  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw invalid([{ field: 'csvUrl', message: `The CSV is malformed: ${error.message}.` }]);
    throw error;
  }
  if (parsed.rows.length === 0) throw invalid([{ field: 'csvUrl', message: 'The CSV has a header row but no data rows.' }]);

  const mappings = options.mappings ?? Object.fromEntries(parsed.header.map((column) => [column, column]));
  const missing: FieldError[] = Object.entries(mappings)
    .filter(([, column]) => !parsed.header.includes(column))
    .map(([variable, column]) => ({
      field: `mappings.${variable}`,
      message: `Column ${JSON.stringify(column)} is not in the CSV; its columns are ${parsed.header.map((c) => JSON.stringify(c)).join(', ')}.`,
    }));
  if (missing.length > 0) throw invalid(missing);
  return parsed.rows.map((row) => {
    const variables: Record<string, string> = {};
    for (const [variable, column] of Object.entries(mappings)) {
      Object.defineProperty(variables, variable, { value: row[column]!, enumerable: true, writable: true, configurable: true });
    }
    return variables;
  });
}
