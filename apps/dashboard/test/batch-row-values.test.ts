import { keyValues } from '../src/pages/batches/row-values.js';

describe('a batch result row’s key values', () => {
  test('the first two in the template’s variable order, whatever order the API’s object has', () => {
    expect(keyValues({ background: '#ff0000', title: 'First', extra: 'x' }, ['title', 'background'])).toEqual([
      ['title', 'First'],
      ['background', '#ff0000'],
    ]);
  });

  test('values the template does not name follow; empty ones identify nothing and are skipped', () => {
    expect(keyValues({ title: '', city: 'Paris', n: 3 }, ['title'])).toEqual([
      ['city', 'Paris'],
      ['n', '3'],
    ]);
    expect(keyValues({}, ['title'])).toEqual([]);
  });

  test('long values are cut with an ellipsis', () => {
    const [[, text]] = keyValues({ title: 'x'.repeat(100) }, ['title']) as [[string, string]];
    expect(text).toHaveLength(40);
    expect(text.endsWith('…')).toBe(true);
  });
});
