import { plural } from './plural.js';

describe('plural', () => {
  it('says exactly one in the singular and every other count in the plural', () => {
    expect(plural(1, 'minute')).toBe('1 minute');
    expect(plural(0, 'row')).toBe('0 rows');
    expect(plural(15, 'minute')).toBe('15 minutes');
    expect(plural(2, 'match', 'matches')).toBe('2 matches');
  });
});
