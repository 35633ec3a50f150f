import { layoutName } from '../src/pages/batches/layout-choices.js';
import { batchRowText } from '../src/pages/renders/batch-row.js';

describe('the batch row a render was made for, as its page says it', () => {
  test('rows count from 1, as the batch results do', () => {
    expect(batchRowText({ id: 'bat_1', index: 0 })).toBe('Row 1 of batch bat_1');
  });

  test('the layout when the batch rendered several', () => {
    expect(batchRowText({ id: 'bat_1', index: 4, layout: 'square' })).toBe('Row 5 (square) of batch bat_1');
  });

  test('the size named as the batch page names it, once the template is known', () => {
    const template = { layouts: { square: { name: 'Square post', width: 100, height: 100 } } };
    expect(batchRowText({ id: 'bat_1', index: 0, layout: 'square' }, (key) => layoutName(template, key))).toBe(
      'Row 1 (Square post) of batch bat_1',
    );
    expect(batchRowText({ id: 'bat_1', index: 0, layout: 'default' }, (key) => layoutName(template, key))).toBe(
      'Row 1 (Main size) of batch bat_1',
    );
  });
});
