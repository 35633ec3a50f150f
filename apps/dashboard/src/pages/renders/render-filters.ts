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

/** The address's query for these filters: only those set, always in the same order. */
export function searchOfFilters(filters: ListFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of NAMES) if (filters[name]) search.set(name, filters[name]);
  return search;
}

/** GET /renders's query: days as instants (a date-only value reads as UTC midnight), `to` through the end of its day. */
export function listQueryOf(filters: ListFilters): ListFilters {
  return {
    ...filters,
    from: filters.from ? new Date(filters.from).toISOString() : '',
    to: filters.to ? new Date(new Date(filters.to).getTime() + 86_400_000).toISOString() : '',
  };
}

/** The days chosen the wrong way round: said beside To, and the list is not asked for (the API would refuse it). */
export function dayRangeProblem(filters: Pick<ListFilters, 'from' | 'to'>): string | undefined {
  return filters.from && filters.to && filters.to < filters.from ? 'Must be the same day as From or later.' : undefined;
}
