import { numberProblem } from '../src/pages/templates/canvas/number-range.js';

// The properties panel's number fields (property-fields.tsx): a value outside the field's range is refused with
// a reason shown beside the field, never applied nor clamped without a word.
describe('numberProblem', () => {
  it('accepts a number inside the range, its ends included', () => {
    expect([numberProblem(1, { min: 1, max: 8000 }), numberProblem(8000, { min: 1, max: 8000 }), numberProblem(0.5, { min: 0.1 })]).toEqual(
      [null, null, null],
    );
    expect(numberProblem(-12345, {})).toBeNull(); // X and Y have no range
  });

  it('says which end a number is past, and the range to use', () => {
    expect(numberProblem(-5, { min: 1, max: 8000 })).toBe('-5 is below the minimum, 1: enter a number from 1 to 8000.');
    expect(numberProblem(150, { min: 0, max: 100 })).toBe('150 is above the maximum, 100: enter a number from 0 to 100.');
    expect(numberProblem(0, { min: 1 })).toBe('0 is below the minimum, 1: enter a number of at least 1.');
    expect(numberProblem(11, { max: 10 })).toBe('11 is above the maximum, 10: enter a number of at most 10.');
  });

  it('asks for a number when the field is empty or half-typed', () => {
    expect(numberProblem(Number.NaN, { min: 0, max: 100 })).toBe('Enter a number from 0 to 100.');
    expect(numberProblem(Number.NaN, {})).toBe('Enter a number.');
  });
});
