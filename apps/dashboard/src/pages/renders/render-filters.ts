/*
 * The Renders list's filters and the address that holds them. It imports nothing, so its unit test loads it as Node does.
 * The kinds and states are those of GET /renders (api/renders.ts `RenderFilters` takes these values).
 */
export const RENDER_KINDS = ['image', 'gif', 'pdf', 'video'] as const;
export const RENDER_STATUSES = ['done', 'failed', 'queued', 'rendering'] as const;

/** Every filter of the list, each as the address holds it ('' when not set). */
export interface ListFilters {
  kind: (typeof RENDER_KINDS)[number] | '';
  status: (typeof RENDER_STATUSES)[number] | '';
  templateUid: string;
  from: string;
  to: string;
  /** The search: text in a render's id, kept details or batch row variables (GET /renders `q`). */
  q: string;
}

/** Query parameter names: those of GET /renders, so a list's address reads like the API call behind it. */
const NAMES = ['kind', 'status', 'templateUid', 'from', 'to', 'q'] as const;

/** The longest search GET /renders takes (`q`); the box takes no more, so only an edited address is refused. */
export const SEARCH_MAX_CHARS = 200;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' => (values.includes(value as T) ? (value as T) : '');

/** A whole day as a date input gives it (YYYY-MM-DD), and a real one (no 2025-02-30). */
function day(value: string | null): string {
  if (!value || !/^\d{4}-\d\d-\d\d$/.test(value)) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : '';
}

/**
 * The filters in `?kind=gif&status=done&templateUid=…&from=…&to=…&q=…`. A value the list cannot show (an unknown kind,
 * a malformed day, e.g. from an edited bookmark) counts as not set rather than failing the page.
 */
export function filtersFromSearch(search: URLSearchParams): ListFilters {
  return {
    kind: oneOf(RENDER_KINDS, search.get('kind')),
    status: oneOf(RENDER_STATUSES, search.get('status')),
    templateUid: search.get('templateUid')?.trim() ?? '',
    from: day(search.get('from')),
    to: day(search.get('to')),
    // Blank is no search, as the API takes it. An over-long one is kept: the API's refusal shows beside the box.
    q: search.get('q')?.trim() ?? '',
  };
}

/**
 * What the address gave that filtersFromSearch left out, in words (`kind “movie”`, `from “2026-02-30”`): the list
 * shows those filters as not set, and the page says so and drops them from the address, so a shared or bookmarked
 * link does not seem to filter what it does not.
 */
export function leftOutOfSearch(search: URLSearchParams): string[] {
  const kept = filtersFromSearch(search);
  return (['kind', 'status', 'from', 'to'] as const).flatMap((name) => {
    const given = search.get(name)?.trim() ?? '';
    return given !== '' && kept[name] === '' ? [`${name} “${given}”`] : [];
  });
}

/** The address's query for these filters: only those set, always in the same order. */
export function searchOfFilters(filters: ListFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of NAMES) if (filters[name]) search.set(name, filters[name]);
  return search;
}

/** A day's midnight where the reader is, `plus` days on (a daylight-saving day is 23 or 25 hours, not 24). */
function localMidnight(day: string, plus = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + plus).toISOString();
}

/** The reader's own date of an instant (YYYY-MM-DD), as the date boxes and the Created column count days. */
export function localDayOf(instant: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/**
 * GET /renders's query: days as instants, from the reader's midnight of From to the one after To. The list shows each
 * render's time where the reader is; read as UTC midnights, a render made this evening west of UTC (or this morning
 * east of it) was not found by today.
 */
export function listQueryOf(filters: ListFilters): ListFilters {
  return {
    ...filters,
    from: filters.from ? localMidnight(filters.from) : '',
    to: filters.to ? localMidnight(filters.to, 1) : '',
  };
}

/** The days chosen the wrong way round: said beside To, and the list is not asked for (the API would refuse it). */
export function dayRangeProblem(filters: Pick<ListFilters, 'from' | 'to'>): string | undefined {
  return filters.from && filters.to && filters.to < filters.from ? 'Must be the same day as From or later.' : undefined;
}
