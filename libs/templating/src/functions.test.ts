import { readFileSync } from 'node:fs';
import { ExpressionError, FUNCTIONS, evaluateExpression } from './index.js';

const run = (source: string, vars: Record<string, unknown> = {}) => evaluateExpression(source, vars);
function failure(source: string, vars: Record<string, unknown> = {}): string {
  try {
    run(source, vars);
  } catch (error) {
    expect(error).toBeInstanceOf(ExpressionError);
    return (error as ExpressionError).detail;
  }
  throw new Error(`expected ${source} to fail`);
}

describe('built-in functions', () => {
  it('has at least the 45 required names, each with a category, signature, description and example', () => {
    const required = [
      'uppercase',
      'lowercase',
      'capitalize',
      'titleCase',
      'trim',
      'truncate',
      'replace',
      'split',
      'padStart',
      'padEnd',
      'round',
      'floor',
      'ceil',
      'abs',
      'min',
      'max',
      'sum',
      'average',
      'currency',
      'number',
      'percent',
      'date',
      'time',
      'length',
      'first',
      'last',
      'join',
      'slice',
      'contains',
      'indexOf',
      'isEmpty',
      'isNotEmpty',
      'isDefined',
      'isArray',
      'isString',
      'isNumber',
      'default',
      'coalesce',
      'json',
      'parseJson',
    ];
    const names = FUNCTIONS.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(required));
    expect(names.length).toBeGreaterThanOrEqual(45);
    expect(new Set(names).size).toBe(names.length);
    for (const f of FUNCTIONS) {
      expect(f.signature.startsWith(`${f.name}(`)).toBe(true);
      expect(['string', 'number', 'format', 'array', 'type', 'utility']).toContain(f.category);
      expect(f.description.length).toBeGreaterThan(10);
    }
  });

  it.each(FUNCTIONS.map((f) => [f.name, f.example, f.result] as const))('%s: %s gives its documented result', (_name, example, result) => {
    expect(run(example)).toEqual(result);
  });

  it('every function is documented in docs/templates.md', () => {
    const doc = readFileSync(new URL('../../../docs/templates.md', import.meta.url), 'utf8');
    for (const f of FUNCTIONS) expect(doc).toContain(`\`${f.signature}\``);
  });

  it('string functions', () => {
    expect(run("truncate('Hello world', 5, '…')")).toBe('Hello…');
    expect(run("truncate('Hi', 5)")).toBe('Hi');
    expect(run("replace('aaa', 'a', 'bb')")).toBe('bbbbbb');
    expect(run("replace('abc', '', 'x')")).toBe('abc');
    expect(run("split('a b', '')")).toEqual(['a', ' ', 'b']);
    expect(run("padEnd('ab', 5)")).toBe('ab   ');
    expect(run('uppercase(42)')).toBe('42');
    expect(run('lowercase(nothing)', { nothing: null })).toBe('');
    expect(run("capitalize('élan')")).toBe('Élan');
    expect(run("titleCase('o’neil-smith jr')")).toBe('O’neil-Smith Jr');
    expect(failure("padStart('a', 3, '')")).toMatch(/must not be empty/);
  });

  it('number functions', () => {
    expect(run('round(1.005, 2)')).toBe(1.01);
    expect(run('round(-2.5)')).toBe(-3);
    expect(run('round(2.5)')).toBe(3);
    expect(run("round('3.456', 1)")).toBe(3.5);
    expect(run('min(items)', { items: [4, 2, 8] })).toBe(2);
    expect(run('max(4, 2, 8)')).toBe(8);
    expect(run('sum([])')).toBe(0);
    expect(run('average([])')).toBe(0);
    expect(run("sum(['1', 2])")).toBe(3);
    expect(failure("sum(['x'])")).toMatch(/item 0 is not a number/);
    expect(failure('min([])')).toMatch(/at least one number/);
    expect(failure('round(1, 20)')).toMatch(/from 0 to 15/);
    expect(failure('clamp(1, 5, 0)')).toMatch(/greater than max/);
  });

  it('format functions', () => {
    expect(run("currency(1234.5, 'EUR', 'de-DE')")).toBe('1.234,50\u00a0€');
    expect(run("currency(5, 'jpy', 'ja-JP')")).toBe('￥5');
    expect(run("number(1234567.891, 'de-DE')")).toBe('1.234.567,891');
    expect(run('percent(0.5)')).toBe('50%');
    expect(run('percent(0.12345, 2)')).toBe('12.35%');
    expect(failure("currency(1, 'DOLLARS')")).toMatch(/not a currency code/);
    expect(failure("currency(1, 'USD', 'not a locale!!')")).toMatch(/not valid/);
    expect(failure("currency('abc')")).toMatch(/must be a number/);
  });

  it('date and time patterns', () => {
    const at = '2024-03-05T09:07:03.045Z';
    expect(run(`date('${at}', 'YYYY YY MMMM MMM MM M DD D dddd ddd dd d')`)).toBe('2024 24 March Mar 03 3 05 5 Tuesday Tue Tu 2');
    expect(run(`date('${at}', 'HH H hh h mm m ss s SSS A a')`)).toBe('09 9 09 9 07 7 03 3 045 AM am');
    expect(run(`date('2024-03-05T21:00:00Z', 'h A [at] [YYYY]')`)).toBe('9 PM at YYYY');
    expect(run("date('2024-03-05T23:30:00-02:00')")).toBe('2024-03-06'); // shown in UTC
    expect(run("date('2024-03-05 10:00')")).toBe('2024-03-05');
    expect(run('date(0)')).toBe('1970-01-01');
    expect(run("time('2024-03-05T00:15:00Z', 'h:mm a')")).toBe('12:15 am');
    expect(run("time('2024-03-05T12:00:00Z', 'h A')")).toBe('12 PM');
    expect(run("time('14:30')")).toBe('14:30');
    expect(failure("date('March 5th')")).toMatch(/is not a date/);
    expect(failure("date('2024-13-45')")).toMatch(/is not a date/);
    expect(failure('date(true)')).toMatch(/boolean is not a date/);
  });

  it('array functions', () => {
    const vars = { items: [{ n: 1 }, { n: 2 }], tags: ['a', 'b', 'c'] };
    expect(run('length(tags)', vars)).toBe(3);
    expect(run("length('héllo')")).toBe(5);
    expect(run('length(items[0])', vars)).toBe(1);
    expect(run('length(null)')).toBe(0);
    expect(run('first(items).n', vars)).toBe(1);
    expect(run('last(tags)', vars)).toBe('c');
    expect(run('first([])')).toBeNull();
    expect(run('join(tags)', vars)).toBe('a, b, c');
    expect(run('slice(tags, -2)', vars)).toEqual(['b', 'c']);
    expect(run("slice('abcdef', 1, 3)")).toBe('bc');
    expect(run("contains('hello', 'ell')")).toBe(true);
    expect(run("contains([1, 2], '2')")).toBe(true);
    expect(run("indexOf(tags, 'z')", vars)).toBe(-1);
    expect(run('pluck(items, "n")', vars)).toEqual([1, 2]);
    expect(run('sort([10, 9, 100])')).toEqual([9, 10, 100]);
    expect(run("reverse('abc')")).toBe('cba');
    expect(run('range(0, 10, 3)')).toEqual([0, 3, 6, 9]);
    expect(failure('length(5)')).toMatch(/needs an array, a text or an object/);
    expect(failure("pluck(items, '__proto__')", vars)).toMatch(/not accessible/);
    expect(failure('join(5)')).toMatch(/must be an array/);
  });

  it('type and utility functions accept undefined variables where that is their point', () => {
    expect(run('isDefined(missing)')).toBe(false);
    expect(run('isDefined(user.name)', { user: {} })).toBe(false);
    expect(run('isEmpty(missing)')).toBe(true);
    expect(run('isEmpty(obj)', { obj: {} })).toBe(true);
    expect(run('isNotEmpty(name)', { name: 'x' })).toBe(true);
    expect(run("default(missing, 'Guest')")).toBe('Guest');
    expect(run("default(name, 'Guest')", { name: 'Ada' })).toBe('Ada');
    expect(run('default(user.nickname, user.name)', { user: { name: 'Ada' } })).toBe('Ada');
    expect(run('coalesce(a, b, 3)', { b: null })).toBe(3);
    expect(run('isNumber(1) && isString("x") && isArray([]) && !isArray("x")')).toBe(true);
    expect(run('json(parseJson(\'{"b":[1,{"c":null}]}\'))')).toBe('{"b":[1,{"c":null}]}');
    expect(run('json(x, 2)', { x: { a: 1 } })).toBe('{\n  "a": 1\n}');
    expect(failure("parseJson('{bad')")).toMatch(/not valid JSON/);
    // Only a plain variable path is lenient; an undefined variable inside arithmetic still fails.
    expect(failure('default(missing + 1, 0)')).toMatch(/Undefined variable "missing"/);
    expect(failure('default(missing.__proto__, 0)')).toMatch(/not accessible/);
  });

  it('a value too deeply nested to print is an expression error, not a crash', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(failure('json(parseJson(deep))', { deep })).toMatch(/nests deeper than 200 levels|string limit|evaluation steps/);
  });
});
