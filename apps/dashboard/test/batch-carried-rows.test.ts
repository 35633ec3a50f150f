import { carriedBatch, rowsTextOf } from '../src/pages/batches/carried-rows.js';
import { parseRows } from '../src/pages/batches/csv.js';

describe('a multi-page PDF’s rows carried to the Batches page', () => {
  test('the header is every key, the template’s variables first in its order, then the others as they appear', () => {
    const text = rowsTextOf(
      [
        { extra: 'x', title: 'Ada' },
        { colour: '#ff0000', title: 'Grace', note: 'n' },
      ],
      ['title', 'colour', 'unused'],
    );
    expect(text.split('\n')[0]).toBe('title,colour,extra,note');
    expect(parseRows(text)).toEqual({
      columns: ['title', 'colour', 'extra', 'note'],
      rows: [
        { title: 'Ada', colour: '', extra: 'x', note: '' },
        { title: 'Grace', colour: '#ff0000', extra: '', note: 'n' },
      ],
      problems: [],
    });
  });

  test('commas, quotes and line breaks are quoted so the box reads each value back as it was', () => {
    const sets = [{ title: 'Smith, Jane', quote: 'She said "hi"', address: '1 Road\nTown', padded: ' x ' }];
    const text = rowsTextOf(sets, ['title']);
    expect(text).toContain('"Smith, Jane"');
    expect(text).toContain('"She said ""hi"""');
    expect(parseRows(text).rows).toEqual(sets);
  });

  test('numbers and yes/no as their text, lists and objects as JSON, null as an empty cell', () => {
    const text = rowsTextOf([{ count: 3, paid: true, tags: ['a', 'b'], none: null }], []);
    expect(parseRows(text).rows).toEqual([{ count: '3', paid: 'true', tags: '["a","b"]', none: '' }]);
  });

  test('the navigation state is read defensively: a template and One PDF, with the sets only when they are a list of objects', () => {
    expect(carriedBatch({ batch: { templateUid: 'tpl_1', output: 'pdf', variableSets: [{ a: '1' }] } })).toEqual({
      templateUid: 'tpl_1',
      output: 'pdf',
      variableSets: [{ a: '1' }],
    });
    expect(carriedBatch({ batch: { templateUid: 'tpl_1', output: 'pdf', variableSets: ['a'] } })).toEqual({
      templateUid: 'tpl_1',
      output: 'pdf',
    });
    expect(carriedBatch({ batch: { templateUid: 'tpl_1', output: 'pdf' } })).toEqual({ templateUid: 'tpl_1', output: 'pdf' });
    expect(carriedBatch(null)).toBeUndefined();
    expect(carriedBatch({ values: { a: 1 } })).toBeUndefined();
    expect(carriedBatch({ batch: { templateUid: '', output: 'pdf' } })).toBeUndefined();
    expect(carriedBatch({ batch: { templateUid: 'tpl_1', output: 'zip' } })).toBeUndefined();
  });
});
