import { filterSummary } from '../src/pages/webhooks/filter-summary.js';

const templates = [{ value: 'tpl_card', label: 'Hook card' }];
const bindings = [{ value: 'bnd_feed', label: 'News feed' }];

test('a subscription card names its filtered template and binding as the pickers do', () => {
  expect(filterSummary({ type: 'image', templateId: 'tpl_card', bindingId: 'bnd_feed' }, { templates, bindings })).toBe(
    'type = image, template = Hook card, binding = News feed',
  );
});

test('an id the lists do not hold (deleted, or the lists not loaded) is shown as it is', () => {
  expect(filterSummary({ templateId: 'tpl_gone', bindingId: 'bnd_gone' }, { templates, bindings })).toBe(
    'template = tpl_gone, binding = bnd_gone',
  );
  expect(filterSummary({ templateId: 'tpl_card' }, {})).toBe('template = tpl_card');
});

test('no filters, or only cleared ones, read "none"', () => {
  expect(filterSummary(null, { templates, bindings })).toBe('none');
  expect(filterSummary({ type: null, templateId: null }, { templates, bindings })).toBe('none');
});
