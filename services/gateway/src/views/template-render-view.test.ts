import { templateRenderResults } from './template-render-view.js';

const entry = {
  layout: 'square',
  name: 'Square',
  id: 'img_1',
  url: 'http://x/files/img_1.png',
  status: 'done' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
  width: 1000,
  height: 1000,
  format: 'png' as const,
};

describe('templateRenderResults', () => {
  it('lists rendered layouts in results and unknown ones in errors, with totals', () => {
    const summary = templateRenderResults(
      'tpl_1',
      [entry, { ...entry, layout: 'story', id: 'img_2', url: null, status: 'queued' }],
      [{ layout: 'nope', error: 'no layout "nope"', code: 'layout_not_found' }],
    );
    expect(summary).toMatchObject({ totalLayouts: 3, totalRendered: 1, totalErrors: 1, templateUid: 'tpl_1' });
    expect(summary.results.map((r) => [r.layout, r.url, r.status])).toEqual([
      ['square', 'http://x/files/img_1.png', 'done'],
      ['story', null, 'queued'],
    ]);
    expect(summary.results[0]).toEqual({ ...entry });
    expect(summary.errors).toEqual([{ layout: 'nope', error: 'no layout "nope"', code: 'layout_not_found' }]);
  });
});
