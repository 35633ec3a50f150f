import type { VariableDefinition } from '@pressroom/contracts';
import { ProblemError } from '@pressroom/problem';
import { imageUrlProblem, isValidColor, resolveVariables } from './index.js';

const def = (d: Partial<VariableDefinition> & { name: string }): VariableDefinition => ({ type: 'text', allowRawHtml: false, ...d });

function errorsOf(definitions: VariableDefinition[], supplied: Record<string, unknown>): Array<{ field: string; message: string }> {
  try {
    resolveVariables(definitions, supplied);
  } catch (error) {
    expect(error).toBeInstanceOf(ProblemError);
    expect((error as ProblemError).slug).toBe('validation-error');
    return (error as ProblemError).errors ?? [];
  }
  throw new Error('expected a validation error');
}

describe('resolveVariables', () => {
  it('keeps supplied variables, applies defaults, coerces numbers and booleans', () => {
    const definitions = [
      def({ name: 'title', defaultValue: 'Hello' }),
      def({ name: 'n', type: 'number' }),
      def({ name: 'b', type: 'boolean' }),
      def({ name: 'c', type: 'boolean', defaultValue: 'true' }),
    ];
    expect(resolveVariables(definitions, { n: ' 3.5 ', b: 'FALSE', extra: [1] })).toEqual({
      title: 'Hello',
      n: 3.5,
      b: false,
      c: true,
      extra: [1],
    });
    expect(resolveVariables(definitions, { title: '', n: 0, b: 1 })).toEqual({ title: 'Hello', n: 0, b: true, c: true });
  });

  it('reports every failing variable at variables.<name>', () => {
    const definitions = [
      def({ name: 'req', validation: { required: true } }),
      def({ name: 'short', validation: { minLength: 3 } }),
      def({ name: 'long', validation: { maxLength: 2 } }),
      def({ name: 'n', type: 'number' }),
      def({ name: 'b', type: 'boolean' }),
      def({ name: 'c', type: 'color' }),
      def({ name: 'img', type: 'image' }),
      def({ name: 'ok', type: 'color', defaultValue: 'red' }),
    ];
    expect(errorsOf(definitions, { short: 'ab', long: 'abc', n: '3x', b: 'maybe', c: '#12', img: 'javascript:alert(1)' })).toEqual([
      { field: 'variables.req', message: 'Required.' },
      { field: 'variables.short', message: 'Must be at least 3 characters long; got 2.' },
      { field: 'variables.long', message: 'Must be at most 2 characters long; got 3.' },
      { field: 'variables.n', message: 'Must be a number; got "3x".' },
      { field: 'variables.b', message: 'Must be true or false; got "maybe".' },
      { field: 'variables.c', message: expect.stringMatching(/^Must be a CSS colour/) },
      { field: 'variables.img', message: expect.stringMatching(/scheme "javascript:" is not allowed/) },
    ]);
  });

  it('says every failing variable in one detail sentence, without a full stop before each “;”', () => {
    const definitions = [def({ name: 'title', validation: { required: true, maxLength: 5 } }), def({ name: 'n', type: 'number' })];
    let detail: string | undefined;
    try {
      resolveVariables(definitions, { title: 'toolongtitle', n: 'abc' });
    } catch (error) {
      detail = (error as ProblemError).detail;
    }
    expect(detail).toBe(
      'Invalid template variables: variables.title: Must be at most 5 characters long; got 12; variables.n: Must be a number; got "abc".',
    );
    expect(detail).not.toContain('.;');
  });

  it('a required variable may be satisfied by its default; an invalid default is reported', () => {
    expect(resolveVariables([def({ name: 'a', defaultValue: 'x', validation: { required: true } })], {})).toEqual({ a: 'x' });
    expect(errorsOf([def({ name: 'n', type: 'number', defaultValue: 'abc' })], {})).toEqual([
      { field: 'variables.n', message: 'The default value is invalid: Must be a number; got "abc".' },
    ]);
  });

  it('counts characters, not UTF-16 units, and items of arrays', () => {
    expect(resolveVariables([def({ name: 'e', validation: { maxLength: 2 } })], { e: '😀😀' })).toEqual({ e: '😀😀' });
    expect(errorsOf([def({ name: 'list', validation: { maxLength: 1 } })], { list: [1, 2] })[0]!.message).toBe(
      'Must have at most 1 item; got 2.',
    );
  });

  it('never turns a variable called __proto__ into a prototype', () => {
    const supplied = JSON.parse('{"__proto__": {"polluted": 1}}') as Record<string, unknown>;
    const resolved = resolveVariables([def({ name: '__proto__', defaultValue: 'x' })], supplied);
    expect(Object.getPrototypeOf(resolved)).toBe(Object.prototype);
    expect((resolved as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe('colours and image URLs', () => {
  it.each([
    '#abc',
    '#ABCD',
    '#a1b2c3',
    '#a1b2c3d4',
    'rgb(0, 0, 255)',
    'rgba(0,0,0,0.5)',
    'rgb(0 128 255 / 50%)',
    'rgb(10%, 20%, 30%)',
    'hsl(120, 50%, 50%)',
    'hsla(120deg, 50%, 50%, 0.3)',
    'hsl(120 50% 50% / 0.3)',
    'rebeccapurple',
    'Red',
    'transparent',
  ])('accepts %s', (colour) => {
    expect(isValidColor(colour)).toBe(true);
  });

  it.each([
    '',
    '#12',
    '#12345',
    '#ggg',
    'rgb(300, 0, 0)',
    'rgb(0, 0)',
    'rgba(0,0,0,2)',
    'hsl(120, 50, 50)',
    'blurple',
    'red; background: url(x)',
    'rgb(0,0,0) red',
    'url(javascript:1)',
  ])('rejects %s', (colour) => {
    expect(isValidColor(colour)).toBe(false);
  });

  it('accepts http(s) and data:image URLs only', () => {
    expect(imageUrlProblem('https://example.com/a.png')).toBeNull();
    expect(imageUrlProblem('http://example.com/a.png?x=1')).toBeNull();
    expect(imageUrlProblem('data:image/png;base64,iVBORw0KGgo=')).toBeNull();
    expect(imageUrlProblem('data:image/svg+xml;charset=utf-8,<svg/>')).toBeNull();
    expect(imageUrlProblem('data:text/html,<script>')).toMatch(/must be an image/);
    expect(imageUrlProblem('file:///etc/passwd')).toMatch(/scheme "file:"/);
    expect(imageUrlProblem('/relative.png')).toMatch(/Not a URL/);
    expect(imageUrlProblem('https://user:pw@example.com/a.png')).toMatch(/credentials/);
  });
});
