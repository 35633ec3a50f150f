import { carriedTriedValues } from '../src/pages/templates/canvas/variables/carried-values.js';

describe('the values a failed render sends the canvas editor', () => {
  it('become the editor’s tried values, each as the text its field shows', () => {
    expect(carriedTriedValues({ values: { brand: '#0000ff', count: 3, shown: false } })).toEqual({
      brand: '#0000ff',
      count: '3',
      shown: 'false',
    });
  });

  it('leave out what no field can hold, and carry nothing without values', () => {
    expect(carriedTriedValues({ values: { title: 'Hi', list: [1], nested: { a: 1 }, none: null } })).toEqual({ title: 'Hi' });
    expect(carriedTriedValues({ values: { list: [1] } })).toBeUndefined();
    expect(carriedTriedValues({ values: ['a'] })).toBeUndefined();
    expect(carriedTriedValues(null)).toBeUndefined();
    expect(carriedTriedValues({ source: 'url' })).toBeUndefined();
  });
});
