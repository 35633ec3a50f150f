import { NOT_A_NUMBER, numberFromInput } from '../src/pages/video/studio/typed-number.js';

describe('what a studio number field holds', () => {
  test.each([
    ['12', 12],
    [' 0.5 ', 0.5],
    ['-3', -3],
    ['1e2', 100],
  ])('"%s" is the number %d', (value, number) => {
    expect(numberFromInput(value, false)).toEqual({ value: number });
  });

  test('empty is not set: the setting is removed and its default applies', () => {
    expect(numberFromInput('', false)).toEqual({ value: undefined });
    expect(numberFromInput('  ', false)).toEqual({ value: undefined });
  });

  test('text the browser finds is not a number ("1e", "-") is refused, not read as empty', () => {
    // A number input gives the page an empty value for such text, with validity.badInput set.
    expect(numberFromInput('', true)).toEqual({ refusal: NOT_A_NUMBER });
    expect(numberFromInput('abc', false)).toEqual({ refusal: NOT_A_NUMBER });
    expect(numberFromInput('1e999', false)).toEqual({ refusal: NOT_A_NUMBER });
  });
});
