import { plural, pluralNoun } from '../src/kit/plural.js';

test('plural says one thing in the singular and every other count in the plural', () => {
  expect(plural(1, 'attempt')).toBe('1 attempt');
  expect(plural(0, 'attempt')).toBe('0 attempts');
  expect(plural(2, 'attempt')).toBe('2 attempts');
  expect(plural(1, 'match', 'matches')).toBe('1 match');
  expect(plural(3, 'match', 'matches')).toBe('3 matches');
});

test('pluralNoun gives the noun alone by the same rule, for a list that follows it', () => {
  expect(pluralNoun(1, 'Line')).toBe('Line');
  expect(pluralNoun(2, 'Line')).toBe('Lines');
  expect(pluralNoun(0, 'Line')).toBe('Lines');
  expect(pluralNoun(2, 'match', 'matches')).toBe('matches');
});
