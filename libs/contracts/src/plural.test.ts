import { plural, pluralNoun } from './plural.js';

describe('counts with their noun', () => {
  test('singular for exactly one, plural for zero and many', () => {
    expect(plural(1, 'minute')).toBe('1 minute');
    expect(plural(0, 'row')).toBe('0 rows');
    expect(plural(15, 'minute')).toBe('15 minutes');
    expect(plural(1n, 'byte')).toBe('1 byte');
  });

  test('nouns that do not just add an s, and a number format of the caller', () => {
    expect(plural(2, 'batch', 'batches')).toBe('2 batches');
    expect(plural(1200, 'render', undefined, (n) => Number(n).toLocaleString('en-US'))).toBe('1,200 renders');
    expect(pluralNoun(1, 'Line')).toBe('Line');
    expect(pluralNoun(2, 'Line')).toBe('Lines');
  });
});
