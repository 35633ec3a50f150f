import { ExpressionError, StepBudget, evaluateExpression } from './index.js';

const scope = {
  order: {
    id: 7,
    items: [
      { name: 'Pen', price: 2.5, qty: 4 },
      { name: 'Ink', price: 10, qty: 1 },
    ],
    note: null,
  },
  price: 19.99,
  qty: '3',
  name: 'Ada',
  Name: 'Upper',
  flag: true,
  empty: [],
  'with-dash': 1,
};

function run(source: string, vars: Record<string, unknown> = scope): unknown {
  return evaluateExpression(source, vars);
}

function errorOf(source: string, vars: Record<string, unknown> = scope): ExpressionError {
  try {
    run(source, vars);
  } catch (error) {
    expect(error).toBeInstanceOf(ExpressionError);
    return error as ExpressionError;
  }
  throw new Error(`expected ${source} to fail`);
}

describe('expression grammar', () => {
  it('reads variables through dot and index paths, case-sensitively', () => {
    expect(run('order.items[0].name')).toBe('Pen');
    expect(run("order['items'][1]['price']")).toBe(10);
    expect(run('order.items[order.id - 6].name')).toBe('Ink');
    expect(run('order.items.length')).toBe(2);
    expect(run('name')).toBe('Ada');
    expect(run('Name')).toBe('Upper');
    expect(run('name.length')).toBe(3);
    expect(run('name[0]')).toBe('A');
  });

  it('evaluates arithmetic with precedence, unary operators and parentheses', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('10 - 4 - 3')).toBe(3);
    expect(run('2 * 3 % 4')).toBe(2);
    expect(run('7 / 2')).toBe(3.5);
    expect(run('-2 * -3')).toBe(6);
    expect(run('+qty * 2')).toBe(6);
    expect(run('price * qty')).toBeCloseTo(59.97);
    expect(run("'a' + 1 + 2")).toBe('a12');
    expect(run("1 + 2 + 'a'")).toBe('3a');
    expect(run('1 / 0')).toBe(Infinity);
  });

  it('compares and combines with && || ! and the ternary', () => {
    expect(run('1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3')).toBe(true);
    expect(run("'b' > 'a'")).toBe(true);
    expect(run("qty == 3 && qty != 4 && qty !== 3 && qty === '3'")).toBe(true);
    expect(run('null == order.note && !(null === 0)')).toBe(true);
    expect(run("flag ? 'yes' : 'no'")).toBe('yes');
    expect(run("!flag ? 'yes' : price > 10 ? 'big' : 'small'")).toBe('big');
    expect(run("order.note || 'none'")).toBe('none');
    expect(run("flag && 'shown'")).toBe('shown');
    expect(run('empty || 0')).toBe(0); // the empty array is falsy
    expect(run('!empty')).toBe(true);
  });

  it('parses string, number, boolean, null and array literals', () => {
    expect(run(`"double \\"quoted\\""`)).toBe('double "quoted"');
    expect(run(`'single \\'quoted\\''`)).toBe("single 'quoted'");
    expect(run(`'tab\\tnew\\nline \\u00e9 \\\\'`)).toBe('tab\tnew\nline é \\');
    expect(run('3.25e2')).toBe(325);
    expect(run('.5')).toBe(0.5);
    expect(run('true')).toBe(true);
    expect(run('false')).toBe(false);
    expect(run('null')).toBeNull();
    expect(run("[1, 'two', [3]]")).toEqual([1, 'two', [3]]);
    expect(run('{{ 1 + 1 }}')).toBe(2); // braces around the whole expression are accepted
  });

  it('short-circuits: the untaken branch is never evaluated', () => {
    expect(run('false && missing')).toBe(false);
    expect(run('true || missing')).toBe(true);
    expect(run('flag ? 1 : missing')).toBe(1);
  });
});

describe('expression errors', () => {
  it('an undefined variable names itself and its column', () => {
    const error = errorOf('price * 2 + missing');
    expect(error.detail).toBe('Undefined variable "missing".');
    expect(error.position).toBe(13);
    expect(error.expression).toBe('price * 2 + missing');
    expect(errorOf('order.missing').detail).toMatch(/"order" has no "missing"/);
    expect(errorOf('order.missing').position).toBe(7);
    expect(errorOf('order.items[5].name').detail).toMatch(/no "5"/);
    expect(errorOf('order.note.x').detail).toMatch(/Cannot read "x" of "order.note", which is null/);
  });

  it('syntax errors point at the offending token', () => {
    expect(errorOf('1 +').position).toBe(4);
    expect(errorOf('(1 + 2').detail).toMatch(/Expected "\)"/);
    expect(errorOf("'abc").detail).toMatch(/Unterminated string/);
    expect(errorOf("'abc").position).toBe(1);
    expect(errorOf('a = 1').detail).toMatch(/Assignment is not allowed/);
    expect(errorOf('a & b').detail).toMatch(/&&/);
    expect(errorOf('1 2').detail).toMatch(/after a complete expression/);
    expect(errorOf('price #').position).toBe(7);
    expect(errorOf('').detail).toMatch(/empty/);
    expect(errorOf('12abc').detail).toMatch(/right after the number/);
    expect(errorOf('name.length()').detail).toMatch(/Only built-in functions/);
  });

  it('unknown functions and wrong arity are clear', () => {
    expect(errorOf('upper(name)').detail).toMatch(/Unknown function "upper". Did you mean uppercase\(\)\?/);
    expect(errorOf('truncate(name)').detail).toMatch(/truncate takes 2 to 3 arguments/);
    expect(errorOf('uppercase(order)').detail).toMatch(/must be text; got object/);
  });

  it('type errors in operators are errors, not NaN', () => {
    expect(errorOf('name * 2').detail).toMatch(/\* needs numbers; got string/);
    expect(errorOf('flag + 1').detail).toMatch(/\+ adds numbers or joins texts; got boolean and number/);
    expect(errorOf('order < 1').detail).toMatch(/< compares numbers or texts/);
    expect(errorOf('order[flag]').detail).toMatch(/An index must be a number or a text/);
  });
});

describe('safety', () => {
  const hostile = { data: JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as Record<string, unknown> };

  it('never reaches prototypes, constructors or functions', () => {
    for (const source of [
      '__proto__',
      'constructor',
      'prototype',
      'data.__proto__',
      "data['__proto__']",
      'data.constructor',
      "data['constr' + 'uctor']",
      'constructor.constructor',
      'data.ok.constructor',
      'name.constructor',
      'order.items.constructor',
    ]) {
      const error = errorOf(source, { ...scope, ...hostile });
      expect(error.detail).toMatch(/not accessible/);
    }
    for (const source of [
      'data.toString',
      'data.hasOwnProperty',
      'name.toUpperCase',
      'order.items.map',
      'data.polluted',
      'toString',
      'valueOf',
    ]) {
      expect(errorOf(source, { ...scope, ...hostile }).detail).toMatch(/Undefined variable/);
    }
    for (const source of ['toString()', 'constructor("return 1")', 'eval("1")', 'Function("x")', 'require("fs")']) {
      expect(errorOf(source).detail).toMatch(/Unknown function|not accessible/);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('limits nesting without overflowing the stack, even 10,000 deep', () => {
    for (const source of [
      '('.repeat(4000) + '1' + ')'.repeat(4000),
      '!'.repeat(9000) + 'flag',
      '-'.repeat(9000) + '1',
      'order' + '.x'.repeat(3000),
      '1+'.repeat(4000) + '1',
      '['.repeat(4000) + ']'.repeat(4000),
      'uppercase('.repeat(900) + "'x'" + ')'.repeat(900),
      'flag ? '.repeat(500) + '1' + ' : 2'.repeat(500),
    ]) {
      expect(errorOf(source).detail).toMatch(/nests deeper than 200 levels/);
    }
    expect(errorOf('('.repeat(10000) + '1' + ')'.repeat(10000)).detail).toMatch(/limit is 10000/);
    expect(run('('.repeat(150) + '1' + ')'.repeat(150))).toBe(1);
  });

  it('limits steps per render and string sizes', () => {
    const budget = new StepBudget(50);
    expect(() => evaluateExpression('1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1', {}, { steps: budget })).toThrow(
      /more than 50 evaluation steps/,
    );
    expect(errorOf("repeat('ab', 600000)").detail).toMatch(/strings are limited/);
    const big = 'x'.repeat(700_000);
    expect(errorOf('big + big', { big }).detail).toMatch(/strings are limited/);
    expect(errorOf("split(repeat('a', 1000000), '')").detail).toMatch(/evaluation steps/);
    expect(errorOf('range(0, 1e9)').detail).toMatch(/the limit is 10000/);
    expect(errorOf("padStart('', 1e12, 'x')").detail).toMatch(/whole number from 0/);
  });
});
