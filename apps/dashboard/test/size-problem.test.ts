import { IMAGE_SIDE, sizeProblem } from '../src/kit/image-side.js';

describe('an image’s side (templates, layouts, the canvas editor), as the API says it', () => {
  test('in range and whole: fine', () => {
    expect([1, 1080, 4000].map((side) => sizeProblem(side))).toEqual([undefined, undefined, undefined]);
  });

  test('out of range: the bound with its unit, as boundedInt says it', () => {
    expect(sizeProblem(0)).toBe('Must be at least 1 px.');
    expect(sizeProblem(99999)).toBe('Must be at most 4000 px.');
    expect(sizeProblem(10.5)).toBe('Must be a whole number of pixels.');
    expect(sizeProblem(Number.NaN)).toBe('Must be a whole number of pixels.');
  });

  test('the size fields offer the same range', () => {
    expect([IMAGE_SIDE.min, IMAGE_SIDE.max]).toEqual([1, 4000]);
  });
});
