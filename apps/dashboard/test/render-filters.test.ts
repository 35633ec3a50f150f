import {
  dayRangeProblem,
  filtersFromSearch,
  leftOutOfSearch,
  listQueryOf,
  localDayOf,
  SEARCH_MAX_CHARS,
  searchOfFilters,
} from '../src/pages/renders/render-filters.js';

describe('the Renders list filters in the address', () => {
  it('reads every filter, and writes back only those set, in one order', () => {
    const filters = filtersFromSearch(
      new URLSearchParams('q=Ada%20Lovelace&to=2026-03-02&kind=gif&templateUid=tpl_1&status=done&from=2026-03-01'),
    );
    expect(filters).toEqual({ kind: 'gif', status: 'done', templateUid: 'tpl_1', from: '2026-03-01', to: '2026-03-02', q: 'Ada Lovelace' });
    expect(searchOfFilters(filters).toString()).toBe('kind=gif&status=done&templateUid=tpl_1&from=2026-03-01&to=2026-03-02&q=Ada+Lovelace');
    expect(searchOfFilters({ ...filters, status: '', templateUid: '', from: '', to: '', q: '' }).toString()).toBe('kind=gif');
  });

  it('counts what the list cannot show as not set (an edited bookmark never breaks the page)', () => {
    const filters = filtersFromSearch(new URLSearchParams('kind=movie&status=lost&from=2026-02-30&to=yesterday&page=2'));
    expect(filters).toEqual({ kind: '', status: '', templateUid: '', from: '', to: '', q: '' });
  });

  it('names what it left out of the address, in the order of the filters, and nothing for what it kept or was blank', () => {
    expect(leftOutOfSearch(new URLSearchParams('to=yesterday&kind=movie&status=done&from=2026-02-30&page=2'))).toEqual([
      'kind “movie”',
      'from “2026-02-30”',
      'to “yesterday”',
    ]);
    expect(leftOutOfSearch(new URLSearchParams('kind=gif&status=&from=2026-03-01&q=x'))).toEqual([]);
  });

  it('takes a blank search as none, and keeps one longer than the box allows for the API to refuse beside the box', () => {
    expect(filtersFromSearch(new URLSearchParams('q=%20%20')).q).toBe('');
    expect(filtersFromSearch(new URLSearchParams('q=%20ada%20')).q).toBe('ada');
    expect(filtersFromSearch(new URLSearchParams(`q=${'x'.repeat(SEARCH_MAX_CHARS + 1)}`)).q).toHaveLength(SEARCH_MAX_CHARS + 1);
  });

  it('asks the API for whole days where the reader is: from the first one to the end of the last', () => {
    const query = listQueryOf({ kind: '', status: '', templateUid: '', from: '2026-03-01', to: '2026-03-02', q: '' });
    // The reader's midnights (the machine's zone), not UTC's: the list shows each render's time where the reader is.
    expect([query.from, query.to]).toEqual([new Date(2026, 2, 1).toISOString(), new Date(2026, 2, 3).toISOString()]);
    expect(localDayOf(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });

  it('refuses days the wrong way round (one day, From and To the same, is a range)', () => {
    expect(dayRangeProblem({ from: '2026-12-10', to: '2026-12-01' })).toBe('Must be the same day as From or later.');
    expect(dayRangeProblem({ from: '2026-12-10', to: '2026-12-10' })).toBeUndefined();
    expect(dayRangeProblem({ from: '', to: '2026-12-01' })).toBeUndefined();
  });
});
