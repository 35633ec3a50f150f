import { NOT_A_COUNT, writtenCount } from '../src/kit/written-count.js';

describe('a count as people write it (the Render cap, a plan’s limits)', () => {
  it('reads plain digits, and thousands grouped by commas, spaces or thin spaces', () => {
    expect(writtenCount('1500')).toBe(1500);
    expect(writtenCount(' 1,500 ')).toBe(1500);
    expect(writtenCount('1,000,000')).toBe(1_000_000);
    expect(writtenCount('1 000 000')).toBe(1_000_000);
    expect(writtenCount('1\u00a0000')).toBe(1000);
    expect(writtenCount('1\u2009000')).toBe(1000);
    expect(writtenCount('1\u202f000\u202f000')).toBe(1_000_000);
    expect(writtenCount('0')).toBe(0);
  });

  it('reads a minus in front, so a range check can say what is wrong with it', () => {
    expect(writtenCount('-3')).toBe(-3);
    expect(writtenCount('-1,000')).toBe(-1000);
  });

  it('reads no count in groups that are not thousands, mixed separators, or what only Number() would read', () => {
    for (const text of [
      '',
      '  ',
      '1,50,0',
      '1,00',
      '15,00',
      ',100',
      '1,000,',
      '1,000 000',
      '1e3',
      '0x10',
      '1.5',
      '1,000.5',
      '1_000',
      'lots',
      '10k',
      '+5',
      '- 3',
    ])
      expect([text, writtenCount(text)]).toEqual([text, null]);
  });

  it('has one sentence for a field that holds no count', () => {
    expect(NOT_A_COUNT).toBe('Type a whole number, like 5000 or 5,000.');
  });
});
