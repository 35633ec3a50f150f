import { evaluateExpression } from './evaluate-expression.js';
import { isExpressionError } from './expression-error.js';
import { LIMITS } from './limits.js';

/** Expressions whose tree is exactly `levels` deep, one per construct that nests. */
const NESTINGS: Array<[string, (levels: number) => string]> = [
  ['array literals', (n) => '['.repeat(n) + ']'.repeat(n)],
  ['unary operators', (n) => '-'.repeat(n - 1) + '1'],
  ['binary operators', (n) => '1+'.repeat(n - 1) + '1'],
  ['calls', (n) => 'uppercase('.repeat(n - 1) + "'x'" + ')'.repeat(n - 1)],
  ['member chains', (n) => 'o' + '.x'.repeat(n - 1)],
];

function outcome(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (isExpressionError(error)) return error.message;
    throw error;
  }
}

describe(`the ${LIMITS.depth}-level nesting limit`, () => {
  const loop: Record<string, unknown> = {};
  loop.x = loop;

  it.each(NESTINGS)('holds exactly for %s: the limit evaluates, one level more is an expression error', (_name, make) => {
    expect(outcome(() => evaluateExpression(make(LIMITS.depth), { o: loop }))).toBe('ok');
    expect(outcome(() => evaluateExpression(make(LIMITS.depth + 1), { o: loop }))).toMatch(`nests deeper than ${LIMITS.depth} levels`);
  });

  it('bounds what parseJson builds and what json serialises, whatever the depth', () => {
    const json = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    expect(outcome(() => evaluateExpression(`parseJson(text)`, { text: json(LIMITS.depth) }))).toBe('ok');
    for (const levels of [LIMITS.depth + 1, 5_000, 100_000])
      expect(outcome(() => evaluateExpression(`parseJson(text)`, { text: json(levels) }))).toMatch(/parseJson: the JSON nests deeper/);
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    expect(outcome(() => evaluateExpression('json(v)', { v: deep }))).toMatch(/json: the value nests deeper/);
    expect(outcome(() => evaluateExpression('json(v)', { v: [[1]] }))).toBe('ok');
  });
});
