import { INPUT_MAX_DEPTH, inputViolations, unstorableText } from './input-rules.js';

/** `{"a": {"a": ... 1}}` nested `levels` deep, built without recursion. */
function nested(levels: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe('unstorableText', () => {
  it('accepts ordinary text, emoji (paired surrogates) and other control characters', () => {
    for (const text of ['', 'hello', 'é ✓ 😀', '\u0001\t\n', '\ud83d\ude00']) expect(unstorableText(text)).toBeNull();
  });

  it('names NUL and lone surrogates with their position', () => {
    expect(unstorableText('ab\u0000c')).toMatch(/NUL .* position 2/);
    expect(unstorableText('x\ud800')).toMatch(/lone UTF-16 surrogate \(\\ud800\) at position 1/);
    expect(unstorableText('\udc00y')).toMatch(/\\udc00\) at position 0/);
    expect(unstorableText('\ude00\ud83d')).not.toBeNull();
  });
});

describe('inputViolations', () => {
  it('passes a storable value exactly at the depth limit', () => {
    expect(inputViolations(nested(INPUT_MAX_DEPTH))).toEqual([]);
    expect(inputViolations({ a: [1, 'two', null, true, { b: ['😀'] }] })).toEqual([]);
  });

  it('refuses one level more, naming the path where the limit was crossed', () => {
    const [violation, ...rest] = inputViolations({ variables: nested(INPUT_MAX_DEPTH) });
    expect(rest).toEqual([]);
    expect(violation!.message).toBe(`JSON nests deeper than ${INPUT_MAX_DEPTH} levels of objects and arrays.`);
    expect(violation!.field).toBe(['variables', ...Array<string>(INPUT_MAX_DEPTH - 1).fill('a')].join('.'));
  });

  it('walks 100,000 levels without using the call stack', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inputViolations({ v: deep })).toHaveLength(1);
  });

  it('names the field of a bad string and of a bad key, and the root', () => {
    expect(inputViolations({ name: 'a\u0000', tags: ['ok', '\ud800'] }).map((v) => v.field)).toEqual(['name', 'tags.1']);
    expect(inputViolations({ filters: { 'k\u0000': 1 } })).toEqual([
      { field: 'filters.k\\u0000', message: expect.stringMatching(/^The key contains a NUL/) as unknown },
    ]);
    expect(inputViolations('\u0000')[0]!.field).toBe('(body)');
    expect(inputViolations('\u0000', { prefix: 'title' })[0]!.field).toBe('title');
  });

  it('stops after `limit` violations', () => {
    expect(inputViolations(Array<string>(100).fill('\u0000'), { limit: 3 })).toHaveLength(3);
  });
});
