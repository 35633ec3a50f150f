import { readVariables, valueLengthProblem } from './variable-values.js';

const definitions = [
  { name: 'title', type: 'text', validation: { required: true, maxLength: 5 } },
  { name: 'price', type: 'number' },
  { name: 'sale', type: 'boolean', defaultValue: 'no' },
  { name: 'bg', type: 'color', defaultValue: ' red ' },
  { name: 'logo', type: 'image' },
];

describe('readVariables', () => {
  it('reads values as a render does: numbers and booleans from text, defaults for what is not given, colours trimmed', () => {
    expect(readVariables(definitions, { title: 'Hi', price: '19.5', extra: 1 })).toEqual({
      values: { title: 'Hi', price: 19.5, sale: false, bg: 'red', extra: 1 },
      errors: [],
    });
  });

  it('names each defined variable whose value a render refuses, in definition order', () => {
    expect(readVariables(definitions, { title: '', price: '12px', logo: 'javascript:alert(1)' }).errors).toEqual([
      { name: 'title', message: 'Required.' },
      { name: 'price', message: 'Must be a number; got "12px".' },
      { name: 'logo', message: 'The URL scheme "javascript:" is not allowed; use http(s) or a data:image/ URL.' },
    ]);
    expect(readVariables(definitions, { title: 'Too long' }).errors).toEqual([
      { name: 'title', message: 'Must be at most 5 characters long; got 8.' },
    ]);
  });

  it('says a length outside minLength/maxLength in the words of the API’s own checks, one item as one', () => {
    expect(valueLengthProblem({ minLength: 3 }, 'ab')).toBe('Must be at least 3 characters long; got 2.');
    expect(valueLengthProblem({ minLength: 1 }, '')).toBe('Must be at least 1 character long; got 0.');
    expect(valueLengthProblem({ maxLength: 1 }, ['a', 'b'])).toBe('Must have at most 1 item; got 2.');
    expect(valueLengthProblem({ minLength: 2 }, ['a'])).toBe('Must have at least 2 items; got 1.');
    expect(valueLengthProblem({ minLength: 1, maxLength: 3 }, ['a'])).toBeNull();
  });

  it('says when the failing value is the definition’s default', () => {
    expect(readVariables([{ name: 'n', type: 'number', defaultValue: 'many' }], {}).errors).toEqual([
      { name: 'n', message: 'The default value is invalid: Must be a number; got "many".' },
    ]);
  });

  it('keeps a variable called __proto__ a plain key', () => {
    const { values } = readVariables([{ name: '__proto__', type: 'text' }], JSON.parse('{"__proto__":"x"}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.keys(values)).toEqual(['__proto__']);
  });
});
