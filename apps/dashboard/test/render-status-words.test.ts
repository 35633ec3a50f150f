import { renderStatusTone, renderStatusWord } from '../src/pages/renders/render-status-words.js';
import { RENDER_STATUSES } from '../src/pages/renders/render-filters.js';

test("every status GET /renders answers reads as a capitalised word, not the API's", () => {
  expect(RENDER_STATUSES.map(renderStatusWord)).toEqual(['Done', 'Failed', 'Queued', 'Rendering']);
});

test('each status has its badge colour: done good, failed bad, rendering under way, queued waiting', () => {
  expect(RENDER_STATUSES.map((s) => [s, renderStatusTone(s)])).toEqual([
    ['done', 'good'],
    ['failed', 'bad'],
    ['queued', 'idle'],
    ['rendering', 'busy'],
  ]);
});

test('a status this dashboard does not know yet still reads as a word, and claims neither success nor failure', () => {
  expect(renderStatusWord('cancelled')).toBe('Cancelled');
  expect(renderStatusTone('cancelled')).toBe('idle');
  expect(renderStatusWord('')).toBe('');
});
