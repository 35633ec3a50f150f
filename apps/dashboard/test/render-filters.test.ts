import { dayRangeProblem, filtersFromSearch, listQueryOf, SEARCH_MAX_CHARS, searchOfFilters } from '../src/pages/renders/render-filters.js';

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

  it('takes a blank search as none, and keeps one longer than the box allows for the API to refuse beside the box', () => {
    expect(filtersFromSearch(new URLSearchParams('q=%20%20')).q).toBe('');
    expect(filtersFromSearch(new URLSearchParams('q=%20ada%20')).q).toBe('ada');
    expect(filtersFromSearch(new URLSearchParams(`q=${'x'.repeat(SEARCH_MAX_CHARS + 1)}`)).q).toHaveLength(SEARCH_MAX_CHARS + 1);
  });

  it('asks the API for whole days: from the first one to the end of the last', () => {
    const query = listQueryOf({ kind: '', status: '', templateUid: '', from: '2026-03-01', to: '2026-03-02', q: '' });
    expect([query.from, query.to]).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-03T00:00:00.000Z']);
  });

  it('refuses days the wrong way round (one day, From and To the same, is a range)', () => {
    expect(dayRangeProblem({ from: '2026-12-10', to: '2026-12-01' })).toBe('Must be the same day as From or later.');
    expect(dayRangeProblem({ from: '2026-12-10', to: '2026-12-10' })).toBeUndefined();
    expect(dayRangeProblem({ from: '', to: '2026-12-01' })).toBeUndefined();
  });
});
